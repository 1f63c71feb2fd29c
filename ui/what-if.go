package ui

import (
	"strings"

	"brokerlab/core/scenario"
)

// WhatIf injects user actions and settings at the current moment.
type WhatIf struct {
	A *App

	// The group panel's inputs, "" until the user types.
	JoinGroup, JoinTopics, Topic, Parts string
	// The listener panel's.
	Client, Rec string
	// The cluster panel's.
	Part, Acks string
}

func (c *WhatIf) part() string {
	if c.Part != "" {
		return c.Part
	}
	if p := c.A.Partitions(); len(p) > 0 {
		return p[0]
	}
	return ""
}

func (c *WhatIf) acks() string { return or(c.Acks, "all") }

func (c *WhatIf) client() string {
	if c.Client != "" {
		return c.Client
	}
	if l := c.A.ListenerClients(); len(l) > 0 {
		return l[0]
	}
	return ""
}

// rec is the record to fail: the one selected on the stage, else typed.
func (c *WhatIf) rec() string {
	if r, ok := strings.CutPrefix(c.A.Sel, "rec:"); ok {
		return r
	}
	return or(c.Rec, "t0-0@1")
}

func (c *WhatIf) group() string {
	if c.JoinGroup != "" {
		return c.JoinGroup
	}
	if g := c.A.GroupNames(); len(g) > 0 {
		return g[0]
	}
	return ""
}

func (c *WhatIf) topics() string { return or(c.JoinTopics, "t0") }
func (c *WhatIf) topic() string  { return or(c.Topic, "t0") }
func (c *WhatIf) parts() string  { return or(c.Parts, "8") }

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// pressed is suggestion i's aria-pressed: "true" while its settings are
// applied.
func (c *WhatIf) pressed(i int) string {
	if c.A.Suggested(i) {
		return "true"
	}
	return "false"
}

// The App's what-ifs: actions injected from the stage and the panel, and
// the putLock.

// Inject adds a user action right after the current event, reruns, and
// plays on from the same event: the branch. Everything up to the current
// event stays as it was.
func (a *App) Inject(action string) { a.InjectAll(action) }

// InjectAll injects several actions at once, in order, as one branch.
func (a *App) InjectAll(actions ...string) {
	defer a.catch()
	if a.M == nil {
		return
	}
	for _, act := range actions {
		if err := a.Sc.CheckAction(act); err != nil {
			a.notice = func() string { return a.errText(err) }
			return
		}
	}
	if a.Page == "playground" {
		a.playAct(actions...) // lines of its scenario
		return
	}
	for _, act := range actions {
		a.Link.Inject = append(a.Link.Inject, scenario.Injection{After: a.Pos, Action: act})
	}
	a.branch()
}

// userActions are the actions the user added from the stage: the link's
// injections, or the playground's lines.
func (a *App) userActions() []string {
	var out []string
	for _, in := range a.Link.Inject {
		out = append(out, in.Action)
	}
	for _, x := range a.Play.Actions {
		out = append(out, x.Action)
	}
	return out
}

func (a *App) branch() {
	pos := a.Pos
	a.notice = nil
	a.rerun()
	a.seek(pos)
	a.Playing = a.Pos < a.Len()-1
}

func (a *App) PutSelected() { a.Inject("put " + a.PutName) }

func (a *App) SetPutName(n string) { a.PutName = n }

// NoLock reports whether the putLock is removed.
func (a *App) NoLock() bool { return a.Setting("controller.putLock") == "false" }

// SetNoLock removes (or restores) the putLock and reruns.
func (a *App) SetNoLock(off bool) {
	val := ""
	if off {
		val = "false"
	}
	a.SetSetting("controller.putLock", val)
}

// ResetWhatIf drops every injected action and setting.
func (a *App) ResetWhatIf() {
	defer a.catch()
	if a.Page == "playground" {
		a.Play.Actions = nil
		a.playApply(a.now())
		return
	}
	a.Link.Inject, a.Link.Sets = nil, nil
	a.branch()
	a.Playing = false
}
