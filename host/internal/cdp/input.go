package cdp

import "encoding/json"

// Input domain commands.
const (
	InputDispatchMouseEvent Method = "Input.dispatchMouseEvent"
	InputDispatchKeyEvent   Method = "Input.dispatchKeyEvent"
	InputInsertText         Method = "Input.insertText"
	InputSetInterceptDrags  Method = "Input.setInterceptDrags"
	InputDispatchDragEvent  Method = "Input.dispatchDragEvent"
)

// Input domain events.
const (
	InputDragIntercepted = "Input.dragIntercepted"
)

// MouseEventParams are Input.dispatchMouseEvent's. Buttons nil is
// Chrome's default; a mouseWheel event must have both deltas (Chrome
// refuses it otherwise), the others none.
type MouseEventParams struct {
	Type       string   `json:"type"`
	X          float64  `json:"x"`
	Y          float64  `json:"y"`
	Modifiers  int      `json:"modifiers,omitempty"`
	Button     string   `json:"button,omitempty"`
	Buttons    *int     `json:"buttons,omitempty"`
	ClickCount int      `json:"clickCount,omitempty"`
	DeltaX     *float64 `json:"deltaX,omitempty"`
	DeltaY     *float64 `json:"deltaY,omitempty"`
}

// KeyEventParams are Input.dispatchKeyEvent's.
type KeyEventParams struct {
	Type                  string `json:"type"`
	Key                   string `json:"key,omitempty"`
	Code                  string `json:"code,omitempty"`
	WindowsVirtualKeyCode int    `json:"windowsVirtualKeyCode,omitempty"`
	Modifiers             int    `json:"modifiers,omitempty"`
	Text                  string `json:"text,omitempty"`
	UnmodifiedText        string `json:"unmodifiedText,omitempty"`
}

// InsertTextParams are Input.insertText's.
type InsertTextParams struct {
	Text string `json:"text"`
}

// SetInterceptDragsParams are Input.setInterceptDrags's.
type SetInterceptDragsParams struct {
	Enabled bool `json:"enabled"`
}

// DragEventParams are Input.dispatchDragEvent's; Data is what
// Input.dragIntercepted handed over.
type DragEventParams struct {
	Type string          `json:"type"`
	X    float64         `json:"x"`
	Y    float64         `json:"y"`
	Data json.RawMessage `json:"data"`
}

// DragIntercepted is Input.dragIntercepted's payload.
type DragIntercepted struct {
	Data json.RawMessage `json:"data"`
}
