package surface

import (
	"time"

	"brokerlab/core/msg"
)

// Token is a word of an action as the scenario's tokenizer read it.
type Token struct {
	Text   string
	Col    int // first character, from 1
	End    int // the column just past it
	Quoted bool
}

// Args is an action's words matched against its form: what a Parse hook
// reads. Errors it returns should carry the column they are about
// (msg.At); one without is placed at the action's first word.
type Args struct {
	Form  string
	Words []Token          // every word of the action
	Pos   []Token          // the placeholders' words, in the form's order
	Opt   map[string]Token // options given: the token's text is the value, its column the word's
	Flags map[string]Token // flags given ([always])
	Rest  []Token          // the free k=v fields ([k=v…])
}

// End is the column just past the action's last word.
func (a *Args) End() int { return a.Words[len(a.Words)-1].End }

// Count reads option k as an integer from 1 to most, 1 if it is absent.
func (a *Args) Count(k string, most int) (int, error) {
	tk, ok := a.Opt[k]
	if !ok {
		return 1, nil
	}
	n, err := ReadInt(k, tk.Text, 1, most)
	return n, at(tk.Col, err)
}

// Duration reads option k as a duration, def if it is absent.
func (a *Args) Duration(k string, def time.Duration) (time.Duration, error) {
	tk, ok := a.Opt[k]
	if !ok {
		return def, nil
	}
	d, err := ParseDuration(tk.Text)
	return d, at(tk.Col, err)
}

// at places err, a *msg.Error or nil, at column col.
func at(col int, err error) error {
	if e, ok := err.(*msg.Error); ok {
		e.Col = col
		return e
	}
	return err
}
