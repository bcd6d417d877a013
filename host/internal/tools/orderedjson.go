package tools

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// ordered is a JSON object read with its fields in the order they came
// (encoding/json's maps sort them), for the text block's server part.
type ordered []field

type field struct {
	key   string
	value any // ordered, []any, string, json.Number, bool or nil
}

// lookup is the value of key, and whether o has it.
func (o ordered) lookup(key string) (any, bool) {
	for _, f := range o {
		if f.key == key {
			return f.value, true
		}
	}
	return nil, false
}

// get is the value of key, nil when o has none.
func (o ordered) get(key string) any {
	v, _ := o.lookup(key)
	return v
}

// set replaces the value of key; a key o does not have is not added.
func (o ordered) set(key string, v any) {
	for i := range o {
		if o[i].key == key {
			o[i].value = v
		}
	}
}

// readOrdered reads one JSON value, objects as ordered.
func readOrdered(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := readValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("trailing data after the JSON value")
	}
	return v, nil
}

func readValue(d *json.Decoder) (any, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t {
	case json.Delim('{'):
		o := ordered{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := readValue(d)
			if err != nil {
				return nil, err
			}
			o = append(o, field{k.(string), v})
		}
		_, err := d.Token()
		return o, err
	case json.Delim('['):
		list := []any{}
		for d.More() {
			v, err := readValue(d)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err := d.Token()
		return list, err
	}
	return t, nil
}

// writeOrdered writes v as JSON, objects in their fields' order.
func writeOrdered(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case ordered:
		b.WriteByte('{')
		for i, f := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeScalar(b, f.key); err != nil {
				return err
			}
			b.WriteByte(':')
			if err := writeOrdered(b, f.value); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeOrdered(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		return writeScalar(b, x)
	}
	return nil
}

func writeScalar(b *bytes.Buffer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b.Write(data)
	return nil
}
