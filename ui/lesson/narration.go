package lesson

// Narration lists the lesson's steps; the current one is highlighted and a
// click jumps to a step.
type Narration struct {
	Q *Quiz
}

// StepView is one narration step as shown.
type StepView struct {
	N    int
	Segs []Seg
	Cur  bool
	Done bool // before the current one
	Has  bool // reached in this run (has a mark)
	// Ahead: not reached yet. Its text stays hidden, so that a step that
	// asks for a prediction is not answered by the next one on screen.
	Ahead bool
	Fails []string // the failures that happened during it, up to the current event
}

// Steps are the narration steps with the current one marked.
func (c *Narration) Steps() []StepView {
	p := c.Q.P
	sc, _ := p.Scenario()
	if sc == nil {
		return nil
	}
	cur := p.Step()
	has := map[int]bool{}
	for _, m := range p.Marks() {
		has[m.Step] = true
	}
	var out []StepView
	for i, st := range sc.Steps {
		v := StepView{N: i, Segs: Segs(InLang(p.Language(), st.EN, st.ZH)), Cur: i == cur, Done: i < cur, Has: has[i], Ahead: i > cur}
		if v.Ahead {
			v.Segs = Segs(p.T("later"))
		}
		if c.Q.Open(i) {
			v.Segs = nil // the step's text would answer its question
		}
		v.Fails = p.StepFailures(i)
		out = append(out, v)
	}
	return out
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
