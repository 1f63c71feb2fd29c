package classroom

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func TestFileSafe(t *testing.T) {
	for in, want := range map[string]string{
		"a b":          "a-b",
		"x/../y":       "x-..-y",
		"-put \"x\"- ": "put-x",
		"t0-1@3":       "t0-1-3",
		"中文ab":         "ab",
		"a..":          "a",
	} {
		if got := fileSafe(in); got != want {
			t.Errorf("fileSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// The trace's header is what encoding/json writes for it, and file names
// keep what the regular expression [^A-Za-z0-9.]+ → "-" kept.
func TestExportWritesAsBefore(t *testing.T) {
	for _, h := range []TraceHeader{
		{Brokerlab: "trace", Lesson: "01-controller-event-queue", Seed: -3, Build: "dev"},
		{Brokerlab: "trace", Lesson: "<&>\"\u2028", Seed: 1 << 62, Sets: []string{"a b", "é\x80"}, Inject: []string{"20:put X"}, Edited: true, Build: ""},
		{Sets: []string{}, Inject: []string{""}},
	} {
		want, err := json.Marshal(h)
		if got := h.AppendJSON(nil); err != nil || string(got) != string(want) {
			t.Errorf("%+v: %s, encoding/json writes %s (%v)", h, got, want, err)
		}
	}
	unsafeRun := regexp.MustCompile(`[^A-Za-z0-9.]+`)
	for _, s := range []string{"", "-", "a", "a b", "--a..b--", ".x.", "controller.putLock false", "控制器 x", "a\xffb", "put TopicDeletion (21)"} {
		if got, want := fileSafe(s), strings.Trim(unsafeRun.ReplaceAllString(s, "-"), "-."); got != want {
			t.Errorf("fileSafe(%q) = %q, want %q", s, got, want)
		}
	}
}
