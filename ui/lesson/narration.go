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
