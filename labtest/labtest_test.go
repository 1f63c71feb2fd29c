package labtest

import "testing"

func TestFirstDiff(t *testing.T) {
	for _, c := range []struct{ want, got, diff string }{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nb\n", "a\nc\n", "line 2:\n  want: \"b\"\n  got:  \"c\""},
		{"a\n", "a\nb\n", "line 2:\n  want: (end of file)\n  got:  \"b\""},
		{"a\nb\n", "a\n", "line 2:\n  want: \"b\"\n  got:  (end of file)"},
		{"a\nb", "a\nb\n", "line 2:\n  want: \"b\" (no newline at the end)\n  got:  \"b\""},
	} {
		if d := FirstDiff([]byte(c.want), []byte(c.got)); d != c.diff {
			t.Errorf("FirstDiff(%q, %q) = %q, want %q", c.want, c.got, d, c.diff)
		}
	}
}

func TestMatches(t *testing.T) {
	for _, c := range []struct {
		kinds []string
		kind  string
		want  bool
	}{
		{[]string{"state"}, "state", true},
		{[]string{"queue.*"}, "queue.put", true},
		{[]string{"queue.*"}, "state", false},
		{[]string{"member.add"}, "member.remove", false},
	} {
		if got := matches(c.kinds, c.kind); got != c.want {
			t.Errorf("matches(%v, %q) = %v, want %v", c.kinds, c.kind, got, c.want)
		}
	}
	if documented("nope") || !documented("queue.*") || !documented("state") {
		t.Error("documented: wrong")
	}
}
