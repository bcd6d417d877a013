package downloads

import (
	"mime"
	"net/url"
	"path"
	"strings"
)

// IsDownload reports whether Chrome would save a document's response as a
// download instead of showing it: it says so (Content-Disposition:
// attachment), or its type is one Chrome does not render. A redirect, an
// empty answer or an error status is never a download.
func IsDownload(status int, headers map[string]string) bool {
	if status < 200 || status >= 300 || status == 204 || status == 205 {
		return false
	}
	if disp, _, err := mime.ParseMediaType(headers["content-disposition"]); err == nil && disp == "attachment" {
		return true
	} else if err != nil && strings.HasPrefix(strings.ToLower(strings.TrimSpace(headers["content-disposition"])), "attachment") {
		return true
	}
	return !rendered(headers["content-type"])
}

// rendered reports whether Chrome shows a document of this type itself.
func rendered(contentType string) bool {
	if strings.TrimSpace(contentType) == "" {
		return true // Chrome sniffs it, and shows text
	}
	t, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return true
	}
	switch {
	case strings.HasPrefix(t, "text/"), strings.HasPrefix(t, "image/"), strings.HasPrefix(t, "video/"), strings.HasPrefix(t, "audio/"):
		return t != "text/csv" && t != "text/calendar" && t != "text/vcard" && t != "text/x-vcard"
	case strings.HasSuffix(t, "+xml"), strings.HasSuffix(t, "+json"):
		return true
	}
	switch t {
	case "application/xhtml+xml", "application/xml", "application/json", "application/javascript",
		"application/ecmascript", "application/pdf", "multipart/x-mixed-replace", "application/x-javascript":
		return true
	}
	return false
}

// SuggestedName is the file name the page suggests for a download: the
// Content-Disposition filename, else the last part of the URL's path.
// It is page content.
func SuggestedName(contentDisposition, rawURL string) string {
	if _, params, err := mime.ParseMediaType(contentDisposition); err == nil && params["filename"] != "" {
		return params["filename"]
	}
	if u, err := url.Parse(rawURL); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		if base := path.Base(u.Path); base != "/" && base != "." {
			return base
		}
	}
	return ""
}
