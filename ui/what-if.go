package ui

import (
	"strconv"

	"github.com/vugu/vugu"

	"brokerlab/core/scenario"
	"brokerlab/ui/kit"
	"brokerlab/ui/whatif"
)

// The page's side of the what-if panel (whatif.Page): actions injected
// from the stage and the panel, the injected list, and the run's system's
// section of the panel.

// whatIfPage is the page as the what-if panel sees it (whatif.Page): the
// App, and what only the panel asks of it.
type whatIfPage struct{ *App }

var _ whatif.Page = whatIfPage{}

// Inject adds user actions right after the current event, in order, as
// one branch, reruns, and plays on from the same event. Everything up to
// the current event stays as it was.
func (a *App) Inject(actions ...string) {
	defer a.catch()
	if a.M == nil {
		return
	}
	for _, act := range actions {
		if err := a.Sc.CheckAction(act); err != nil {
			a.notice = func() string { return a.ErrText(err) }
			return
		}
	}
	if a.Page == "playground" {
		a.Play.Playing = a.PG.Act(actions...) && a.Play.Pos < a.Len()-1 // lines of its scenario
		return
	}
	for _, act := range actions {
		a.Link.Inject = append(a.Link.Inject, scenario.Injection{After: a.Play.Pos, Action: act})
	}
	a.branch()
}

// UserActions are the actions the user added from the stage: the link's
// injections, or the playground's lines.
func (a whatIfPage) UserActions() []string {
	var out []string
	for _, in := range a.Link.Inject {
		out = append(out, in.Action)
	}
	for _, x := range a.PG.Form.Actions {
		out = append(out, x.Action)
	}
	return out
}

func (a *App) branch() {
	pos := a.Play.Pos
	a.notice = nil
	a.rerun()
	a.Play.Jump(pos)
	a.Play.Playing = a.Play.Pos < a.Len()-1
}

// Say shows the word key as the notice.
func (a whatIfPage) Say(key string) { a.notice = func() string { return a.T(key) } }

// NoLock reports whether the putLock is removed.
func (a *App) NoLock() bool { return a.Setting("controller.putLock") == "false" }

// Injected describes the injected actions: after which event, when, what.
func (a whatIfPage) Injected() []string {
	var out []string
	for _, in := range a.Link.Inject {
		at := ""
		if a.M != nil && in.After < a.M.Len() {
			at = " (" + kit.Ms(a.M.Trace[in.After].T) + ")"
		}
		out = append(out, "#"+strconv.Itoa(in.After)+at+": "+in.Action)
	}
	return out
}

// Sets are the link's what-if settings, "KEY VALUE".
func (a whatIfPage) Sets() []string { return a.Link.Sets }

// Section is the what-if panel's section of the run's system, one for
// each system, kept with its inputs for the page's life.
func (a whatIfPage) Section() vugu.Builder {
	s := a.sys()
	if a.sections == nil {
		a.sections = map[string]vugu.Builder{}
	}
	b, ok := a.sections[s.uses[0]]
	if !ok {
		b = s.whatIf(a)
		a.sections[s.uses[0]] = b
	}
	return b
}

// ResetWhatIf drops every injected action and setting.
func (a *App) ResetWhatIf() {
	defer a.catch()
	if a.Page == "playground" {
		a.PG.DropActions()
		return
	}
	a.Link.Inject, a.Link.Sets = nil, nil
	a.branch()
	a.Play.Playing = false
}

// DropInject removes injected action i.
func (a whatIfPage) DropInject(i int) {
	defer a.catch()
	if i >= 0 && i < len(a.Link.Inject) {
		a.Link.Inject = append(a.Link.Inject[:i:i], a.Link.Inject[i+1:]...)
		a.branch()
		a.Play.Playing = false
	}
}
