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
