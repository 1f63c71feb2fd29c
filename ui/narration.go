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

// Wrap lets a long identifier break only where a reader expects it (issue
// 11: "ControlledShutd own" at 13 characters a line): after ".", "_", "/" or
// "(" and at a camelCase boundary, with a zero-width space, which the CSS's
// overflow-wrap: break-word then prefers to breaking mid-word.
func Wrap(s string) string {
	const zwsp = '\u200b'
	r := []rune(s)
	var out []rune
	run := 0 // letters since the last space
	for i, c := range r {
		if i > 0 && run >= 6 && i+3 < len(r) {
			p := r[i-1]
			if (p == '.' || p == '_' || p == '/' || p == '(') && c != ' ' ||
				isLower(p) && isUpper(c) && isLower(r[i+1]) {
				out = append(out, zwsp)
			}
		}
		out = append(out, c)
		if c == ' ' || c == '\n' {
			run = 0
		} else {
			run++
		}
	}
	return string(out)
}

func isLower(c rune) bool { return c >= 'a' && c <= 'z' }
func isUpper(c rune) bool { return c >= 'A' && c <= 'Z' }

// Wrap is the package's Wrap, for the markup.
func (c *Narration) Wrap(s string) string { return Wrap(s) }
