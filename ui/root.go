package ui

//go:generate go tool vugugen -skip-go-mod -skip-main .

// Root is the page. The stage's <svg> sits in the template empty, outside
// any vg-if and with a dynamic attribute (so vugugen does not fold it into
// static HTML): Vugu never touches its children, which wasm/ draws.
type Root struct {
	A *App
}

// LangClass marks the active language button.
func (c *Root) LangClass(l string) string {
	if c.A.Lang == l {
		return "on"
	}
	return ""
}
