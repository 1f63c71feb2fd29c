package scenario

import (
	"slices"

	"brokerlab/core/surface"
)

// Surface is one system's scenario surface as its table declares it: what
// docs/REFERENCE.md, the editor and the links read.
type Surface struct {
	Name, Doc string
	Settings  []SettingDoc
	Actions   []ActionDoc
	Paths     []string
}

// SettingDoc is a setting row: its key, the kind of value it takes, its
// default, what it is and where upstream defines it.
type SettingDoc struct {
	Key, Kind, Default, Doc, Upstream string
	WhatIf                            bool
}

// ActionDoc is an action row: its form and what it does.
type ActionDoc struct{ Form, Doc string }

// surfaces holds each registered table's surface, by system name.
var surfaces = map[string]Surface{}

// Surfaces are the systems' surfaces, in the order of Systems.
func Surfaces() []Surface {
	var out []Surface
	for _, name := range Systems {
		if s, ok := surfaces[name]; ok {
			out = append(out, s)
		}
	}
	return out
}

// WhatIfSettings are the settings a link may carry (set=), sorted.
func WhatIfSettings() []string {
	var out []string
	for _, s := range Surfaces() {
		for _, r := range s.Settings {
			if r.WhatIf && !slices.Contains(out, r.Key) {
				out = append(out, r.Key)
			}
		}
	}
	slices.Sort(out)
	return out
}

func describe[C, I any](t *surface.Table[C, I]) Surface {
	s := Surface{Name: t.Name, Doc: t.Doc, Paths: t.Paths}
	def := t.Default()
	for _, r := range t.Settings {
		s.Settings = append(s.Settings, SettingDoc{Key: r.Key, Kind: r.Value.Kind, Default: r.Value.Show(&def), Doc: r.Doc, Upstream: r.Upstream, WhatIf: r.WhatIf})
	}
	for _, a := range t.Actions {
		s.Actions = append(s.Actions, ActionDoc{Form: a.Form, Doc: a.Doc})
	}
	return s
}
