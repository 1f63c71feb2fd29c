package ui

// LessonList is the home page: one card a lesson.
type LessonList struct {
	A *App
}
