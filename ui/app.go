// Package ui is the page's shell: the lesson list and the lesson page as
// Vugu components over one App, which holds the run (routing, links, the
// position, playback) and is tested natively. Each feature of the page is
// a package of its own that reaches the App through a small interface the
// shell implements with an adapter (whatIfPage, editorPage, playPage,
// lessonPage, inspectPage, classPage): ui/lesson (the narration and its
// questions, and the speaker notes), ui/whatif (the what-if panel, a
// section a system, named by the system's row in systems.go), ui/editor
// (the scenario editor and its completion), ui/playground (the
// playground's form), ui/inspect (the inspector and the event log),
// ui/classroom (progress, presenter mode, export, the theme and the live
// region). Below them all: ui/stage (the drawing), ui/model (the folds of
// the trace) and ui/kit (shared helpers). The browser is reached only
// through Host and classroom.Web (implemented in wasm/) and the stage
// Scene (drawn by wasm/ outside the Vugu tree).
package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/vugu/vugu"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
	"brokerlab/ui/classroom"
	"brokerlab/ui/editor"
	"brokerlab/ui/inspect"
	"brokerlab/ui/lesson"
	"brokerlab/ui/model"
	"brokerlab/ui/playback"
	"brokerlab/ui/playground"
	"brokerlab/ui/stage"
)

// Host is what the App needs from the browser.
type Host interface {
	ReplaceURL(hash string)  // history.replaceState, no new history entry
	Store(key, value string) // localStorage
	// Session and SetSession read and write the tab's sessionStorage, which
	// outlives a page the simulator stopped ("" removes the key).
	Session(key string) string
	SetSession(key, value string)
}

// runningKey holds, in sessionStorage, the link of a run while it runs:
// found there when the page opens, it names a run that stopped the page.
const runningKey = "running"

// App is the whole page's state. Vugu handlers and the frame loop call its
// methods under the Vugu event lock.
type App struct {
	Host Host
	Lang string // "en" or "zh"

	Lessons []lessons.Lesson
	Page    string // "list", "lesson", "playground" or "stress"
	Lesson  lessons.Lesson
	Sc      *scenario.Scenario
	Link    Link // the run's parameters (Pos kept up to date)
	Res     *scenario.Result
	M       *model.Model
	run     int                  // counts runs, so a cache never outlives its run
	notes   map[string]*msg.Note // the run's notes that are data, by their English (words_notes.go)

	Play playback.Player // the current event, and playing (playback-page.go)
	Sel  string

	notice func() string // a malformed link, a failed action: shown, not fatal (Notice)
	Crash  string        // a panic, with the lesson and seed

	sections map[string]vugu.Builder // the what-if panel's sections, by system (Section)
	Ed       editor.Editor           // the scenario editor
	PG       playground.Playground   // the playground's form (play.go)
	Quiz     lesson.Quiz             // the questions' picks (lesson-page.go)
	Log      inspect.Log             // the event log (inspect-page.go)
	hits     struct {                // the run's invariant violations (play.go)
		of  []monitorHit
		run int
	}

	Class classroom.Class // progress, presenter mode, export, the theme (classroom-page.go)

	cur      int // the cached states' position and run
	curRun   int
	end      model.State // the state after the last event, and its run
	endRun   int
	sa, sb   model.State
	lastTick float64
	dirty    bool
	drawnAt  float64
	urlAt    float64
	shownURL string
}

// New loads the lessons. lang is the stored or the browser's language.
func New(h Host, lang string) *App {
	a := &App{Host: h, Page: "list", Lang: "en", cur: -2}
	a.Play.Speed = 2
	a.Ed.P, a.PG.P, a.Quiz.P, a.Log.P, a.Class.P, a.Play.P = editorPage{a}, playPage{a}, lessonPage{a}, inspectPage{a}, classPage{a}, playbackPage{a}
	if strings.HasPrefix(lang, "zh") {
		a.Lang = "zh"
	}
	ls, err := lessons.All()
	if err != nil {
		a.notice = func() string { return err.Error() }
	}
	a.Lessons = ls
	return a
}

// catch turns a panic in the App into a message on the page: the page
// stays alive and says what to report.
func (a *App) catch() {
	if r := recover(); r != nil {
		a.crashed(r)
	}
}

// crashed says what panicked, and stops playing.
func (a *App) crashed(r any) {
	a.Play.Playing = false
	a.Crash = fmt.Sprintf("%v (lesson %s, seed %s, event %d)", r, a.Lesson.ID, a.SeedText(), a.Play.Pos)
}

// Route opens what a hash names. A malformed link shows a message and the
// lesson's start (or the list if the lesson does not exist).
func (a *App) Route(hash string) {
	defer a.catch()
	a.notice, a.Crash, a.Play.Playing, a.Play.Frac, a.Sel = nil, "", false, 0, ""
	a.shownURL = ""
	l, lerr := ParseLink(hash)
	a.linkPage(&l)
	if l.Page == "list" {
		a.Page, a.M, a.Res, a.Link = "list", nil, nil, Link{Page: "list"}
		if lerr != nil {
			a.notice = func() string { return a.ErrText(lerr) + a.T("stop") + a.T("pickLesson") }
		}
		return
	}
	if lerr != nil {
		a.notice = func() string { return a.ErrText(lerr) + a.T("stop") + a.T("shownStart") }
	}
	les, sc, err := a.scenario(l)
	if err != nil {
		a.Page, a.M, a.Res = "list", nil, nil
		var no noLesson
		if errors.As(err, &no) {
			a.notice = func() string {
				return a.T("noLesson") + a.T("colon") + strconv.Quote(string(no)) + a.T("stop") + a.T("pickLesson")
			}
		} else {
			a.notice = func() string { return a.ErrText(err) }
		}
		return
	}
	a.Page, a.Lesson, a.Sc = l.Page, les, sc
	start := Link{Page: l.Page, Lesson: l.Lesson, Events: l.Events}
	if l.Page == "playground" {
		start.Src = l.Src // the playground's start is its scenario's
	}
	for _, t := range l.Inject {
		if err := sc.CheckAction(t.Action); err != nil {
			a.notice = func() string {
				return a.T("malformedLink") + a.T("colon") + "a=" + strconv.Quote(t.Action) + a.T("colon") + a.ErrText(err) + a.T("stop") + a.T("shownStart")
			}
			l = start
			break
		}
	}
	if a.session(runningKey) == runKey(l) {
		// This run stopped the page the last time it was opened: never the
		// same crash again. (Reloading tries the link once more.) An edited
		// scenario does not run again: the lesson's own does, and the edit
		// waits in the editor.
		if shipped := (Link{Page: l.Page, Lesson: l.Lesson, Events: l.Events}); l.Src != "" && a.reopen(shipped, l.Src) {
			a.notice = func() string { return a.T("stoppedEdit") + a.T("stop") }
			l = shipped
		} else if runKey(l) == runKey(start) {
			a.setSession(runningKey, "")
			a.Page, a.M, a.Res, a.Link = "list", nil, nil, Link{Page: "list"}
			a.notice = func() string { return a.T("stoppedStart") + a.T("stop") + a.T("pickLesson") }
			return
		} else {
			a.notice = func() string { return a.T("stoppedLink") + a.T("stop") + a.T("shownStart") }
			l = start
		}
	}
	a.Link = l
	a.rerun()
	if err := a.runErr(); errors.Is(err, sim.ErrBudget) {
		// The run stopped at a budget: it keeps what it has, and says so.
		a.notice = func() string { return a.ErrText(err) }
	} else if err != nil && (len(l.Inject) > 0 || len(l.Sets) > 0) {
		// The link's actions do not run: show the lesson's own start.
		a.notice = func() string {
			return a.T("badActions") + a.T("colon") + a.ErrText(err) + a.T("stop") + a.T("shownStart")
		}
		a.Link = start
		a.rerun()
	}
	a.Play.Jump(a.Link.Pos)
	if l.Page == "playground" && a.Link.Pos == 0 {
		a.seekTime(playground.ProduceStart) // the cluster is up: drawn at once
	}
	if p := a.Link.Pos; p > 0 && p >= a.M.Len() {
		n := a.M.Len()
		a.notice = func() string {
			return fmt.Sprintf("pos=%d", p) + a.T("colon") + a.T("pastEnd") + " " + strconv.Itoa(n) + a.T("stop")
		}
	}
}

// reopen opens what shipped runs (a lesson's own scenario, the
// playground's form) in place of the edit that stopped the page, which it
// puts in the editor, not run: the student loses nothing, the page does
// not stop again. It reports false if shipped does not open.
func (a *App) reopen(shipped Link, edit string) bool {
	les, sc, err := a.scenario(shipped)
	if err != nil {
		return false
	}
	a.Lesson, a.Sc = les, sc
	a.Ed.Show(edit)
	return true
}

// scenario finds and parses what a lesson or stress link runs.
func (a *App) scenario(l Link) (lessons.Lesson, *scenario.Scenario, error) {
	if l.Page == "stress" && l.Conns > 0 {
		return stressConns(l.Conns)
	}
	if l.Page == "stress" {
		return stress(l.Events)
	}
	if l.Page == "playground" {
		return a.playScenario(l)
	}
	les, err := lessons.Get(l.Lesson)
	if err != nil {
		return les, nil, noLesson(l.Lesson)
	}
	sc, err := a.parseLesson(les, l)
	return les, sc, err
}

// noLesson is a link's lesson that does not exist.
type noLesson string

func (e noLesson) Error() string { return "no such lesson " + strconv.Quote(string(e)) }

// stress generates a scenario of many puts, to measure jumps in a long run.
func stress(events int) (lessons.Lesson, *scenario.Scenario, error) {
	var b strings.Builder
	// Events every 2ms, each processed in 1ms, keep the queue short.
	b.WriteString("use controller\nset controller.eventTime 1ms\n")
	names := scenario.ControllerEvents()
	// An event produces about a dozen trace events.
	for i := 0; i < events/10+1; i++ {
		fmt.Fprintf(&b, "at %dms put %s\n", 1+2*i, names[i%3])
	}
	b.WriteString("run idle\n")
	sc, err := scenario.Parse("stress.lab", b.String())
	les := lessons.Lesson{ID: "stress", Title: lessons.Text{EN: fmt.Sprintf("Stress run: %d events", events), ZH: fmt.Sprintf("压力测试：%d 个事件", events)}}
	return les, sc, err
}

// stressConns generates a ZooKeeper server with n connections, all sending
// requests now and then, to measure the reactor stage at scale.
func stressConns(n int) (lessons.Lesson, *scenario.Scenario, error) {
	var b strings.Builder
	b.WriteString("use zookeeper\nset cores 8\nset maxClientCnxns 0\n")
	fmt.Fprintf(&b, "at 0ms connect c count=%d every=0ms\n", n)
	// One connection in ten sends each round, a different tenth each time.
	for r := 0; r < 10; r++ {
		for i := r + 1; i <= n; i += 10 {
			fmt.Fprintf(&b, "at %dms send c-%d\n", 100+r*50, i)
		}
	}
	b.WriteString("run idle\n")
	sc, err := scenario.Parse("stress.lab", b.String())
	les := lessons.Lesson{ID: "stress", Title: lessons.Text{EN: fmt.Sprintf("Stress run: %d connections", n), ZH: fmt.Sprintf("压力测试：%d 个连接", n)}}
	return les, sc, err
}

// rerun runs the scenario with the link's seed, settings and actions.
func (a *App) rerun() {
	opt := scenario.Options{Seed: a.Link.Seed, Sets: a.Link.Sets, Inject: a.Link.Inject}
	if a.Page == "stress" {
		opt.MaxEvents = a.Link.Events
	}
	// Remembered until the run and its model are built: a run that takes
	// the page down (out of memory, a hang the user reloads from) is known
	// on the next visit.
	a.setSession(runningKey, runKey(a.Link))
	a.Res = scenario.Run(a.Sc, opt)
	a.M = model.New(a.Res.Trace)
	a.notes = noteIndex(a.Res.Trace)
	a.setSession(runningKey, "")
	a.run++
	a.cur = -2
	if a.Res.Panic != "" {
		a.Crash = fmt.Sprintf("%s: %s (lesson %s, seed %s)", a.T("simPanic"), a.Res.Panic, a.Lesson.ID, a.SeedText())
	}
}

func (a *App) session(key string) string {
	if a.Host == nil {
		return ""
	}
	return a.Host.Session(key)
}

func (a *App) setSession(key, value string) {
	if a.Host != nil {
		a.Host.SetSession(key, value)
	}
}

// runKey names what a link runs, whatever moment of it it shows.
// linkPage shows the page in a link's language and theme, for this visit:
// the choice the page keeps (SetLang, SetTheme) stays as it was, and a
// link without them leaves the page as it is. The run's Link holds
// neither: Hash writes the page's own.
func (a *App) linkPage(l *Link) {
	if l.Lang != "" {
		a.Lang = l.Lang
	}
	if l.Theme != "" {
		a.Class.ShowTheme(l.Theme)
	}
	l.Lang, l.Theme = "", ""
}

func runKey(l Link) string {
	l.Pos, l.Present = 0, false
	return l.String()
}

// StartHash is the link to the current lesson's start, "" without one.
func (a *App) StartHash() string {
	if a.Lesson.ID == "" || a.Lesson.ID == "stress" {
		return ""
	}
	if a.Page == "playground" {
		return Link{Page: "playground"}.String()
	}
	return Link{Page: "lesson", Lesson: a.Lesson.ID}.String()
}

// runErr is the error that stopped the run, if any: a stress run stops at
// its event budget on purpose. A run the page stopped following (its
// model's budget, model.StateBytes) says so rather than where the kernel
// stopped it, past what the page shows; an error at a line comes first.
func (a *App) runErr() error {
	if a.Res == nil {
		return nil
	}
	err := a.Res.Err
	if a.Page == "stress" {
		err = nil
	}
	if err == nil || errors.Is(err, sim.ErrBudget) {
		if b := a.modelBudget(); b != nil {
			return b
		}
	}
	return err
}

// modelBudget says where the page stopped following the run, nil if it
// follows all of it: an sim.ErrBudget, as the kernel's budgets.
func (a *App) modelBudget() error {
	if a.M == nil || a.M.Budget() == nil {
		return nil
	}
	b := a.M.Budget()
	return msg.Of(sim.ErrBudget, "ui.model.budget", b.Events, b.Of, sim.FormatDuration(time.Duration(b.T)*time.Microsecond), b.Bytes>>10)
}

// SeedText is the run's seed as the user would type it into a link.
func (a *App) SeedText() string {
	if a.Link.Seed != 0 {
		return strconv.FormatInt(a.Link.Seed, 10)
	}
	if a.Sc != nil {
		return strconv.FormatInt(a.Sc.Seed, 10)
	}
	return "1"
}

// Hash is the link to the current moment.
func (a *App) Hash() string {
	l := a.Link
	l.Pos = a.Play.Pos
	if a.Page == "list" {
		l = Link{Page: "list"}
	}
	l.Lang, l.Theme = a.Lang, a.Class.Theme
	return l.String()
}

// Marks are the narration steps' places in the trace.
func (a *App) Marks() []scenario.Mark {
	if a.Res == nil {
		return nil
	}
	return a.Res.Steps
}

// Audience reports whether this window is a presenter window: it
// follows the teacher's.
func (a *App) Audience() bool { return a.Link.Present }

// Len is the number of events in the run.
func (a *App) Len() int {
	if a.M == nil {
		return 0
	}
	return a.M.Len()
}

// states returns the states at Pos and Pos+1, cached for the position.
func (a *App) states() (*model.State, *model.State) {
	if a.cur != a.Play.Pos || a.curRun != a.run {
		next := a.cur+1 == a.Play.Pos && a.curRun == a.run
		a.cur, a.curRun = a.Play.Pos, a.run
		if next { // playing: the next event's state is already folded
			a.sa = a.sb
		} else {
			a.sa = a.M.At(a.Play.Pos)
		}
		a.sb = a.sa
		if a.Play.Pos+1 < a.M.Len() {
			a.sb = a.M.At(a.Play.Pos + 1)
		}
	}
	return &a.sa, &a.sb
}

// End is the state after the run's last event, folded once a run: the
// what-if panel lists what the whole run has (groups, partitions, clients).
func (a *App) End() *model.State {
	if a.M == nil {
		return &model.State{Seq: -1, Step: -1}
	}
	if a.endRun != a.run {
		a.endRun, a.end = a.run, a.M.At(a.Len()-1)
	}
	return &a.end
}

// State is the fold of the run up to the current event.
func (a *App) State() *model.State {
	if a.M == nil {
		return &model.State{Seq: -1, Step: -1}
	}
	s, _ := a.states()
	return s
}

// Step is the narration step at the current event, -1 before the first.
func (a *App) Step() int { return a.State().Step }

// Event is the current event.
func (a *App) Event() sim.Event {
	if a.Len() == 0 {
		return sim.Event{}
	}
	return a.M.Trace[a.Play.Pos]
}

// Frame is the stage at this instant, and a key that changes whenever the
// scene's structure may (the drawer rebuilds the SVG only then).
func (a *App) Frame() (sc stage.Scene, key string) {
	defer a.catch()
	if a.Page == "list" || a.M == nil || a.Len() == 0 {
		return stage.Scene{}, "empty"
	}
	sa, sb := a.states()
	key = fmt.Sprint(a.run, a.Play.Pos, a.Sel, a.Lang, a.NoLock())
	o := stage.Options{
		Threads:  a.M.Threads,
		States:   a.M.States,
		Selected: a.Sel,
		Actor:    a.Event().Actor,
		NoLock:   a.NoLock(),
		ZH:       a.Lang == "zh",
		Note:     a.note,
	}
	return a.sys().build(sa, sb, a.Class.Tween(a.Play.Frac), o), key
}

// System is the system the run assembled ("controller", "zookeeper", …).
func (a *App) System() string {
	if a.Sc == nil {
		return ""
	}
	return a.Sc.System
}

// Select selects a stage element by its key ("thread:NAME", "tok:7", a
// queue slot, the putLock, "conn:C", "req:7", a reactor queue "q:NAME",
// "member:M", "rec:P@O", "broker:B"); selecting it again clears the
// selection. Labels, tallies and states have nothing for the inspector:
// they keep the selection.
func (a *App) Select(key string) {
	key, ok := a.Selection(key)
	if !ok {
		return
	}
	if a.Sel == key {
		key = ""
	}
	a.Sel = key
}

// Selection is what selecting the stage node key selects (a queue slot
// selects its queue), and whether the inspector can describe it at all:
// the one rule of what is selectable. The stage's layouts mark those
// nodes (stage.Node.Sel) and a test holds them to this.
func (a *App) Selection(key string) (string, bool) {
	kind, rest, _ := strings.Cut(key, ":")
	switch kind {
	case "thread", "tok", "conn", "req", "q", "member", "rec", "broker":
		return key, true
	case "slot", "more", "qt":
		if q := a.sys().queue; q != nil {
			return q(kind, rest), true
		}
	case "lock":
		return "lock", true
	}
	return "", false
}

// SetLang switches the language and remembers it.
func (a *App) SetLang(l string) {
	a.Lang = l
	if a.Host != nil {
		a.Host.Store("lang", l)
	}
}

func (a *App) Dismiss() { a.notice = nil }
