package ui

// Banners are the classroom features' messages above the page: a new
// version ready to load.
type Banners struct {
	A *App
}
