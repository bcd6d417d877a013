package tools

import (
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
)

// Each tool lists an output schema (MCP tools/list, outputSchema) that
// every result it returns validates against, success or failure: the
// envelope {ok, server, page_content}, its server part one of the Go types
// the tool answers with (each embeds *Base) or a failure's (the Base with
// its error, and a refusal's origin), its page part one of its page types
// or nothing ({}), either way with the downloads the result reports
// (reportDownloads); and ok is false exactly when server says its error.
// The schemas are derived from the Go types, as the
// SDK's AddTool[In, Out] derives them, and a test checks every tool's
// results against them.

// serverPart is a result's server part: a struct that embeds the call's
// *Base, so it always says tool, operation and notices.
type serverPart interface{ base() *Base }

func (b *Base) base() *Base { return b }

// pageContent is what the page wrote, saying where it came from: the
// documents it was read from, which the gate admits before it leaves
// (content about several tabs, perTab, says none and is instead filtered
// entry by entry).
type pageContent interface{ sourceURLs() []string }

// answers are the Go types of a tool's result: its server parts and its
// page parts (none: the page contributes nothing).
type answers struct {
	servers []serverPart
	pages   []pageContent
}

// answersOf names a tool's server part S and page part P.
func answersOf[S serverPart, P pageContent]() answers {
	var s S
	var p P
	return answers{servers: []serverPart{s}, pages: []pageContent{p}}
}

// serverOnly names the server part S of a tool the page contributes
// nothing to.
func serverOnly[S serverPart]() answers {
	var s S
	return answers{servers: []serverPart{s}}
}

// or adds the answers of another kind of call of the same tool.
func (a answers) or(b answers) answers {
	return answers{servers: append(a.servers, b.servers...), pages: append(a.pages, b.pages...)}
}

// failedServer is the server part of a failed call that got no further
// than its Base (and, refused for its page, its origin).
type failedServer struct {
	*Base
	Origin string `json:"origin,omitempty"`
}

// outputSchema is the schema of every result a tool with these answers
// returns.
func (a answers) outputSchema(tool string) *jsonschema.Schema {
	failed := schemaOf(tool, reflect.TypeFor[failedServer]())
	failed.Required = append(failed.Required, "error")
	servers := []*jsonschema.Schema{}
	for _, s := range a.servers {
		servers = append(servers, schemaOf(tool, reflect.TypeOf(s)))
	}
	servers = append(servers, failed)
	// A schema is a tree: each place gets its own copy.
	downloads := func() *jsonschema.Schema { return schemaOf(tool, reflect.TypeFor[[]pageDownload]()) }
	pages := []*jsonschema.Schema{}
	for _, p := range a.pages {
		s := schemaOf(tool, reflect.TypeOf(p))
		if s.Properties["downloads"] == nil {
			s.Properties["downloads"] = downloads()
		}
		pages = append(pages, s)
	}
	nothing := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"downloads": downloads()},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}}
	pages = append(pages, nothing)
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"ok":           {Type: "boolean"},
			"server":       oneOrAny(servers),
			"page_content": oneOrAny(pages),
		},
		Required:             []string{"ok", "server", "page_content"},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		// A failure, and only a failure, says its error.
		If: &jsonschema.Schema{Properties: map[string]*jsonschema.Schema{"ok": {Const: &no}}},
		Then: &jsonschema.Schema{Properties: map[string]*jsonschema.Schema{
			"server": {Required: []string{"error"}}}},
		Else: &jsonschema.Schema{Properties: map[string]*jsonschema.Schema{
			"server": {Not: &jsonschema.Schema{Required: []string{"error"}}}}},
	}
}

var no any = false

func oneOrAny(s []*jsonschema.Schema) *jsonschema.Schema {
	if len(s) == 1 {
		return s[0]
	}
	return &jsonschema.Schema{AnyOf: s}
}

// schemaOf is the schema of a result part's Go type (a pointer's element).
func schemaOf(tool string, t reflect.Type) *jsonschema.Schema {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{})
	if err != nil {
		panic(fmt.Sprintf("tool %s: output schema of %v: %v", tool, t, err))
	}
	return s
}
