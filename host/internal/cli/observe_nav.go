package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// navigation is how the navigate tool says a navigation ended
// (server.navigation of its envelope).
type navigation struct {
	Status     string `json:"status"`      // loaded, still_loading
	HTTPStatus int    `json:"http_status"` // the document's response status; 0 when none came
}

// navigationOf reads the navigation of a navigate envelope.
func navigationOf(env json.RawMessage) (navigation, error) {
	var v struct {
		Server struct {
			Navigation *navigation `json:"navigation"`
		} `json:"server"`
	}
	if err := json.Unmarshal(env, &v); err != nil {
		return navigation{}, fmt.Errorf("navigate: %w", err)
	}
	if v.Server.Navigation == nil {
		return navigation{}, nil
	}
	return *v.Server.Navigation, nil
}

// String is the navigation for a person: "HTTP 404 Not Found", and whether
// the page had not finished loading; "" when it says nothing.
func (n navigation) String() string {
	var s string
	if n.HTTPStatus != 0 {
		s = strings.TrimSpace(fmt.Sprintf("HTTP %d %s", n.HTTPStatus, http.StatusText(n.HTTPStatus)))
	}
	if n.Status == "still_loading" {
		if s != "" {
			s += ", "
		}
		s += "the page had not finished loading"
	}
	return s
}
