package ui

// Notes are the speaker notes in the teacher's window while a presenter
// window follows it, at the top of the side panel so they stay in view.
type Notes struct {
	A *App
	V NotesView // this render's notes
}

// Compute runs before every render (Vugu's lifecycle).
func (c *Notes) Compute() { c.V = c.A.Notes() }
