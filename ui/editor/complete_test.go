package editor

import (
	"slices"
	"strings"
	"testing"

	"brokerlab/core/scenario"
)

// labels are the completion list's entries for text with the cursor at |.
func labels(t *testing.T, e *Editor, text string) []string {
	t.Helper()
	at := strings.Index(text, "|")
	text = text[:at] + text[at+1:]
	_, _, cs := e.candidates(text, at)
	var out []string
	for _, c := range cs {
		out = append(out, c.Label)
	}
	return out
}

// Each context of a line offers what the system's table declares there.
func TestCompletionContexts(t *testing.T) {
	ed := open("")
	var systems, ctlKeys, ssForms, ctlPaths []string
	for _, s := range scenario.Surfaces() {
		systems = append(systems, s.Name)
		switch s.Name {
		case "controller":
			for _, r := range s.Settings {
				ctlKeys = append(ctlKeys, r.Key)
			}
			ctlPaths = s.Paths
		case "socketserver":
			for _, f := range s.Actions {
				ssForms = append(ssForms, f.Form)
			}
		}
	}
	ctl := "use controller\n"
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"use: the systems", "use |", systems},
		{"use: narrowed", "use zoo|", []string{"zookeeper"}},
		{"use: by a part of the name", "use server|", []string{"socketserver"}},
		{"use: the word is complete", "use group|", nil},
		{"set: the system's settings", ctl + "set |", ctlKeys},
		{"set: narrowed", ctl + "set controller.p|", []string{"controller.preemptTime", "controller.putLock"}},
		{"set: a family's members after its prefix", ctl + "set controller.eventTime.Broker|", []string{"controller.eventTime.BrokerChange", "controller.eventTime.BrokerModifications"}},
		{"set: no system yet", "set |", nil},
		{"set: the value is not completed", ctl + "set controller.id |", nil},
		{"at: the action forms", "use socketserver\nat 10ms |", ssForms},
		{"after: narrowed", "use socketserver\nafter 1s co|", []string{"connect C [listener=L] [from=controller] [count=N]"}},
		{"at: the form's next literal word", "use group\nat 0ms consumer C1 |", []string{"consumer C join G topics=T,T [assignor=A] [session.timeout.ms=N] [heartbeat.interval.ms=N] [max.poll.interval.ms=N] [instance=ID]", "consumer C leave", "consumer C stall D", "consumer C process D", "consumer C crash", "consumer C restart"}},
		{"at: a value comes next", "use group\nat 0ms consumer |", nil},
		{"expect: the paths", ctl + "expect |", ctlPaths},
		{"run until: narrowed", ctl + "run until controller.putLock.|", []string{"controller.putLock.holder", "controller.putLock.waits"}},
		{"choice: after its text", ctl + `choice "Lost, of course" controller.lo|`, []string{"controller.lost"}},
		{"choice: not in its text", ctl + `choice "contr|`, nil},
		{"run: not a path", ctl + "run |", nil},
		{"a comment", ctl + "# set |", nil},
		{"a statement's first word", ctl + "|", nil},
	} {
		if got := labels(t, ed, c.text); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q offers\n  %q\nwant\n  %q", c.name, c.text, got, c.want)
		}
	}
}

// Typing opens the list; the keys move in it, accept and close it; an
// accepted family prefix opens its members, a path selects its [KEY].
func TestCompletionKeys(t *testing.T) {
	ed := open("")
	type_ := func(text string) {
		t.Helper()
		ed.Input(text, u16(text), "insertText")
	}
	type_("use controller\nset controller.e")
	must(t, "the list opens as one types", ed.CompleteOpen())
	rows := ed.CompleteRows()
	if len(rows) != 2 || rows[0].Label != "controller.eventTime" || !rows[0].Sel || rows[1].Label != "controller.eventTime.EVENT" {
		t.Fatalf("rows %+v", rows)
	}
	must(t, "Down is the list's", ed.CompleteKey("ArrowDown"))
	must(t, "Down moves", ed.CompleteRows()[1].Sel && ed.CompleteActive() == "edit-opt-1")
	must(t, "Down wraps", ed.CompleteKey("ArrowDown") && ed.CompleteRows()[0].Sel)
	must(t, "Up wraps", ed.CompleteKey("ArrowUp") && ed.CompleteRows()[1].Sel)
	must(t, "Tab accepts", ed.CompleteKey("Tab"))
	must(t, "the family's prefix", ed.Text == "use controller\nset controller.eventTime.")
	must(t, "its members listed", ed.CompleteOpen() && len(ed.comp.items) > completeRows && ed.CompleteRows()[0].Label == "controller.eventTime.ControllerChange")
	_, below := ed.CompleteMore()
	must(t, "the rest counted: "+below, below == "▼ 17 more")
	must(t, "Enter accepts", ed.CompleteKey("Enter"))
	must(t, "the member and a space", ed.Text == "use controller\nset controller.eventTime.ControllerChange " && !ed.CompleteOpen())
	if got := ed.TakeFocus(); got != u16(ed.Text) {
		t.Fatalf("the caret goes to %d, want %d", got, u16(ed.Text))
	}

	type_(ed.Text + "10ms\nexpect controller.metric[")
	must(t, "paths listed", ed.CompleteOpen() && ed.CompleteRows()[0].Label == "controller.metric[NAME].count")
	must(t, "Escape closes", ed.CompleteKey("Escape") && !ed.CompleteOpen())
	must(t, "a closed list's keys are the textarea's", !ed.CompleteKey("Enter"))
	ed.Complete(u16(ed.Text)) // Ctrl+Space
	must(t, "Ctrl+Space opens", ed.CompleteOpen())
	ed.AcceptCompletion(0) // a click
	must(t, "the path", strings.HasSuffix(ed.Text, "\nexpect controller.metric[NAME].count "))
	end := ed.SelEnd()
	start := ed.TakeFocus()
	if sel := string(utf16Slice(ed.Text, start, end)); sel != "NAME" {
		t.Fatalf("selected %q, want NAME", sel)
	}
	must(t, "no list over a selected key", !ed.CompleteOpen())

	type_(ed.Text + "== 1\nexpect controller.l")
	must(t, "open", ed.CompleteOpen())
	must(t, "Left closes, and is the textarea's", !ed.CompleteKey("ArrowLeft") && !ed.CompleteOpen())
	type_(ed.Text + "o")
	ed.Input(ed.Text[:len(ed.Text)-1], u16(ed.Text)-1, "deleteContentBackward")
	must(t, "deleting narrows an open list", ed.CompleteOpen())
	ed.Input(ed.Text+"x", u16(ed.Text)+1, "insertFromPaste")
	must(t, "a paste closes it", !ed.CompleteOpen())
	type_(ed.Text[:len(ed.Text)-1])
	ed.CloseCompletion() // blur
	must(t, "closed", !ed.CompleteOpen())
}

func utf16Slice(s string, from, to int) string {
	return s[byteAt(s, from):byteAt(s, to)]
}

// The list sits under the word's line, at its column.
func TestCompletionPad(t *testing.T) {
	ed := open("")
	text := "use controller\n\n  expect controller.q"
	ed.Input(text, u16(text), "insertText")
	if got := ed.CompletePad(); got != "\n\n\n"+strings.Repeat(" ", 9) {
		t.Fatalf("pad %q", got)
	}
	if got := ed.BoxRows(); got != 3+completeLines {
		t.Fatalf("%d rows with the list open under line 3, want room for it (%d)", got, 3+completeLines)
	}
	ed.CloseCompletion()
	if got := ed.BoxRows(); got != 4 {
		t.Fatalf("%d rows for 3 lines, want 4", got)
	}
}

// A parse error's "did you mean" is a fix of the misspelt word at its
// column, whichever part of the word it is; the fixed text no longer has
// that error.
func TestFixes(t *testing.T) {
	for _, c := range []struct{ text, label, fixed string }{
		{"use controler", "Replace controler with controller", "use controller"},
		{"use controller\nset controler.id 1", "Replace controler.id with controller.id", "use controller\nset controller.id 1"},
		{"use controller\nset controller.eventTime.BrokerChang 5ms", "Replace BrokerChang with BrokerChange", "use controller\nset controller.eventTime.BrokerChange 5ms"},
		{"use controller\nat 1ms putt BrokerChange", "Replace putt with put", "use controller\nat 1ms put BrokerChange"},
		{"use controller\nat 1ms put BrokerChang", "Replace BrokerChang with BrokerChange", "use controller\nat 1ms put BrokerChange"},
		{"use controller\nat 1ms put ControlledShutdown idd=2", "Replace idd with id", "use controller\nat 1ms put ControlledShutdown id=2"},
		{"use controller\nat 1ms session expir", "Replace expir with expire", "use controller\nat 1ms session expire"},
		{"use controller\nexpect controller.metrik[EventQueueTimeMs].count == 1", "Replace controller.metrik[EventQueueTimeMs].count with controller.metric[EventQueueTimeMs].count", "use controller\nexpect controller.metric[EventQueueTimeMs].count == 1"},
		{"use controller\nexpect controller.queue.sise == 0", "Replace controller.queue.sise with controller.queue.size", "use controller\nexpect controller.queue.size == 0"},
		{"use socketserver\nat 0ms connect c1\nat 1ms send c1 Produse", "Replace Produse with Produce", "use socketserver\nat 0ms connect c1\nat 1ms send c1 Produce"},
		{"use zookeeper\nat 0ms connect c1 ipp=10.0.0.1", "Replace ipp with ip", "use zookeeper\nat 0ms connect c1 ip=10.0.0.1"},
		{"use listener\nset ackMode RECORDS", "Replace RECORDS with RECORD", "use listener\nset ackMode RECORD"},
		{"use group\nset partition.assignment.strategy range,roundrobn", "Replace roundrobn with roundrobin", "use group\nset partition.assignment.strategy range,roundrobin"},
		{"use group\nat 0ms topic t partitions=1\nat 0ms consumer C1 join g topics=t assignor=rnge", "Replace rnge with range", "use group\nat 0ms topic t partitions=1\nat 0ms consumer C1 join g topics=t assignor=range"},
	} {
		ed := open("")
		ed.Input(c.text, 0, "insertFromPaste")
		if ed.Err == nil {
			t.Errorf("%q parses", c.text)
			continue
		}
		if got := ed.FixText(); got != c.label {
			t.Errorf("%q (%v): the fix is %q, want %q", c.text, ed.Err, got, c.label)
			continue
		}
		before := ed.Err.Msg
		ed.ApplyFix()
		if ed.Text != c.fixed {
			t.Errorf("fixed %q, want %q", ed.Text, c.fixed)
		}
		if ed.Err != nil && ed.Err.Msg == before {
			t.Errorf("%q: the error stays: %v", c.fixed, ed.Err)
		}
		with := c.label[strings.LastIndex(c.label, " with ")+6:]
		i := 0
		for i < min(len(c.text), len(c.fixed)) && c.text[i] == c.fixed[i] {
			i++
		}
		if got, want := ed.TakeFocus(), u16(c.fixed[:strings.LastIndex(c.fixed[:min(len(c.fixed), i+len(with))], with)])+len(with); got != want {
			t.Errorf("%q: the caret is at %d, want %d (after the word put there)", c.fixed, got, want)
		}
	}
	// No hint, no fix.
	ed := open("")
	ed.Input("use controller\nset controller.id x", 0, "")
	must(t, "an error without a hint has no fix", ed.Err != nil && ed.FixText() == "")
}

// page is the editor's page in these tests: a lesson's own text, no run,
// and the English of the words the editor formats.
type page struct{ own string }

func (p *page) T(key string) string {
	w := map[string]string{
		"completeDefault": "default", "completeAbove": "▲ %d more", "completeBelow": "▼ %d more",
		"fixReplace": "Replace %s with %s", "errAt": "line %d, column %d: ",
	}[key]
	if w == "" {
		return key
	}
	return w
}
func (p *page) ErrWords(err error) string { return err.Error() }
func (p *page) Seed() int64               { return 0 }
func (p *page) Own() (string, string)     { return "own.lab", p.own }
func (p *page) Ran() (string, error)      { return p.own, nil }
func (p *page) RunMarks() []Mark          { return nil }
func (p *page) RunEdited()                {}
func (p *page) RevertEdit()               {}
func (p *page) RevertText() string        { return "revert" }

// open is an editor open on text.
func open(text string) *Editor {
	e := &Editor{P: &page{own: text}}
	e.Show(text)
	return e
}

func must(t *testing.T, what string, ok bool) {
	t.Helper()
	if !ok {
		t.Fatal(what)
	}
}
