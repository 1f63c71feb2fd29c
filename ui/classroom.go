package ui

// The classroom and web features keep their state in Class, embedded in
// App, and reach the browser through Web: progress, presenter mode,
// export, theme and announcements. Each has its own file; this one holds
// what they share.

// Web is what the classroom features need from the browser beyond Host.
// App.Web is nil in native tests that do not exercise them.
type Web interface {
	Load(key string) string // localStorage ("" when absent)
	Reload()                // location.reload: a new build took over
	OpenWindow(hash string) // the presenter window, on this page at hash
	CloseWindow()           // close this (presenter) window
	Broadcast(msg string)   // to the page's other windows (BroadcastChannel)

	SetTheme(theme string) // "light" or "dark" on the page
	Announce(text string)  // say it through the aria-live region
	// ExportStage saves the stage as "svg" or "png" with the caption's
	// lines ("\n" between them) below it, light unless dark.
	ExportStage(kind, name, caption string, dark bool)
	Download(name, mime, data string) // save a text file
}

// Class is the classroom features' part of the App.
type Class struct {
	Web Web

	// UpdateReady: a new build of the site took over (the service worker
	// cached it); the page offers to reload.
	UpdateReady bool

	ProgressState
	PresentState
	AccessState
	ExportState
}

// NewVersion is called when a new build's service worker takes over.
func (a *App) NewVersion() { a.UpdateReady = true }

// Reload reloads the page onto the new build.
func (a *App) Reload() {
	if a.Web != nil {
		a.Web.Reload()
	}
}
