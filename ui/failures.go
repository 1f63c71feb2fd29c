package ui

import (
	"fmt"

	"brokerlab/core/scenario"
	"brokerlab/ui/editor"
)

// A run's failures (an expect that did not hold, a run until that did not
// get there, an action the running system refused) show where the student
// looks: all of them under the narration, each in the step that was
// playing when it happened once playback has got there (Result.Steps and
// Failure.Seq place it), and, in the editor, as a mark on its line while
// the editor holds the text that ran.

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
		out = append(out, a.ErrText(err))
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
func (a lessonPage) StepFailures(k int) []string {
	if a.Res == nil {
		return nil
	}
	var out []string
	for _, f := range a.Res.Failures {
		if f.Seq <= a.Play.Pos && a.stepAt(f.Seq) == k {
			out = append(out, a.failureText(f))
		}
	}
	return out
}

// RunMarks are the lines of the running scenario its run failed at, each
// once, with why (in the page's language): the editor marks them.
func (a editorPage) RunMarks() []editor.Mark {
	if a.Res == nil || a.Sc == nil {
		return nil
	}
	var out []editor.Mark
	seen := map[int]bool{}
	for _, f := range a.Res.Failures {
		if f.Line > 0 && !seen[f.Line] {
			seen[f.Line] = true
			out = append(out, editor.Mark{Line: f.Line, Col: f.Col, Msg: a.failMsg(f)})
		}
	}
	return out
}
