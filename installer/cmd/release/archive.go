package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/diwall/diwall/extension"
)

// archiveFile is one file of an archive.
type archiveFile struct {
	Name string // slash-separated, inside the archive
	Data []byte
	Mode int64
}

// fixedTime is every archived file's time, so that the same sources give
// the same archives, byte for byte.
var fixedTime = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

func writeTarGz(file string, files []archiveFile) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for _, af := range files {
		hdr := &tar.Header{Name: af.Name, Mode: af.Mode, Size: int64(len(af.Data)), ModTime: fixedTime, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			f.Close()
			return err
		}
		if _, err := tw.Write(af.Data); err != nil {
			f.Close()
			return err
		}
	}
	if err := tw.Close(); err != nil {
		f.Close()
		return err
	}
	if err := gz.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func writeZip(file string, files []archiveFile) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	for _, af := range files {
		hdr := &zip.FileHeader{Name: af.Name, Method: zip.Deflate, Modified: fixedTime}
		hdr.SetMode(fs.FileMode(af.Mode))
		w, err := zw.CreateHeader(hdr)
		if err != nil {
			f.Close()
			return err
		}
		if _, err := w.Write(af.Data); err != nil {
			f.Close()
			return err
		}
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeExtensionZip packs the embedded extension, the very files the
// binary unpacks, with manifest.json at the zip's root: what "Load
// unpacked" takes once unzipped, with the pinned key that fixes its ID.
func writeExtensionZip(file string) error {
	files, err := extensionFiles()
	if err != nil {
		return err
	}
	return writeZip(file, files)
}

// extensionFiles are the embedded extension's files, by path.
func extensionFiles() ([]archiveFile, error) {
	var files []archiveFile
	err := fs.WalkDir(extension.Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := extension.Files.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, archiveFile{Name: p, Data: data, Mode: 0o644})
		return nil
	})
	return files, err
}

const checksumFile = "SHA256SUMS"

// writeChecksums writes SHA256SUMS in the format `sha256sum -c` reads.
func writeChecksums(dir string, names []string) error {
	var b strings.Builder
	for _, name := range names {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		h := sha256.New()
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(h.Sum(nil)), name)
	}
	return os.WriteFile(filepath.Join(dir, checksumFile), []byte(b.String()), 0o644)
}
