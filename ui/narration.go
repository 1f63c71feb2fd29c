package ui

// Narration lists the lesson's steps; the current one is highlighted and a
// click jumps to a step.
type Narration struct {
	A *App
}

// StepClass marks the current, past and unreached steps (also by a marker in
// CSS, not by colour alone).
func (c *Narration) StepClass(s StepView) string {
	switch {
	case s.Cur:
		return "step cur"
	case s.Done:
		return "step done"
	case !s.Has:
		return "step unreached"
	case s.Ahead:
		return "step ahead"
	}
	return "step"
}

// Current is aria-current for the current step.
func (c *Narration) Current(s StepView) string {
	if s.Cur {
		return "step"
	}
	return "false"
}

// Wrap cuts s into pieces where a long identifier may break, as a reader
// expects it to (issue 11: "ControlledShutd own" at 13 characters a line):
// after ".", "_", "/" or "(" and at a camelCase boundary. The markup shows
// each piece as a span.w and the CSS puts a break opportunity between two
// (a zero-width space as generated content), so the text itself, copied,
// searched or read aloud, is unchanged; overflow-wrap: break-word then
// prefers those breaks to cutting a word anywhere.
func Wrap(s string) []string {
	r := []rune(s)
	var out []string
	start, run := 0, 0 // run: letters since the last space
	for i, c := range r {
		if i > 0 && run >= 6 && i+3 < len(r) {
			p := r[i-1]
			if (p == '.' || p == '_' || p == '/' || p == '(') && c != ' ' ||
				isLower(p) && isUpper(c) && isLower(r[i+1]) {
				out = append(out, string(r[start:i]))
				start = i
			}
		}
		if c == ' ' || c == '\n' {
			run = 0
		} else {
			run++
		}
	}
	return append(out, string(r[start:]))
}

func isLower(c rune) bool { return c >= 'a' && c <= 'z' }
func isUpper(c rune) bool { return c >= 'A' && c <= 'Z' }
