// Package classroom is what the page offers a class beyond the lesson:
// the student's progress, presenter mode (a projector's window that
// follows the teacher's), export for slides, the theme and what a screen
// reader hears, and the banner of a new version. It reads the page
// through Page and reaches the browser through Web.
package classroom

//go:generate go tool vugugen -skip-go-mod -skip-main .

import (
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// Web is what the classroom needs from the browser. Class.Web is nil in
// native tests that do not exercise it.
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

// Page is what the classroom needs from the page.
type Page interface {
	T(key string) string     // a word of the chrome in the page's language
	Store(key, value string) // keeps a choice for the next visit (localStorage)
	Audience() bool          // this window is a presenter window: it follows the teacher's
	Where() Where            // the page and its run at the current event
	Step() int               // the current narration step, -1 before the first
	// Link is the link to the run at event pos (0: none), to open in a
	// presenter window if present.
	Link(pos int, present bool) string
	Follow(m Moment) // shows the teacher's moment (in a presenter window)
	Pause()          // stops playing
	// Answers are the run's questions the student answered that the run
	// has graded by the current event, and the name of what they belong
	// to (a lesson, its edit, its variant).
	Answers() (run string, graded []Answer)
	SpokenStep(k int) string // step k as heard: its text, or its open question
	// ShownEvent is the current event as the event log shows it (giving
	// no question's answer away), and where it is ("event 12 / 223").
	ShownEvent() (e sim.Event, at string)
	Run() (r Run, ok bool) // what runs, for an export; ok false without a run
}

// Where is the page and its run at the current event.
type Where struct {
	Page    string // "list", "lesson", "playground" or "stress"
	Lesson  string // the lesson's id
	Edited  bool   // the run is of an edited scenario
	Shown   bool   // a run is shown (the list shows none)
	Run     int    // counts the page's runs: new each run
	Pos     int    // the current event
	Len     int    // the run's events
	Playing bool
	Speed   int    // the playback speed's index
	Sel     string // the stage's selection
	Lang    string // "en" or "zh"
}

// Answer is a question answered and graded.
type Answer struct {
	Step  int  // the step that asks it (0-based)
	Right bool // the pick was a choice that held
}

// Run is what runs, as an export names and captions it.
type Run struct {
	Page    string               // the page's name ("lesson", "playground")
	Lesson  string               // the lesson's id
	Title   string               // the lesson's title in the page's language
	Edited  bool                 // the scenario is the editor's
	Seed    string               // the run's seed as the page shows it
	OwnSeed bool                 // the link gives the seed (not the scenario's)
	Sets    []string             // the what-if settings, "KEY VALUE"
	Inject  []scenario.Injection // the what-if actions
	Step    int                  // the current narration step, -1 before the first
	Steps   int                  // the scenario's narration steps
	Pos     int                  // the current event
	PosText string               // "event 121 / 4211"
	At      string               // the current event's virtual time, "t = 3.000 ms"
	Trace   []sim.Event
}

// Class is the classroom's state.
type Class struct {
	P   Page
	Web Web

	// UpdateReady: a new build of the site took over (the service worker
	// cached it); the page offers to reload.
	UpdateReady bool

	Theme         string // "light" or "dark"
	ReducedMotion bool   // prefers-reduced-motion: tokens jump instead of gliding
	Presenting    bool   // this window is the teacher's and a presenter window follows it
	ExportDark    bool   // the stage exports in the dark theme (the page must be dark)
	Build         string // the site's build, for the trace's header ("" natively)

	progress progress
	present  present
	said     said
}

// NewVersion is called when a new build's service worker takes over.
func (c *Class) NewVersion() { c.UpdateReady = true }

// Reload reloads the page onto the new build.
func (c *Class) Reload() {
	if c.Web != nil {
		c.Web.Reload()
	}
}

// AfterTick runs after every frame's playback at wall time now (ms):
// progress, what a screen reader hears, then presenter mode.
func (c *Class) AfterTick(now float64) {
	c.track()
	c.announce(now)
	c.sync()
}
