package ui

import "strings"

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
