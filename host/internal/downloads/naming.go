package downloads

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxNameBytes bounds a saved name: well under every file system's limit.
const maxNameBytes = 120

// SafeName is the name Diwall saves a download under, made from the page's
// suggestion: no folder, no path separator, no control or reserved
// character, not hidden (no leading dot), not a device name, at most
// maxNameBytes bytes with its extension kept; "download" when nothing is
// left.
func SafeName(suggested string) string {
	if i := strings.LastIndexAny(suggested, `/\`); i >= 0 {
		suggested = suggested[i+1:]
	}
	var b strings.Builder
	for _, r := range suggested {
		switch {
		case r == utf8.RuneError, unicode.IsControl(r), unicode.Is(unicode.Cf, r), strings.ContainsRune(`<>:"|?*`, r):
			b.WriteRune('_')
		case unicode.IsSpace(r):
			b.WriteRune(' ')
		default:
			b.WriteRune(r)
		}
	}
	name := strings.TrimLeft(strings.TrimSpace(b.String()), ". ")
	name = strings.TrimRight(name, ". ")
	if name == "" || reservedOnWindows(name) {
		name = "download" + filepath.Ext(name)
	}
	return cut(name, maxNameBytes)
}

// reservedOnWindows reports a device name Windows will not create a file of.
func reservedOnWindows(name string) bool {
	stem := strings.ToUpper(strings.TrimSuffix(name, filepath.Ext(name)))
	switch stem {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	return len(stem) == 4 && (strings.HasPrefix(stem, "COM") || strings.HasPrefix(stem, "LPT")) && stem[3] >= '0' && stem[3] <= '9'
}

// cut shortens name to at most n bytes, on a character boundary, keeping a
// short extension.
func cut(name string, n int) string {
	if len(name) <= n {
		return name
	}
	ext := filepath.Ext(name)
	if len(ext) > 16 {
		ext = ""
	}
	stem := name[:len(name)-len(ext)]
	keep := n - len(ext)
	for keep > 0 && !utf8.RuneStart(stem[keep]) {
		keep--
	}
	return strings.TrimRight(stem[:keep], ". ") + ext
}

// create makes a new file for name in dir, never over an existing one: the
// first free of "name.ext", "name (1).ext", "name (2).ext", … It returns the
// file and the name it got.
func create(dir, name string) (*os.File, string, error) {
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for i := 0; i < 1000; i++ {
		try := name
		if i > 0 {
			try = fmt.Sprintf("%s (%d)%s", stem, i, ext)
		}
		f, err := os.OpenFile(filepath.Join(dir, try), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return f, try, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, "", err
		}
	}
	return nil, "", fmt.Errorf("no free name for %q in the download folder", name)
}
