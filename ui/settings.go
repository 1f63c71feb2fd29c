package ui

import "strings"

// The what-if settings every panel uses: a setting's value in the link or
// the scenario, and the checkbox and select helpers that set or drop it.

// Setting is a what-if setting's value, or "".
func (a *App) Setting(key string) string {
	for _, s := range a.Link.Sets {
		if v, ok := strings.CutPrefix(s, key+" "); ok {
			return v
		}
	}
	return ""
}

// SetSetting sets a what-if setting (or drops it if val is "") and reruns
// from the start: a setting changes the system from its first event.
func (a *App) SetSetting(key, val string) {
	defer a.catch()
	var sets []string
	for _, s := range a.Link.Sets {
		if !strings.HasPrefix(s, key+" ") {
			sets = append(sets, s)
		}
	}
	if val != "" {
		sets = append(sets, key+" "+val)
	}
	a.Link.Sets = sets
	a.branch()
	a.Playing = false
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
