// Package lessons holds the lessons as data: one folder each, with a
// lesson.json (titles and summaries in English and Chinese) and the
// scenario.lab that both drives the simulation and carries the narration.
package lessons

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"brokerlab/internal/jsonlite"
)

//go:embed */lesson.json */scenario.lab
var files embed.FS

// Text is one string in both languages.
type Text struct {
	EN string `json:"en"`
	ZH string `json:"zh"`
}

// Lesson is one lesson folder.
type Lesson struct {
	ID       string   `json:"-"`       // folder name, "01-controller-event-queue"
	Title    Text     `json:"title"`   // shown in the list and the page header
	Summary  Text     `json:"summary"` // one or two sentences for the list
	File     string   `json:"-"`       // "01-controller-event-queue/scenario.lab", for errors
	Scenario string   `json:"-"`       // the scenario's source text
	WhatIfs  []WhatIf `json:"whatifs"` // the what-ifs the lesson suggests
	// Crux is the step (1-based) whose end shows what the lesson is about:
	// its screenshot (make screenshots) and one of the moments whose stage
	// text the browser tests measure.
	Crux int `json:"crux"`
}

// WhatIf is a what-if a lesson suggests ("in the what-if panel set …"):
// its settings ("KEY VALUE", as a link's set=), what to look for as a
// condition that holds with them ("PATH OP VALUE", as an expect line) at
// the end of the run, or at the end of step Step (1-based) where the
// what-if changes the middle of the run, and the suggestion in both
// languages.
type WhatIf struct {
	Set    []string `json:"set"`
	Expect string   `json:"expect"`
	Step   int      `json:"step"`
	Text   Text     `json:"text"`
}

// Checked is lesson l's scenario with what-if w's condition as an expect
// line at the end of its step (or of the file), and that line's number:
// run with w's settings, the line holds; run without, it fails.
func (w WhatIf) Checked(l Lesson) (src string, line int) {
	lines := strings.Split(strings.TrimRight(l.Scenario, "\n"), "\n")
	at := len(lines) // the expect goes before line at (0-based)
	if w.Step > 0 {
		n := 0
		for i, s := range lines {
			if strings.HasPrefix(s, "say ") {
				if n++; n == w.Step+1 {
					at = i
					break
				}
			}
		}
	}
	lines = append(lines[:at], append([]string{"expect " + w.Expect}, lines[at:]...)...)
	return strings.Join(lines, "\n") + "\n", at + 1
}

// All returns every lesson in folder order.
func All() ([]Lesson, error) {
	dirs, err := fs.Glob(files, "*/lesson.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	out := make([]Lesson, 0, len(dirs))
	for _, meta := range dirs {
		id := path.Dir(meta)
		l, err := load(id)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// Get returns the lesson with the given folder name.
func Get(id string) (Lesson, error) {
	if _, err := fs.Stat(files, id+"/lesson.json"); err != nil {
		return Lesson{}, fmt.Errorf("lessons: no lesson %q", id)
	}
	return load(id)
}

func load(id string) (Lesson, error) {
	raw, err := files.ReadFile(id + "/lesson.json")
	if err != nil {
		return Lesson{}, err
	}
	l, err := parseMeta(id, raw)
	if err != nil {
		return l, err
	}
	src, err := files.ReadFile(id + "/scenario.lab")
	if err != nil {
		return l, err
	}
	l.ID, l.File, l.Scenario = id, id+"/scenario.lab", string(src)
	return l, nil
}

// parseMeta reads lesson id's lesson.json, raw. Its errors name the line
// and column: a misspelt "titel" is an error at that name, not a missing
// title.
func parseMeta(id string, raw []byte) (Lesson, error) {
	var l Lesson
	err := jsonlite.Read(raw, func(d *jsonlite.Decoder) error {
		return d.Object(func(key string) error {
			switch key {
			case "title":
				return readText(d, &l.Title)
			case "summary":
				return readText(d, &l.Summary)
			case "crux":
				var err error
				l.Crux, err = d.Int()
				return err
			case "whatifs":
				return d.Array(func() error {
					var w WhatIf
					err := readWhatIf(d, &w)
					l.WhatIfs = append(l.WhatIfs, w)
					return err
				})
			}
			return fmt.Errorf("unknown field %q: a lesson has a title, a summary, a crux and whatifs", key)
		})
	})
	if e := (*jsonlite.Error)(nil); errors.As(err, &e) {
		line, col := Position(raw, int64(e.Offset))
		return l, fmt.Errorf("lessons/%s/lesson.json:%d:%d: %w", id, line, col, err)
	}
	return l, err
}

func readWhatIf(d *jsonlite.Decoder, w *WhatIf) error {
	return d.Object(func(key string) (err error) {
		switch key {
		case "set":
			return d.Array(func() error {
				s, err := d.String()
				w.Set = append(w.Set, s)
				return err
			})
		case "expect":
			w.Expect, err = d.String()
		case "step":
			w.Step, err = d.Int()
		case "text":
			err = readText(d, &w.Text)
		default:
			err = fmt.Errorf("unknown field %q: a what-if has set, expect, step and text", key)
		}
		return err
	})
}

func readText(d *jsonlite.Decoder, t *Text) error {
	return d.Object(func(lang string) (err error) {
		switch lang {
		case "en":
			t.EN, err = d.String()
		case "zh":
			t.ZH, err = d.String()
		default:
			err = fmt.Errorf("unknown field %q: a text is in English (en) and Chinese (zh)", lang)
		}
		return err
	})
}

// Position turns a byte offset into src into a 1-based line and column
// (the column counted in characters), as editors number them.
func Position(src []byte, off int64) (line, col int) {
	if off > int64(len(src)) {
		off = int64(len(src))
	}
	before := src[:max(off, 0)]
	line = bytes.Count(before, []byte("\n")) + 1
	col = len([]rune(string(before[bytes.LastIndexByte(before, '\n')+1:]))) + 1
	return line, col
}
