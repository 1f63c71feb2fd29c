package ui

import (
	"strings"

	"brokerlab/lessons"
)

// The what-if settings every panel uses: a setting's value in the link or
// the scenario, and the checkbox and select helpers that set or drop it.

// Setting is a what-if setting's value, or "".
func (a *App) Setting(key string) string {
	if a.Page == "playground" {
		return a.playSetting(key)
	}
	for _, s := range a.Link.Sets {
		if v, ok := strings.CutPrefix(s, key+" "); ok {
			return v
		}
	}
	return ""
}

// SetSetting sets a what-if setting (or drops it if val is "") and reruns
// from the start: a setting changes the system from its first event.
func (a *App) SetSetting(key, val string) { a.setSettings(key + " " + val) }

// setSettings sets each "KEY VALUE" (dropping KEY if VALUE is empty) and
// reruns once from the start. Every setting the panel applies, a control's
// or a suggestion's, is applied here.
func (a *App) setSettings(kvs ...string) {
	defer a.catch()
	sets := a.Link.Sets
	if a.Page == "playground" {
		sets = a.Play.Settings
	}
	for _, kv := range kvs {
		key, val, _ := strings.Cut(kv, " ")
		val = strings.TrimSpace(val)
		var kept []string
		for _, s := range sets {
			if !strings.HasPrefix(s, key+" ") {
				kept = append(kept, s)
			}
		}
		if val != "" {
			kept = append(kept, key+" "+val)
		}
		sets = kept
	}
	if a.Page == "playground" {
		a.playSet(sets) // lines of its scenario
		return
	}
	a.Link.Sets = sets
	a.branch()
	a.Playing = false
}

// Suggestions are the what-ifs the lesson suggests (lesson.json whatifs).
func (a *App) Suggestions() []lessons.WhatIf { return a.Lesson.WhatIfs }

// Suggest applies suggested what-if i: its settings, as the panel's
// controls apply theirs, and a rerun from the start.
func (a *App) Suggest(i int) {
	if i < 0 || i >= len(a.Lesson.WhatIfs) {
		return
	}
	a.setSettings(a.Lesson.WhatIfs[i].Set...)
}

// Suggested reports whether suggestion i's settings are all in the link.
func (a *App) Suggested(i int) bool {
	if i < 0 || i >= len(a.Lesson.WhatIfs) {
		return false
	}
	for _, kv := range a.Lesson.WhatIfs[i].Set {
		key, val, _ := strings.Cut(kv, " ")
		if a.Setting(key) != strings.TrimSpace(val) {
			return false
		}
	}
	return true
}

// IfChecked is v when a checkbox is checked, else "" (the setting dropped).
func (a *App) IfChecked(checked bool, v string) string {
	if checked {
		return v
	}
	return ""
}

// OrDefault shows a what-if choice: v, or the default's value marked as such.
func (a *App) OrDefault(v, def string) string {
	if v == "" {
		return def + " (" + a.T("default") + ")"
	}
	return v
}

// IfNot is v, or "" (the setting dropped) when v is the default def.
func (a *App) IfNot(v, def string) string {
	if v == def {
		return ""
	}
	return v
}

// OrSetting is a what-if setting's value, or def when it is not set.
func (a *App) OrSetting(key, def string) string {
	if v := a.Setting(key); v != "" {
		return v
	}
	return def
}

// ScenarioSetting is what the scenario itself sets key to, or def.
func (a *App) ScenarioSetting(key, def string) string {
	v := def
	if a.Sc != nil {
		for _, st := range a.Sc.Stmts {
			if st.Kind == "set" && st.Key == key {
				v = st.Val
			}
		}
	}
	return v
}
