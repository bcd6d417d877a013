package tools

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/audit"
)

// The audit log (docs/contract.md §8). Server.handler, which every call passes, hands
// each call to record once its result is final, with its arguments as
// withheldArgs (redact.go) left them: the same the operator's view shows.

// keepArtifact names an artifact of the call in its audit record.
func (c *Call) keepArtifact(id string) { c.artifacts = append(c.artifacts, id) }

// record appends the call to the audit log, with its outcome, its ids and,
// when the profile says audit_images, the images its result carries.
func (s *Server) record(c *Call, args map[string]any, env Envelope, out Outcome, start time.Time) {
	log := s.opts.Audit
	if log == nil {
		return
	}
	rec := audit.Record{
		OperationID: c.Base.OperationID, Session: c.Client.Key(), Client: c.Client.hello.Client,
		ClientVersion: c.Client.hello.ClientVersion, Profile: c.Profile.Name, Tool: c.Tool,
		Args: auditArgs(args), OK: env.OK, Outcome: "ok", Notices: c.Base.Notices,
		Start: start, Took: time.Since(start), TabID: c.Base.TabID,
	}
	if rec.Profile == "" {
		rec.Profile = c.Client.hello.Profile
	}
	if e := c.Base.Error; e != nil {
		rec.Code, rec.Message, rec.Outcome = string(e.Code), e.Message, string(e.Code)
	}
	var server struct {
		Origin      string `json:"origin"`
		SnapshotID  string `json:"snapshot_id"`
		Outcome     string `json:"outcome"`
		Observation *struct {
			SnapshotID string `json:"snapshot_id"`
		} `json:"observation"`
	}
	if data, err := json.Marshal(env.Server); err == nil {
		_ = json.Unmarshal(data, &server)
	}
	if server.Outcome != "" {
		rec.Outcome = server.Outcome
	}
	rec.Origin = server.Origin
	if rec.Origin == "" && c.Tab != nil {
		rec.Origin = c.Tab.Info().Origin
	}
	for _, id := range []string{server.SnapshotID, observationID(server.Observation)} {
		if id != "" && !slices.Contains(rec.Snapshots, id) {
			rec.Snapshots = append(rec.Snapshots, id)
		}
	}
	rec.Artifacts = c.artifacts
	if c.Profile.AuditImages {
		for _, img := range out.Images {
			id, err := log.Artifacts().Put(img.Data)
			if err != nil {
				s.log.Warn("audit image not kept", "op", rec.OperationID, "err", err)
				continue
			}
			rec.Artifacts = append(rec.Artifacts, id)
		}
	}
	scrubRecord(&rec, c.secrets)
	if err := log.Append(rec); err != nil {
		s.log.Error("audit record not written", "op", rec.OperationID, "err", err)
	}
}

func observationID(o *struct {
	SnapshotID string `json:"snapshot_id"`
}) string {
	if o == nil {
		return ""
	}
	return o.SnapshotID
}

// auditArgs are the withheld arguments as the audit log keeps them: JSON
// numbers as int64 or float64.
func auditArgs(args map[string]any) map[string]any {
	if args == nil {
		return nil
	}
	return numbers(args).(map[string]any)
}

// numbers turns the JSON numbers of v into int64 or float64.
func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = numbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = numbers(e)
		}
	}
	return v
}

// scrubRecord withholds the secrets of the call (a login's username and
// password) wherever they would appear in its record.
func scrubRecord(rec *audit.Record, secrets []string) {
	if len(secrets) == 0 {
		return
	}
	rec.Message = scrub(rec.Message, secrets)
	rec.Origin = scrub(rec.Origin, secrets)
	for i := range rec.Notices {
		rec.Notices[i] = scrub(rec.Notices[i], secrets)
	}
	rec.Args = scrubAny(rec.Args, secrets).(map[string]any)
}

func scrubAny(v any, secrets []string) any {
	switch x := v.(type) {
	case string:
		return scrub(x, secrets)
	case map[string]any:
		for k, e := range x {
			x[k] = scrubAny(e, secrets)
		}
	case []any:
		for i, e := range x {
			x[i] = scrubAny(e, secrets)
		}
	}
	return v
}

// scrub replaces every secret in s by audit.Withheld.
func scrub(s string, secrets []string) string {
	for _, secret := range secrets {
		if secret != "" {
			s = strings.ReplaceAll(s, secret, audit.Withheld)
		}
	}
	return s
}
