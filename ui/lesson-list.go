package ui

// LessonList is the home page: one card a lesson.
type LessonList struct {
	A *App
}

// GuideHref is lesson id's teacher's guide in the built site, relative to
// the page (site/guide writes it there).
func GuideHref(id string) string { return "guide/" + id + ".html" }

func (c *LessonList) GuideHref(id string) string { return GuideHref(id) }
