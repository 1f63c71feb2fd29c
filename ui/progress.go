package ui

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"

	"brokerlab/internal/jsonlite"
)

// Progress: which lessons a student opened and finished, and how they
// answered each question, kept in localStorage ("brokerlab.progress") so
// the lesson list shows it after a reload. Runs of an edited scenario do
// not count: they are not the lesson.

// Progress is one lesson's record. It is stored as the JSON encoding/json
// wrote for map[string]*Progress (the tags say how), so the progress of
// visitors from before stays theirs.
type Progress struct {
	Opened   bool              `json:"opened,omitempty"`
	Finished bool              `json:"finished,omitempty"` // played or stepped to the run's last event
	Answers  map[string]string `json:"answers,omitempty"`  // step (1-based) → "right" or "wrong", the last answer
}

// ProgressState is the progress' part of the App.
type ProgressState struct {
	prog     map[string]*Progress // by lesson id; never a nil record
	loaded   bool
	recorded map[int]bool // the questions of this run already recorded
	recFor   string
}

const progressKey = "progress"

func (a *App) progress() map[string]*Progress {
	if !a.loaded {
		a.loaded = true
		a.prog = map[string]*Progress{}
		if a.Web != nil {
			if prog, err := readProgress(a.Web.Load(progressKey)); err == nil {
				a.prog = prog
			} // a corrupt record starts over rather than break the page
		}
	}
	return a.prog
}

func (a *App) saveProgress() {
	if a.Host != nil {
		a.Host.Store(progressKey, string(appendProgress(nil, a.prog)))
	}
}

// appendProgress writes every lesson's record, in the order of their ids.
func appendProgress(b []byte, prog map[string]*Progress) []byte {
	b = append(b, '{')
	for i, id := range slices.Sorted(maps.Keys(prog)) {
		if i > 0 {
			b = append(b, ',')
		}
		p := prog[id]
		b = append(jsonlite.AppendString(b, id), ":{"...)
		n := len(b)
		if p.Opened {
			b = append(b, `"opened":true,`...)
		}
		if p.Finished {
			b = append(b, `"finished":true,`...)
		}
		if len(p.Answers) > 0 {
			b = append(b, `"answers":{`...)
			for j, step := range slices.Sorted(maps.Keys(p.Answers)) {
				if j > 0 {
					b = append(b, ',')
				}
				b = jsonlite.AppendString(append(jsonlite.AppendString(b, step), ':'), p.Answers[step])
			}
			b = append(b, "},"...)
		}
		if len(b) > n {
			b = b[:len(b)-1] // the last member's comma
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// readProgress reads what appendProgress (or encoding/json) wrote. Members
// it does not know are skipped: they may be a later version's.
func readProgress(s string) (map[string]*Progress, error) {
	prog := map[string]*Progress{}
	err := jsonlite.Read([]byte(s), func(d *jsonlite.Decoder) error {
		return d.Object(func(id string) error {
			p := &Progress{}
			prog[id] = p
			return d.Object(func(key string) (err error) {
				switch key {
				case "opened":
					p.Opened, err = d.Bool()
				case "finished":
					p.Finished, err = d.Bool()
				case "answers":
					p.Answers = map[string]string{}
					err = d.Object(func(step string) (err error) {
						p.Answers[step], err = d.String()
						return err
					})
				default:
					err = d.Skip()
				}
				return err
			})
		})
	})
	return prog, err
}

// LessonProgress is lesson id's record (zero if none).
func (a *App) LessonProgress(id string) Progress {
	if p := a.progress()[id]; p != nil {
		return *p
	}
	return Progress{}
}

// track records progress at the current position; Tick calls it every
// frame, so it stores only when something changed.
func (a *App) track() {
	if a.Page != "lesson" || a.Edited() || a.Audience() || a.M == nil || a.Len() == 0 {
		return
	}
	all := a.progress()
	p := all[a.Lesson.ID]
	if p == nil {
		p = &Progress{}
		all[a.Lesson.ID] = p
	}
	changed := false
	if !p.Opened {
		p.Opened, changed = true, true
	}
	if !p.Finished && a.Pos >= a.Len()-1 {
		p.Finished, changed = true, true
	}
	if a.recFor != a.Quiz.RunName() || a.recorded == nil {
		a.recorded, a.recFor = map[int]bool{}, a.Quiz.RunName()
	}
	if a.Res != nil {
		for _, r := range a.Res.Asks {
			i, picked := a.Quiz.Picks()[r.Step]
			if !picked || a.recorded[r.Step] || a.Pos < r.Seq || i >= len(r.Choices) {
				continue
			}
			a.recorded[r.Step] = true
			if p.Answers == nil {
				p.Answers = map[string]string{}
			}
			v := "wrong"
			if r.Choices[i].Holds {
				v = "right"
			}
			p.Answers[strconv.Itoa(r.Step+1)] = v
			changed = true
		}
	}
	if changed {
		a.saveProgress()
	}
}

// ForgetProgress clears every record.
func (a *App) ForgetProgress() {
	a.progress()
	a.prog = map[string]*Progress{}
	a.saveProgress()
}

// HasProgress reports whether anything is recorded.
func (a *App) HasProgress() bool { return len(a.progress()) > 0 }

// ProgressMark is one line of a lesson card's progress.
type ProgressMark struct {
	Text, Class string
}

// ProgressMarks are lesson id's progress as the list shows it: opened or
// finished, then each question's last answer.
func (a *App) ProgressMarks(id string) []ProgressMark {
	p := a.LessonProgress(id)
	var out []ProgressMark
	switch {
	case p.Finished:
		out = append(out, ProgressMark{a.T("finished"), "finished"})
	case p.Opened:
		out = append(out, ProgressMark{a.T("opened"), "opened"})
	default:
		out = append(out, ProgressMark{a.T("notOpened"), "new"})
	}
	steps := make([]string, 0, len(p.Answers))
	for k := range p.Answers {
		steps = append(steps, k)
	}
	sort.Slice(steps, func(i, j int) bool {
		x, _ := strconv.Atoi(steps[i])
		y, _ := strconv.Atoi(steps[j])
		return x < y
	})
	for _, k := range steps {
		v := p.Answers[k]
		out = append(out, ProgressMark{fmt.Sprintf(a.T("checkpoint"), k, a.T("answer."+v)), v})
	}
	return out
}
