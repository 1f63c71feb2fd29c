package classroom

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

// progress is the records and what of this run they hold.
type progress struct {
	prog     map[string]*Progress // by lesson id; never a nil record
	loaded   bool
	recorded map[int]bool // the questions of this run already recorded
	recFor   string
}

const progressKey = "progress"

func (c *Class) records() map[string]*Progress {
	p := &c.progress
	if !p.loaded {
		p.loaded = true
		p.prog = map[string]*Progress{}
		if c.Web != nil {
			if prog, err := readProgress(c.Web.Load(progressKey)); err == nil {
				p.prog = prog
			} // a corrupt record starts over rather than break the page
		}
	}
	return p.prog
}

func (c *Class) saveProgress() {
	c.P.Store(progressKey, string(appendProgress(nil, c.progress.prog)))
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
func (c *Class) LessonProgress(id string) Progress {
	if p := c.records()[id]; p != nil {
		return *p
	}
	return Progress{}
}

// track records progress at the current position; AfterTick calls it
// every frame, so it stores only when something changed.
func (c *Class) track() {
	w := c.P.Where()
	if w.Page != "lesson" || w.Edited || c.P.Audience() || !w.Shown || w.Len == 0 {
		return
	}
	all := c.records()
	p := all[w.Lesson]
	if p == nil {
		p = &Progress{}
		all[w.Lesson] = p
	}
	changed := false
	if !p.Opened {
		p.Opened, changed = true, true
	}
	if !p.Finished && w.Pos >= w.Len-1 {
		p.Finished, changed = true, true
	}
	run, answers := c.P.Answers()
	rec := &c.progress
	if rec.recFor != run || rec.recorded == nil {
		rec.recorded, rec.recFor = map[int]bool{}, run
	}
	for _, ans := range answers {
		if rec.recorded[ans.Step] {
			continue
		}
		rec.recorded[ans.Step] = true
		if p.Answers == nil {
			p.Answers = map[string]string{}
		}
		v := "wrong"
		if ans.Right {
			v = "right"
		}
		p.Answers[strconv.Itoa(ans.Step+1)] = v
		changed = true
	}
	if changed {
		c.saveProgress()
	}
}

// ForgetProgress clears every record.
func (c *Class) ForgetProgress() {
	c.records()
	c.progress.prog = map[string]*Progress{}
	c.saveProgress()
}

// HasProgress reports whether anything is recorded.
func (c *Class) HasProgress() bool { return len(c.records()) > 0 }

// ProgressMark is one line of a lesson card's progress.
type ProgressMark struct {
	Text, Class string
}

// ProgressMarks are lesson id's progress as the list shows it: opened or
// finished, then each question's last answer.
func (c *Class) ProgressMarks(id string) []ProgressMark {
	p := c.LessonProgress(id)
	var out []ProgressMark
	switch {
	case p.Finished:
		out = append(out, ProgressMark{c.P.T("finished"), "finished"})
	case p.Opened:
		out = append(out, ProgressMark{c.P.T("opened"), "opened"})
	default:
		out = append(out, ProgressMark{c.P.T("notOpened"), "new"})
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
		out = append(out, ProgressMark{fmt.Sprintf(c.P.T("checkpoint"), k, c.P.T("answer."+v)), v})
	}
	return out
}
