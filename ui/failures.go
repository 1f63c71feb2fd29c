package ui

import (
	"fmt"

	"brokerlab/core/scenario"
)

// A run's failures (an expect that did not hold, a run until that did not
// get there, an action the running system refused) show where the student
// looks: all of them under the narration, each in the step that was
// playing when it happened once playback has got there (Result.Steps and
// Failure.Seq place it), and, in the editor, as a mark on its line while
// the editor holds the text that ran.

// EditedFile names an edited scenario (the editor's, a src= link's) in
// its messages, so that nothing it does is credited to the lesson's file.
const EditedFile = "edited.lab"

// failureText is a failure in the page's language: FILE:LINE:COL: what;
// a refused action injected from the stage is on no line of the file.
func (a *App) failureText(f scenario.Failure) string {
	if f.Line == 0 {
		return a.T("injected") + a.T("colon") + a.failMsg(f)
	}
	return fmt.Sprintf("%s:%d:%d: %s", a.Sc.File, f.Line, f.Col, a.failMsg(f))
}

// Failures are the run's failures and its error, as text in the page's
// language.
func (a *App) Failures() []string {
	if a.Res == nil {
		return nil
	}
	var out []string
	for _, f := range a.Res.Failures {
		out = append(out, a.failureText(f))
	}
	if err := a.runErr(); err != nil {
		out = append(out, a.errText(err))
	}
	return out
}

// stepAt is the narration step playing at trace event seq, -1 before the first.
func (a *App) stepAt(seq int) int {
	step := -1
	for _, m := range a.Marks() {
		if m.Seq > seq {
			break
		}
		step = m.Step
	}
	return step
}

// StepFailures are the failures that happened during step k, up to the
// current event.
func (a *App) StepFailures(k int) []string {
	if a.Res == nil {
		return nil
	}
	var out []string
	for _, f := range a.Res.Failures {
		if f.Seq <= a.Pos && a.stepAt(f.Seq) == k {
			out = append(out, a.failureText(f))
		}
	}
	return out
}

// EditMark is a line the editor marks, and why.
type EditMark struct {
	Line, Col int
	Msg       string // in the page's language
}

// EditMarks are the lines the editor marks: the parse error's; else, while
// the editor holds the text that ran, each line the run failed at.
func (a *App) EditMarks() []EditMark {
	if a.EditErr != nil {
		return []EditMark{{a.EditErr.Line, a.EditErr.Col, a.scenarioMsg(a.EditErr)}}
	}
	if a.Res == nil || a.Sc == nil || a.EditText != a.Source() {
		return nil
	}
	var out []EditMark
	seen := map[int]bool{}
	for _, f := range a.Res.Failures {
		if f.Line > 0 && !seen[f.Line] {
			seen[f.Line] = true
			out = append(out, EditMark{f.Line, f.Col, a.failMsg(f)})
		}
	}
	return out
}

// editMark is the first of EditMarks, if any.
func (a *App) editMark() (EditMark, bool) {
	if ms := a.EditMarks(); len(ms) > 0 {
		return ms[0], true
	}
	return EditMark{}, false
}
