// Package lessons holds the lessons as data: one folder each, with a
// lesson.json (titles and summaries in English and Chinese) and the
// scenario.lab that both drives the simulation and carries the narration.
package lessons

import (
	"embed"
	"encoding/json"
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
	if err := json.Unmarshal(raw, &l); err != nil {
		return l, fmt.Errorf("lessons: %s/lesson.json: %w", id, err)
	}
	src, err := files.ReadFile(id + "/scenario.lab")
	if err != nil {
		return l, err
	}
	l.ID, l.File, l.Scenario = id, id+"/scenario.lab", string(src)
	return l, nil
}
