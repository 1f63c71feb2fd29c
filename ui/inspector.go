package ui

// Inspector shows the current event (its src linked to upstream), what is
// selected on the stage, and the metrics.
type Inspector struct {
	A *App
}

// SelTitle is ": NAME" for the selection, or "".
func (c *Inspector) SelTitle() string {
	t, _ := c.A.Selected()
	if t == "" {
		return ""
	}
	return ": " + t
}

// SelFields are the selection's fields, in the page's language.
func (c *Inspector) SelFields() []Field {
	_, f := c.A.Selected()
	return c.A.fieldWords(f)
}

// EventFields are the current event's fields, in the page's language.
func (c *Inspector) EventFields() []Field { return c.A.fieldWords(c.A.EventFields()) }
