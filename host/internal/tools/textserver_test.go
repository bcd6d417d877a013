package tools

import "testing"

func TestTextServerLeavesOutWhatTellsNothing(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"defaults", `{"tool":"observe","operation_id":"o1","notices":[],"snapshot_id":"s1","loader_id":"L","viewport":{"width":1280,"height":713,"scroll_x":0,"scroll_y":0},"counters":{"marks":3,"tree_truncated":false,"frames_masked":0},"dialog_open":false,"image":{"width":1280,"scale":1}}`,
			`{"tool":"observe","operation_id":"o1","notices":[],"snapshot_id":"s1","viewport":{"width":1280,"height":713},"counters":{"marks":3},"image":{"width":1280,"scale":1}}`},
		{"image as the viewport", `{"viewport":{"width":780.0,"height":493},"image":{"width":780,"height":493,"scale":1.0},"observation":{"viewport":{"width":1568,"height":800},"image":{"width":1568,"height":800,"scale":1}}}`,
			`{"viewport":{"width":780.0,"height":493},"observation":{"viewport":{"width":1568,"height":800}}}`},
		{"image scaled", `{"viewport":{"width":2000,"height":1000},"image":{"width":1568,"height":784,"scale":0.784}}`,
			`{"viewport":{"width":2000,"height":1000},"image":{"width":1568,"height":784,"scale":0.784}}`},
		{"error kept whole", `{"tool":"act","notices":[],"error":{"code":"stale","message":"m","retryable":false},"steps":[{"step":1,"ok":false,"code":"stale"}]}`,
			`{"tool":"act","notices":[],"error":{"code":"stale","message":"m","retryable":false},"steps":[{"step":1,"ok":false,"code":"stale"}]}`},
		{"steps joined", `{"steps":[{"step":1,"ok":true},{"step":2,"ok":true},{"step":3,"ok":true,"navigated":true},{"step":4,"ok":false,"skipped":true},{"step":5,"ok":false,"skipped":true},{"step":7,"ok":false,"skipped":true}]}`,
			`{"steps":[{"step":"1-2","ok":true},{"step":3,"ok":true,"navigated":true},{"step":"4-5","ok":false,"skipped":true},{"step":7,"ok":false,"skipped":true}]}`},
		{"observation repeats", `{"tool":"act","snapshot_id":"s2","origin":"http://a","observation":{"snapshot_id":"s2","origin":"http://a","loader_id":"L","capture":"ok","since":"s1"}}`,
			`{"tool":"act","snapshot_id":"s2","origin":"http://a","observation":{"capture":"ok","since":"s1"}}`},
		{"page words escaped as before", `{"tool":"tabs","notices":["tab \"<b>\" closed"]}`, `{"tool":"tabs","notices":["tab \"\u003cb\u003e\" closed"]}`},
		{"not JSON", `{"tool":`, `{"tool":`},
	} {
		if got := string(textServer([]byte(c.in))); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func BenchmarkTextServer(b *testing.B) {
	in := []byte(`{"tool":"act","operation_id":"b25981dbe221ac8edeb7b876ed418b01","notices":[],"tab_id":"e188e2baac753af0","snapshot_id":"471e1a888ee8c24d1edffedfb1f508f2","origin":"http://127.0.0.1:39119","steps":[{"step":1,"ok":true},{"step":2,"ok":true},{"step":3,"ok":true},{"step":4,"ok":true},{"step":5,"ok":true},{"step":6,"ok":true},{"step":7,"ok":true},{"step":8,"ok":true},{"step":9,"ok":true},{"step":10,"ok":true},{"step":11,"ok":true},{"step":12,"ok":true},{"step":13,"ok":true},{"step":14,"ok":true},{"step":15,"ok":true},{"step":16,"ok":true},{"step":17,"ok":true},{"step":18,"ok":true},{"step":19,"ok":true},{"step":20,"ok":true},{"step":21,"ok":true,"navigated":true}],"completed":21,"navigated":true,"dialog_opened":false,"url_changed":true,"title_changed":true,"observation":{"snapshot_id":"471e1a888ee8c24d1edffedfb1f508f2","origin":"http://127.0.0.1:39119","loader_id":"619E9AE0412F9FBE285C528CCE14A8B1","viewport":{"width":1280,"height":713,"scroll_x":0,"scroll_y":0,"content_height":713},"capture":"ok","counters":{"omitted_not_visible":0,"redacted_fields":0,"frames_masked":0,"marks":0,"marks_truncated":false,"tree_lines":22,"tree_truncated":false,"omitted_inert":0},"dialog_open":false,"image":{"width":1280,"height":713,"scale":1}}}`)
	for b.Loop() {
		textServer(in)
	}
}
