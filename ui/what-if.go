package ui

// WhatIf injects user actions and settings at the current moment.
type WhatIf struct {
	A *App

	// The group panel's inputs, "" until the user types.
	JoinGroup, JoinTopics, Topic, Parts string
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
