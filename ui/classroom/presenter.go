package classroom

import (
	"strconv"

	"brokerlab/internal/jsonlite"
)

// Presenter mode: the teacher's window opens a second window on the same
// page (#/present/lesson/…) for the projector. It shows the stage alone,
// large and high contrast, and follows the teacher's window over a
// BroadcastChannel (no server): lesson, edit, what-ifs, position, playing,
// speed, selection, language. The teacher's window keeps the controls and
// the narration, and shows speaker notes, always in view.

// present is presenter mode's state besides Class.Presenting.
type present struct {
	lastSync string // the last state sent
	hello    bool   // a presenter window that has not asked for the state yet
	asked    bool   // a lesson window that has asked whether a presenter window follows it
}

// Moment is what a presenter window follows: the teacher's run and where
// it is in it.
type Moment struct {
	Link    string // the run, without the position
	Pos     int
	Playing bool
	Speed   int
	Sel     string
	Lang    string
}

// syncMsg is what travels over the channel, as JSON (the tags say how:
// appendJSON and readSyncMsg write and read it that way).
type syncMsg struct {
	Hello   bool   `json:"hello,omitempty"` // a presenter window asks for the state
	Ask     bool   `json:"ask,omitempty"`   // a lesson window (re)loaded asks presenter windows to say hello
	Bye     bool   `json:"bye,omitempty"`   // the teacher stopped presenting
	Link    string `json:"link,omitempty"`  // the run, without the position
	Pos     int    `json:"pos"`
	Playing bool   `json:"playing"`
	Speed   int    `json:"speed"`
	Sel     string `json:"sel,omitempty"`
	Lang    string `json:"lang"`
}

func (m syncMsg) appendJSON(b []byte) []byte {
	b = append(b, '{')
	if m.Hello {
		b = append(b, `"hello":true,`...)
	}
	if m.Ask {
		b = append(b, `"ask":true,`...)
	}
	if m.Bye {
		b = append(b, `"bye":true,`...)
	}
	if m.Link != "" {
		b = append(jsonlite.AppendString(append(b, `"link":`...), m.Link), ',')
	}
	b = strconv.AppendInt(append(b, `"pos":`...), int64(m.Pos), 10)
	b = strconv.AppendBool(append(b, `,"playing":`...), m.Playing)
	b = strconv.AppendInt(append(b, `,"speed":`...), int64(m.Speed), 10)
	if m.Sel != "" {
		b = jsonlite.AppendString(append(b, `,"sel":`...), m.Sel)
	}
	b = jsonlite.AppendString(append(b, `,"lang":`...), m.Lang)
	return append(b, '}')
}

// readSyncMsg reads a message; members it does not know are skipped, so
// that windows of two versions of the page can still talk.
func readSyncMsg(msg string) (m syncMsg, err error) {
	err = jsonlite.Read([]byte(msg), func(d *jsonlite.Decoder) error {
		return d.Object(func(key string) (err error) {
			switch key {
			case "hello":
				m.Hello, err = d.Bool()
			case "ask":
				m.Ask, err = d.Bool()
			case "bye":
				m.Bye, err = d.Bool()
			case "link":
				m.Link, err = d.String()
			case "pos":
				m.Pos, err = d.Int()
			case "playing":
				m.Playing, err = d.Bool()
			case "speed":
				m.Speed, err = d.Int()
			case "sel":
				m.Sel, err = d.String()
			case "lang":
				m.Lang, err = d.String()
			default:
				err = d.Skip()
			}
			return err
		})
	})
	return m, err
}

// Present opens the presenter window on the current moment, or, when it
// is open, stops presenting (it closes).
func (c *Class) Present() {
	if c.Web == nil || c.P.Where().Page != "lesson" || c.P.Audience() {
		return
	}
	if c.Presenting {
		c.Presenting = false
		c.Web.Broadcast(`{"bye":true}`)
		return
	}
	c.Presenting, c.present.lastSync = true, ""
	c.Web.OpenWindow(c.P.Link(c.P.Where().Pos, true))
}

// sync says hello from a presenter window, asks from a lesson window
// whether one follows it, and sends the teacher's moment when it changed.
func (c *Class) sync() {
	if c.Web == nil {
		return
	}
	s := &c.present
	if c.P.Audience() {
		if !s.hello {
			s.hello = true
			c.Web.Broadcast(`{"hello":true}`)
		}
		return
	}
	w := c.P.Where()
	if !s.asked && w.Page == "lesson" {
		// A teacher's window reloaded (or opened by a link) finds the
		// projector that followed it: the projector says hello again.
		s.asked = true
		c.Web.Broadcast(`{"ask":true}`)
	}
	if !c.Presenting || w.Page != "lesson" || !w.Shown {
		return
	}
	b := syncMsg{Link: c.P.Link(0, false), Pos: w.Pos, Playing: w.Playing, Speed: w.Speed, Sel: w.Sel, Lang: w.Lang}.appendJSON(nil)
	if string(b) != s.lastSync {
		s.lastSync = string(b)
		c.Web.Broadcast(s.lastSync)
	}
}

// Receive handles a message from another window of the page.
func (c *Class) Receive(msg string) {
	m, err := readSyncMsg(msg)
	if err != nil {
		return
	}
	switch {
	case m.Hello:
		// A presenter window opened (or reloaded): a lesson window
		// presents, and sends its state again.
		if !c.P.Audience() && c.P.Where().Page == "lesson" {
			c.Presenting, c.present.lastSync = true, ""
		}
		return
	case !c.P.Audience():
		return
	case m.Ask:
		if c.Web != nil {
			c.Web.Broadcast(`{"hello":true}`)
		}
		return
	case m.Bye:
		c.P.Pause()
		if c.Web != nil {
			c.Web.CloseWindow()
		}
		return
	}
	c.P.Follow(Moment{Link: m.Link, Pos: m.Pos, Playing: m.Playing, Speed: m.Speed, Sel: m.Sel, Lang: m.Lang})
}
