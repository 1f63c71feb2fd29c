package editor

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
	"brokerlab/core/surface"
)

// The editor completes what the cursor's place in its line asks for, from
// the systems' declared tables (scenario.Surfaces): after `use` the
// systems; after `set` the settings of the system in use, with their kind
// and default; after `at T`/`after T` the system's action forms, word by
// word; after `expect`, `run until` and `choice "…"` its state paths. And
// a parse error's "did you mean" is a one-click fix (editFix).

// Candidate is one entry of the completion list.
type Candidate struct {
	Text   string // what accepting it puts in place of the word at the cursor
	Label  string // what the list shows: the setting's key, the form, the path
	Detail string // after the label: a setting's kind and default
	Doc    string // the selected entry's line under the list
}

// completion is the open list: the bytes of Text its entry replaces,
// the line and column where that word starts (the list's place), and the
// selected entry.
type completion struct {
	from, to  int
	line, col int
	items     []Candidate
	sel       int
}

// completeRows is how many entries the list shows at once; completeLines
// the text lines it covers, at most (with its counts and doc line).
const completeRows, completeLines = 8, 14

// candidates are the entries for the cursor at byte at of text, and the
// bytes of the word they replace. None in a comment or a string.
func (e *Editor) candidates(text string, at int) (from, to int, out []Candidate) {
	start := strings.LastIndexByte(text[:at], '\n') + 1
	prefix := text[start:at]
	toks, ok := scenario.Tokens(prefix)
	if !ok {
		return at, at, nil // inside a string
	}
	n := len([]rune(prefix))
	end := 1 // the column past the last word
	if len(toks) > 0 {
		end = toks[len(toks)-1].End
	}
	if strings.Contains(string([]rune(prefix)[end-1:]), "#") {
		return at, at, nil // a comment
	}
	cur := ""
	if len(toks) > 0 && end == n+1 {
		last := toks[len(toks)-1]
		if last.Quoted {
			return at, at, nil // right after a string's closing quote
		}
		cur, toks = last.Text, toks[:len(toks)-1]
	}
	from, to = at-len(cur), at+wordLen(text[at:])
	words := make([]string, len(toks))
	for i, t := range toks {
		if t.Quoted && !(i == 1 && words[0] == "choice") {
			return from, to, nil
		}
		words[i] = t.Text
	}
	sys, _ := systemIn(text[:start])
	switch {
	case len(words) == 1 && words[0] == "use":
		for _, s := range scenario.Surfaces() {
			out = append(out, Candidate{Text: s.Name, Label: s.Name, Doc: s.Doc})
		}
	case len(words) == 1 && words[0] == "set":
		out = e.settingCandidates(sys, cur)
	case len(words) >= 2 && (words[0] == "at" || words[0] == "after"):
		for _, f := range sys.Actions {
			if next, more := f.Next(words[2:]); next != "" {
				if more {
					next += " "
				}
				out = append(out, Candidate{Text: next, Label: f.Form, Doc: f.Doc})
			}
		}
	case len(words) == 1 && words[0] == "expect", len(words) == 2 && words[0] == "run" && words[1] == "until",
		len(words) == 2 && words[0] == "choice":
		for _, p := range sys.Paths {
			out = append(out, Candidate{Text: p + " ", Label: p})
		}
	}
	return from, to, matching(out, cur)
}

// settingCandidates are system sys's settings; a family's members once the
// word has its prefix (controller.eventTime.B…).
func (e *Editor) settingCandidates(sys scenario.Surface, cur string) []Candidate {
	var out []Candidate
	for _, r := range sys.Settings {
		detail := r.Kind
		if r.Default != "" {
			detail += " · " + e.P.T("completeDefault") + " " + r.Default
		}
		members := scenario.Members(sys.Name, r.Key)
		if members == nil {
			out = append(out, Candidate{Text: r.Key + " ", Label: r.Key, Detail: detail, Doc: r.Doc})
			continue
		}
		pre := r.Key[:strings.LastIndexByte(r.Key, '.')+1]
		if !strings.HasPrefix(cur, pre) {
			out = append(out, Candidate{Text: pre, Label: r.Key, Detail: detail, Doc: r.Doc})
			continue
		}
		for _, m := range members {
			out = append(out, Candidate{Text: pre + m + " ", Label: pre + m, Detail: detail, Doc: r.Doc})
		}
	}
	return out
}

// matching are the candidates for the word typed so far: those that start
// with it, then those that hold it elsewhere, in the table's order; not
// one that is the word already.
func matching(cs []Candidate, cur string) []Candidate {
	low := strings.ToLower(cur)
	var first, then []Candidate
	for _, c := range cs {
		t := strings.ToLower(strings.TrimSpace(c.Text))
		switch {
		case t == low:
		case strings.HasPrefix(t, low):
			first = append(first, c)
		case strings.Contains(t, low):
			then = append(then, c)
		}
	}
	return append(first, then...)
}

// systemIn is the surface of the system the text's `use` line names.
func systemIn(text string) (scenario.Surface, bool) {
	for _, line := range strings.Split(text, "\n") {
		if t, ok := scenario.Tokens(line); ok && len(t) >= 2 && t[0].Text == "use" && !t[0].Quoted {
			for _, s := range scenario.Surfaces() {
				if s.Name == t[1].Text {
					return s, true
				}
			}
		}
	}
	return scenario.Surface{}, false
}

// wordLen is the bytes of the word s starts with (the rest of the word
// the cursor is in).
func wordLen(s string) int {
	if i := strings.IndexAny(s, " \t\r\n\"#"); i >= 0 {
		return i
	}
	return len(s)
}

// byteAt is the byte of text at UTF-16 offset off (a textarea's caret).
func byteAt(text string, off int) int {
	n := 0
	for i, r := range text {
		if n >= off {
			return i
		}
		n += utf16.RuneLen(r)
	}
	return len(text)
}

// u16 is the length of s in UTF-16 code units.
func u16(s string) int { return len(utf16.Encode([]rune(s))) }

// Input takes the textarea's text as it is typed, with its caret
// (UTF-16) and the input's type: typing opens the list or narrows it,
// deleting narrows an open one, anything else (a paste) closes it.
func (e *Editor) Input(text string, caret int, inputType string) {
	e.SetText(text)
	if strings.HasPrefix(inputType, "insertText") || e.comp != nil && strings.HasPrefix(inputType, "delete") {
		e.Complete(caret)
	} else {
		e.comp = nil
	}
}

// Complete opens the list for the caret at UTF-16 offset caret (Ctrl+Space
// and typing), or closes it when nothing fits there.
func (e *Editor) Complete(caret int) { e.completeAt(byteAt(e.Text, caret)) }

func (e *Editor) completeAt(at int) {
	e.comp = nil
	from, to, items := e.candidates(e.Text, at)
	if len(items) == 0 {
		return
	}
	line := strings.Count(e.Text[:from], "\n") + 1
	col := len([]rune(e.Text[strings.LastIndexByte(e.Text[:from], '\n')+1 : from]))
	e.comp = &completion{from: from, to: to, line: line, col: col + 1, items: items}
}

// CloseCompletion closes the list.
func (e *Editor) CloseCompletion() { e.comp = nil }

// CompleteKey is a key pressed in the textarea while the list is open:
// Up and Down move, Enter and Tab accept, Escape closes; a key that moves
// the caret elsewhere closes it too. It reports whether the key was the
// list's (the textarea must not see it).
func (e *Editor) CompleteKey(key string) bool {
	c := e.comp
	if c == nil {
		return false
	}
	switch key {
	case "ArrowDown":
		c.sel = (c.sel + 1) % len(c.items)
	case "ArrowUp":
		c.sel = (c.sel + len(c.items) - 1) % len(c.items)
	case "Enter", "Tab":
		e.AcceptCompletion(c.sel)
	case "Escape":
		e.comp = nil
	case "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown":
		e.comp = nil
		return false
	default:
		return false
	}
	return true
}

// AcceptCompletion puts entry i in place of the word at the cursor and
// re-checks the text. A path's first [KEY] is selected, to be typed over;
// otherwise the list follows the cursor (a family's members after its
// prefix).
func (e *Editor) AcceptCompletion(i int) {
	c := e.comp
	if c == nil || i < 0 || i >= len(c.items) {
		return
	}
	ins := c.items[i].Text
	text := e.Text[:c.from] + ins + e.Text[c.to:]
	e.Replace(text)
	caret := c.from + len(ins)
	if k := strings.IndexByte(ins, '['); k >= 0 {
		if end := strings.IndexByte(ins[k:], ']'); end > 1 {
			e.focus, e.sel = 1+u16(text[:c.from+k+1]), u16(text[:c.from+k+end])
			return
		}
	}
	e.focus, e.sel = 1+u16(text[:caret]), u16(text[:caret])
	e.completeAt(caret)
}

// CompleteOpen reports whether the list shows.
func (e *Editor) CompleteOpen() bool { return e.comp != nil && e.Open }

// CompleteRow is an entry as the list shows it.
type CompleteRow struct {
	Candidate
	Index int
	ID    string
	Sel   bool
}

// CompleteRows are the entries in view: at most completeRows, the
// selected one among them.
func (e *Editor) CompleteRows() []CompleteRow {
	c := e.comp
	if c == nil {
		return nil
	}
	lo, hi := e.completeWindow()
	var out []CompleteRow
	for i := lo; i < hi; i++ {
		out = append(out, CompleteRow{Candidate: c.items[i], Index: i, ID: fmt.Sprintf("edit-opt-%d", i), Sel: i == c.sel})
	}
	return out
}

func (e *Editor) completeWindow() (lo, hi int) {
	c := e.comp
	lo = min(max(0, c.sel-completeRows/2), max(0, len(c.items)-completeRows))
	return lo, min(len(c.items), lo+completeRows)
}

// CompleteMore says how many entries are above and below the view ("" for none).
func (e *Editor) CompleteMore() (above, below string) {
	if e.comp == nil {
		return "", ""
	}
	lo, hi := e.completeWindow()
	if lo > 0 {
		above = fmt.Sprintf(e.P.T("completeAbove"), lo)
	}
	if n := len(e.comp.items) - hi; n > 0 {
		below = fmt.Sprintf(e.P.T("completeBelow"), n)
	}
	return above, below
}

// CompleteDoc is the selected entry's doc line.
func (e *Editor) CompleteDoc() string {
	if e.comp == nil {
		return ""
	}
	return e.comp.items[e.comp.sel].Doc
}

// CompleteActive is the selected entry's id (aria-activedescendant).
func (e *Editor) CompleteActive() string {
	if e.comp == nil {
		return ""
	}
	return fmt.Sprintf("edit-opt-%d", e.comp.sel)
}

// BoxRows is the textarea's rows: the text's and one more, or with
// room under the word's line for the open list, which the box would clip.
func (e *Editor) BoxRows() int {
	n := e.Rows() + 1
	if e.comp != nil {
		n = max(n, e.comp.line+completeLines)
	}
	return n
}

// CompletePad places the list under the word's line, at its column (the
// page's CSP refuses a style attribute that would place it): the lines
// above and the columns before, in the textarea's own font. A word far to
// the right puts the list at column 40.
func (e *Editor) CompletePad() string {
	if e.comp == nil {
		return ""
	}
	return strings.Repeat("\n", e.comp.line) + strings.Repeat(" ", min(e.comp.col-1, 40))
}

// editFix is a "did you mean" the editor can apply: the bytes of Text
// the misspelt word takes, the word and what replaces it.
type editFix struct {
	from, to   int
	word, with string
}

// fix is the editor's error's fix, if its error has a hint: the parse
// error, or the run's error while the editor holds the text that ran. The
// misspelt word is the hinted name's part of the word at the error's
// column: all of it (controler.id), or a part (the BrokerChang of
// controller.eventTime.BrokerChang, the asignor of asignor=range); a path
// pattern's [KEY] takes the key written.
func (e *Editor) fix() (editFix, bool) {
	err := error(e.Err)
	if e.Err == nil {
		src, runErr := e.P.Ran()
		if e.Text != src {
			return editFix{}, false
		}
		err = runErr
	}
	var se *scenario.Error
	h := hint(err)
	if !errors.As(err, &se) || h == "" {
		return editFix{}, false
	}
	lines := strings.SplitAfter(e.Text, "\n")
	if se.Line < 1 || se.Line > len(lines) {
		return editFix{}, false
	}
	off := len(strings.Join(lines[:se.Line-1], ""))
	line := strings.TrimSuffix(lines[se.Line-1], "\n")
	toks, _ := scenario.Tokens(line)
	for _, t := range toks {
		if t.Col != se.Col || t.Quoted {
			continue
		}
		start := off + len(string([]rune(line)[:t.Col-1]))
		i, j, with := misspelt(t.Text, h)
		if with == "" {
			return editFix{}, false
		}
		return editFix{start + i, start + j, t.Text[i:j], with}, true
	}
	return editFix{}, false
}

// hint is the "did you mean" of err as data: its own, or that of an
// error it words (a setting's value: msg.New("setting", key, err)).
func hint(err error) string {
	var d *msg.Error
	if !errors.As(err, &d) {
		return ""
	}
	for _, x := range d.Args {
		if e, ok := x.(error); ok && d.Hint == "" {
			if h := hint(e); h != "" {
				return h
			}
		}
	}
	return d.Hint
}

// misspelt is the longest part of word, between its separators (. = , [ ]),
// that hint is near (surface.Nearest), and what replaces it; "" if none.
func misspelt(word, hint string) (i, j int, with string) {
	var cuts []int
	for k, r := range word {
		if strings.ContainsRune(".=,[]", r) {
			cuts = append(cuts, k)
		}
	}
	starts, ends := []int{0}, []int{}
	for _, k := range cuts {
		starts, ends = append(starts, k+1), append(ends, k)
	}
	ends = append(ends, len(word))
	for _, s := range starts {
		for _, e := range ends {
			if e <= s || e-s <= j-i {
				continue
			}
			w := withKeys(hint, word[s:e])
			if surface.Nearest(word[s:e], []string{w}) == w {
				i, j, with = s, e, w
			}
		}
	}
	return i, j, with
}

// withKeys is a path pattern (controller.metric[NAME].count) with the
// bracketed keys of path written in it, when both have as many; else the
// pattern as it is.
func withKeys(pattern, path string) string {
	keys := func(s string) (out [][2]int) {
		for k := 0; ; {
			o := strings.IndexByte(s[k:], '[')
			if o < 0 {
				return out
			}
			c := strings.IndexByte(s[k+o:], ']')
			if c < 0 {
				return out
			}
			out = append(out, [2]int{k + o + 1, k + o + c})
			k += o + c
		}
	}
	pk, wk := keys(pattern), keys(path)
	if len(pk) == 0 || len(pk) != len(wk) {
		return pattern
	}
	var b strings.Builder
	last := 0
	for n, k := range pk {
		b.WriteString(pattern[last:k[0]])
		b.WriteString(path[wk[n][0]:wk[n][1]])
		last = k[1]
	}
	b.WriteString(pattern[last:])
	return b.String()
}

// FixText is the fix button's label, "" when the error has no fix.
func (e *Editor) FixText() string {
	f, ok := e.fix()
	if !ok {
		return ""
	}
	return fmt.Sprintf(e.P.T("fixReplace"), f.word, f.with)
}

// ApplyFix replaces the misspelt word with its hint and re-checks the
// text; the caret goes after the word put there.
func (e *Editor) ApplyFix() {
	f, ok := e.fix()
	if !ok {
		return
	}
	text := e.Text[:f.from] + f.with + e.Text[f.to:]
	e.Replace(text)
	at := u16(text[:f.from+len(f.with)])
	e.focus, e.sel = 1+at, at
}
