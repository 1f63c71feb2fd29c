package ui

// Prose shows a narration text (a step, a question, a choice) split by
// Segs: identifiers between backticks in code font, long words with break
// opportunities at their seams (Wrap).
type Prose struct {
	Segs []Seg
}
