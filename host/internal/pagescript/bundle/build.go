package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Entries are the modules of js/ bundled, each into bundled/<entry>.js:
// pagescript.go reads them there.
var Entries = []string{"serializer", "guard", "act", "login"}

// bundle is one entry bundled.
type bundle struct {
	Entry string
	// Text is the function expression the host sends: the module's
	// default export.
	Text string
	// Inputs are the files of js/ it was made from.
	Inputs []string
}

// defaultExport is how esbuild's minified ES module ends: the export of
// the entry's default.
var defaultExport = regexp.MustCompile(`export\s*\{\s*([\w$]+)\s+as\s+default\s*\}\s*;?\s*$`)

// build bundles each entry of dir's js/.
func build(dir string) ([]bundle, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var out []bundle
	for _, entry := range Entries {
		b, err := buildOne(abs, entry)
		if err != nil {
			return nil, fmt.Errorf("js/%s.js: %w", entry, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// buildOne bundles js/<entry>.js into a function expression: the body of
// the module, in strict mode as a module's is, in an arrow function that
// returns its default export. Defined once per document in the host's
// isolated world, the module's top level runs once there, and the host
// calls the function it returns.
func buildOne(dir, entry string) (bundle, error) {
	res := api.Build(api.BuildOptions{
		AbsWorkingDir:     dir,
		EntryPoints:       []string{filepath.Join("js", entry+".js")},
		Outfile:           entry + ".js",
		Bundle:            true,
		Write:             false,
		Metafile:          true,
		Format:            api.FormatESModule,
		Target:            api.ES2022,
		Platform:          api.PlatformBrowser,
		Charset:           api.CharsetUTF8,
		LegalComments:     api.LegalCommentsNone,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		LogLevel:          api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return bundle{}, fmt.Errorf("esbuild: %s", strings.Join(msgs, ""))
	}
	if len(res.OutputFiles) != 1 {
		return bundle{}, fmt.Errorf("esbuild wrote %d files, want 1", len(res.OutputFiles))
	}
	code := string(res.OutputFiles[0].Contents)
	m := defaultExport.FindStringSubmatchIndex(code)
	if m == nil {
		return bundle{}, fmt.Errorf("the module has no default export")
	}
	text := `(()=>{"use strict";` + code[:m[0]] + "return " + code[m[2]:m[3]] + "})()"
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return bundle{}, fmt.Errorf("esbuild's metafile: %w", err)
	}
	var inputs []string
	for in := range meta.Inputs {
		inputs = append(inputs, filepath.ToSlash(in))
	}
	slices.Sort(inputs)
	return bundle{Entry: entry, Text: text, Inputs: inputs}, nil
}
