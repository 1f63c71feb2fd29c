package lesson

import "strings"

// Prose shows a narration text (a step, a question, a choice) split by
// Segs: identifiers between backticks in code font, long words with break
// opportunities at their seams (Wrap).
type Prose struct {
	Segs []Seg
}

// Seg is a piece of narration: code (between backticks) or prose.
type Seg struct {
	S    string
	Code bool
}

// Segs splits narration on backticks so identifiers show in code font.
func Segs(s string) []Seg {
	var out []Seg
	for i, p := range strings.Split(s, "`") {
		if p != "" {
			out = append(out, Seg{p, i%2 == 1})
		}
	}
	return out
}
