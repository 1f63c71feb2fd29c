// Package lessons holds the lessons as data: one folder each, with a
// lesson.json (titles and summaries in English and Chinese) and the
// scenario.lab that both drives the simulation and carries the narration.
package lessons

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
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
	ID       string `json:"-"`       // folder name, "01-controller-event-queue"
	Title    Text   `json:"title"`   // shown in the list and the page header
	Summary  Text   `json:"summary"` // one or two sentences for the list
	File     string `json:"-"`       // "01-controller-event-queue/scenario.lab", for errors
	Scenario string `json:"-"`       // the scenario's source text
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
	var l Lesson
	raw, err := files.ReadFile(id + "/lesson.json")
	if err != nil {
		return l, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields() // a misspelt "titel" is an error, not a missing title
	if err := dec.Decode(&l); err != nil {
		off := dec.InputOffset()
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			off = syn.Offset
		}
		line, col := Position(raw, off)
		return l, fmt.Errorf("lessons/%s/lesson.json:%d:%d: %w", id, line, col, err)
	}
	src, err := files.ReadFile(id + "/scenario.lab")
	if err != nil {
		return l, err
	}
	l.ID, l.File, l.Scenario = id, id+"/scenario.lab", string(src)
	return l, nil
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
