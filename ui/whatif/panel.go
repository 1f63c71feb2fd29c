// Package whatif is the what-if panel: the lesson's suggested what-ifs, the
// run's system's own section (one component a system, named by its row in
// ui's registry), the injected actions and settings, and the seed. Every
// control builds scenario actions or settings and hands them to the page
// (Page), so a link carries them like any other; the panel keeps only its
// inputs.
package whatif

//go:generate go tool vugugen -skip-go-mod -skip-main .

import (
	"strings"

	"github.com/vugu/vugu"

	"brokerlab/lessons"
	"brokerlab/ui/kit"
	"brokerlab/ui/model"
)

// Page is what the what-if panel needs from the page.
type Page interface {
	T(key string) string        // a word of the chrome in the page's language
	Text(t lessons.Text) string // a lesson text in the page's language
	SelKey() string             // the stage's selection ("conn:C", "member:M", …), "" if none
	State() *model.State        // the run's state at the current event
	End() *model.State          // the run's state after its last event
	System() string             // the system the run assembled
	// Inject adds actions right after the current event, as one branch.
	Inject(actions ...string)
	// UserActions are the actions the user added so far.
	UserActions() []string
	// Setting is a what-if setting's value, "" if unset; SetSettings sets
	// each "KEY VALUE" (dropping KEY if VALUE is empty) and reruns.
	Setting(key string) string
	SetSettings(kvs ...string)
	// ScenarioSetting is what the scenario itself sets key to, or def.
	ScenarioSetting(key, def string) string
	Say(key string)            // shows the word key as the page's notice
	WhatIfs() []lessons.WhatIf // the lesson's suggested what-ifs
	Injected() []string        // the injected actions, described
	Sets() []string            // the what-if settings, "KEY VALUE"
	DropInject(i int)          // removes injected action i
	ResetWhatIf()              // drops every injected action and setting
	SeedText() string          // the run's seed
	Section() vugu.Builder     // the run's system's section of the panel
}

// Panel is the what-if panel.
type Panel struct {
	P Page
}

// Suggest applies suggested what-if i: its settings, as the panel's
// controls apply theirs, and a rerun from the start.
func (c *Panel) Suggest(i int) {
	if w := c.P.WhatIfs(); i >= 0 && i < len(w) {
		c.P.SetSettings(w[i].Set...)
	}
}

// Suggested reports whether suggestion i's settings are all applied.
func (c *Panel) Suggested(i int) bool {
	w := c.P.WhatIfs()
	if i < 0 || i >= len(w) {
		return false
	}
	for _, kv := range w[i].Set {
		key, val, _ := strings.Cut(kv, " ")
		if c.P.Setting(key) != strings.TrimSpace(val) {
			return false
		}
	}
	return true
}

// pressed is suggestion i's aria-pressed: "true" while its settings are
// applied.
func (c *Panel) pressed(i int) string {
	if c.Suggested(i) {
		return "true"
	}
	return "false"
}

// set sets one what-if setting (drops it if val is "").
func set(p Page, key, val string) { p.SetSettings(key + " " + val) }

// toggle sets key to v while a checkbox is checked, drops it when not.
func toggle(p Page, key string, checked bool, v string) { set(p, key, kit.IfChecked(checked, v)) }

// orDefault shows a what-if choice: v, or the default's value marked as such.
func orDefault(p Page, v, def string) string {
	if v == "" {
		return def + " (" + p.T("default") + ")"
	}
	return v
}

// ifNot is v, or "" (the setting dropped) when v is the default def.
func ifNot(v, def string) string {
	if v == def {
		return ""
	}
	return v
}

// orScenario is a what-if setting's value, else the scenario's, else def.
func orScenario(p Page, key, def string) string {
	if v := p.Setting(key); v != "" {
		return v
	}
	return p.ScenarioSetting(key, def)
}

// first is a select's first option, "" if it has none: what it shows
// until the user picks.
func first(options []string) string {
	if len(options) == 0 {
		return ""
	}
	return options[0]
}

// selected is the name the stage's selection gives to kind ("conn",
// "member", "broker", "rec"), or "".
func selected(p Page, kind string) string {
	if name, ok := strings.CutPrefix(p.SelKey(), kind+":"); ok {
		return name
	}
	return ""
}

// Words are the panel's own words, English and Chinese, by key: they join
// the one table the page's words are looked up in.
var Words = map[string][2]string{
	// The group section's member actions (MemberVerbs).
	"verb.leave":   {"leave", "离开"},
	"verb.crash":   {"crash", "崩溃"},
	"verb.restart": {"restart", "重启"},
}
