package classroom

// Banners are the classroom's messages above the page: a new version
// ready to load.
type Banners struct {
	C *Class
}
