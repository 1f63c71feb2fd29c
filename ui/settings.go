package ui

import (
	"strings"

	"brokerlab/lessons"
)

// The what-if settings: a setting's value in the link (or the playground's
// scenario) and in the lesson's scenario, and setting them.

// Setting is a what-if setting's value, or "".
func (a *App) Setting(key string) string {
	if a.Page == "playground" {
		return a.PG.Setting(key)
	}
	for _, s := range a.Link.Sets {
		if v, ok := strings.CutPrefix(s, key+" "); ok {
			return v
		}
	}
	return ""
}

// SetSettings sets each "KEY VALUE" (dropping KEY if VALUE is empty) and
// reruns once from the start: a setting changes the system from its first
// event. Every setting the panel applies, a control's or a suggestion's,
// is applied here.
func (a *App) SetSettings(kvs ...string) {
	defer a.catch()
	sets := a.Link.Sets
	if a.Page == "playground" {
		sets = a.PG.Form.Settings
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
		a.PG.Set(sets) // lines of its scenario
		return
	}
	a.Link.Sets = sets
	a.branch()
	a.Play.Playing = false
}

// WhatIfs are the what-ifs the lesson suggests (lesson.json whatifs).
func (a whatIfPage) WhatIfs() []lessons.WhatIf { return a.Lesson.WhatIfs }

// ScenarioSetting is what the scenario itself sets key to, or def.
func (a whatIfPage) ScenarioSetting(key, def string) string {
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
