package ui

import (
	"errors"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
)

// A Link is what the URL's hash holds, so a link reproduces one moment:
//
//	#/                          the lesson list
//	#/lesson/ID                 lesson ID from its start
//	#/lesson/ID?seed=N&pos=I&a=E:ACTION&a=…&set=KEY:VALUE
//	#/playground?src=…          the playground (playground.go): its scenario,
//	                            with seed, pos and the page's parameters
//	#/stress?events=N&…         a generated run of N events (measurements),
//	                            with a lesson's parameters
//	#/lesson/ID?src=…           the lesson with an edited scenario (srclink.go)
//	#/present/lesson/ID?…       the same, as the presenter's stage window (ui/classroom)
//	…&lang=zh&theme=dark        on any page: the language and the theme
//
// seed overrides the scenario's seed; pos is the 0-based index of the
// current event; each a= is an action injected right after event E, at its
// virtual time, its text URL-encoded ("a=120:put%20BrokerChange"), so the
// run before E is unchanged; each set= is a what-if
// setting. Only the settings in Settings (WhatIf in the tables) are
// accepted. Actions are checked against the lesson's scenario when it is
// opened (App.Route). lang= (en, zh) and theme= (light, dark) are the
// page's: App.Hash writes the page's own, and opening a link shows it in
// them for that visit, without replacing the choice the page keeps
// (App.Route).
type Link struct {
	Page   string // "list", "lesson", "playground" or "stress"
	Lesson string
	Seed   int64
	Pos    int
	Inject []scenario.Injection
	Sets   []string // "KEY VALUE"
	Events int      // stress: how many events
	Conns  int      // stress: a ZooKeeper server with this many connections, instead of the controller
	Src    string   // an edited scenario run instead of the lesson's (src=, srclink.go)
	// Present: the window shows the stage alone and follows the teacher's
	// window (ui/classroom, presenter.go).
	Present bool
	Lang    string // "en", "zh" or "" (the page's own)
	Theme   string // "light", "dark" or ""
}

// Settings are the what-if settings a link may carry, those the systems'
// tables mark WhatIf; the scenario checks their values when the link is run.
var Settings = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range scenario.WhatIfSettings() {
		m[k] = true
	}
	return m
}()

// ErrLink is the kind of every malformed-link error (errors.Is).
var ErrLink = errors.New("malformed link")

// ParseLink reads a hash ("#/lesson/…"). On error the Link still names the
// page and lesson, so the caller can show the lesson's start.
func ParseLink(hash string) (Link, error) {
	h := strings.TrimPrefix(hash, "#")
	path, query, _ := strings.Cut(h, "?")
	path = strings.Trim(path, "/")
	path, present := strings.CutPrefix(path, "present/")
	var start Link
	switch {
	case path == "":
		return listLink(query), nil
	case path == "stress":
		start = Link{Page: "stress", Events: 100_000}
	case path == "playground" && !present:
		start = Link{Page: "playground"}
	case strings.HasPrefix(path, "lesson/"):
		start = Link{Page: "lesson", Lesson: strings.TrimPrefix(path, "lesson/"), Present: present}
	default:
		return listLink(query), msg.Of(ErrLink, "ui.link", msg.New("ui.page", path))
	}
	q, err := url.ParseQuery(query)
	if err != nil {
		return start, msg.Of(ErrLink, "ui.link", queryErr(err))
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	l := start
	for _, k := range keys {
		for _, v := range q[k] {
			if err := l.set(k, v); err != nil {
				return start, msg.Of(ErrLink, "ui.link", err)
			}
		}
	}
	return l, nil
}

// queryErr is net/url's error about a link's query, as data: an invalid
// escape, or a semicolon separator (the two ParseQuery returns).
func queryErr(err error) *msg.Error {
	var esc url.EscapeError
	switch {
	case errors.As(err, &esc):
		return msg.New("ui.url.escape", string(esc))
	case strings.Contains(err.Error(), "semicolon"):
		return msg.New("ui.url.semicolon")
	}
	return msg.New("text", err.Error())
}

// listLink is the lesson list in the query's language and theme; the
// list has no other parameters, and ignores them.
func listLink(query string) Link {
	l := Link{Page: "list"}
	q, _ := url.ParseQuery(query)
	for _, k := range []string{"lang", "theme"} {
		if v := q.Get(k); v != "" {
			_ = l.set(k, v) // a wrong value: the page's own
		}
	}
	return l
}

func (l *Link) set(k, v string) error {
	switch k {
	case "lang":
		if v != "en" && v != "zh" {
			return msg.New("ui.lang", v)
		}
		l.Lang = v
	case "theme":
		if v != "light" && v != "dark" {
			return msg.New("ui.theme", v)
		}
		l.Theme = v
	case "events":
		if l.Page != "stress" {
			return msg.New("ui.param", k)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 2_000_000 {
			return msg.New("ui.events", v)
		}
		l.Events = n
	case "conns":
		if l.Page != "stress" {
			return msg.New("ui.param", k)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10_000 {
			return msg.New("ui.conns", v)
		}
		l.Conns = n
	case "seed":
		n, err := scenario.ReadSeed(v) // as a file's seed statement
		if err != nil {
			return err
		}
		l.Seed = n
	case "pos":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return msg.New("ui.pos", v)
		}
		l.Pos = n
	case "a":
		e, action, ok := strings.Cut(v, ":")
		after, err := strconv.Atoi(e)
		if !ok || err != nil || after < 0 {
			return msg.New("ui.a", v)
		}
		if strings.TrimSpace(action) == "" {
			return msg.New("ui.a.action", v)
		}
		l.Inject = append(l.Inject, scenario.Injection{After: after, Action: action})
	case "src":
		src, err := DecodeSrc(v)
		if err != nil {
			return err
		}
		l.Src = src
	case "set":
		key, val, ok := strings.Cut(v, ":")
		if !ok || !Settings[key] || strings.TrimSpace(val) == "" || strings.ContainsAny(val, " \t\n") {
			return msg.New("ui.set", v)
		}
		l.Sets = append(l.Sets, key+" "+val)
	default:
		return msg.New("ui.param", k)
	}
	return nil
}

// String writes the hash for l; ParseLink(l.String()) gives l back.
func (l Link) String() string {
	var h string
	var q []string
	switch l.Page {
	case "lesson":
		h = "#/lesson/" + l.Lesson
		if l.Present {
			h = "#/present/lesson/" + l.Lesson
		}
	case "playground":
		h = "#/playground"
	case "stress":
		h = "#/stress"
		if l.Conns > 0 {
			q = append(q, "conns="+strconv.Itoa(l.Conns))
		}
		q = append(q, "events="+strconv.Itoa(l.Events))
	default:
		h = "#/" // the list: only the page's parameters
	}
	if l.Seed != 0 {
		q = append(q, "seed="+strconv.FormatInt(l.Seed, 10))
	}
	if l.Pos != 0 {
		q = append(q, "pos="+strconv.Itoa(l.Pos))
	}
	for _, in := range l.Inject {
		q = append(q, "a="+strconv.Itoa(in.After)+":"+strings.ReplaceAll(url.QueryEscape(in.Action), "+", "%20"))
	}
	for _, s := range l.Sets {
		k, v, _ := strings.Cut(s, " ")
		q = append(q, "set="+k+":"+v)
	}
	if l.Src != "" {
		q = append(q, "src="+EncodeSrc(l.Src))
	}
	return h + query(l.page(q))
}

// page appends the page's language and theme to a link's parameters.
func (l Link) page(q []string) []string {
	if l.Lang != "" {
		q = append(q, "lang="+l.Lang)
	}
	if l.Theme != "" {
		q = append(q, "theme="+l.Theme)
	}
	return q
}

func query(q []string) string {
	if len(q) == 0 {
		return ""
	}
	return "?" + strings.Join(q, "&")
}
