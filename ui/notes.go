package ui

// Notes are the speaker notes in the teacher's window while a presenter
// window follows it.
type Notes struct {
	A *App
}

func (c *Notes) Title() string { t, _ := c.A.Notes(); return t }

func (c *Notes) Text() string { _, t := c.A.Notes(); return t }
