package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui/editor"
)

func TestSrcLinkRoundTrip(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		enc := EncodeSrc(l.Scenario)
		if len(enc) > MaxSrcLink {
			t.Errorf("%s: %d bytes in a link, more than %d", l.ID, len(enc), MaxSrcLink)
		}
		got, err := DecodeSrc(enc)
		if err != nil || got != l.Scenario {
			t.Fatalf("%s: round trip: %v", l.ID, err)
		}
		link := Link{Page: "lesson", Lesson: l.ID, Seed: 3, Src: l.Scenario}
		back, err := ParseLink(link.String())
		if err != nil || back.Src != l.Scenario || back.Seed != 3 {
			t.Fatalf("%s: link round trip: %v", l.ID, err)
		}
		t.Logf("%s: %d bytes of text, %d in a link", l.ID, len(l.Scenario), len(enc))
	}
	for _, c := range []struct{ src, want string }{
		{"!!!", "not an edited scenario (base64url)"},
		{EncodeSrc(strings.Repeat("say \"x\"\n", 500))[:20], "does not inflate"},
		{strings.Repeat("A", MaxSrcLink+1), "more than the 16 KB"},
		{EncodeSrc(strings.Repeat("#", scenario.MaxSource+1)), "the scenario is larger than 256 KB"},
		{EncodeSrc("\xff\xfe"), "the scenario is not UTF-8 text"},
	} {
		if _, err := DecodeSrc(c.src); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeSrc(%.30q…): got %v, want %q", c.src, err, c.want)
		}
		if _, err := ParseLink("#/lesson/" + lessonID + "?src=" + c.src); !errors.Is(err, ErrLink) {
			t.Errorf("ParseLink with src=%.30q…: got %v, want a malformed link", c.src, err)
		}
	}
}

// The editor refuses what a link's src= refuses, in the same words, from
// one check (scenario.CheckSource): a text past 256 KB, or not UTF-8.
func TestEditorRefusesWhatALinkRefuses(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.OpenEditor()
	for _, text := range []string{"use controller\n" + strings.Repeat("#", scenario.MaxSource), "use controller\nsay \"\xff\"\n"} {
		a.Ed.SetText(text)
		_, lerr := DecodeSrc(EncodeSrc(text))
		if a.Ed.Err == nil || lerr == nil || a.Ed.Err.Data.Error() != lerr.Error() {
			t.Errorf("%.30q…: the editor says %v, the link %v: want the same refusal", text, a.Ed.Err, lerr)
		}
		if a.RunEdited(); a.Edited() {
			t.Errorf("%.30q…: it ran", text)
		}
	}
}

func TestEditOffset(t *testing.T) {
	text := "ab\n中文😀x\n\nlast"
	for _, c := range []struct{ line, col, want int }{
		{1, 1, 0}, {1, 3, 2}, {2, 1, 3}, {2, 3, 5}, {2, 4, 7}, {2, 99, 8}, {3, 1, 9}, {4, 2, 11}, {9, 1, 14},
	} {
		if got := editor.Offset(text, c.line, c.col); got != c.want {
			t.Errorf("editor.Offset(%d:%d) = %d, want %d", c.line, c.col, got, c.want)
		}
	}
}

func TestEditor(t *testing.T) {
	h, a := newFake()
	a.Route("#/lesson/" + lessonID)
	if !a.CanEdit() || a.Ed.Open {
		t.Fatal("a lesson can be edited; the editor starts closed")
	}
	les, _ := lessons.Get(lessonID)
	a.OpenEditor()
	gen := a.Ed.Gen
	if !a.Ed.Open || a.Ed.Text != les.Scenario || a.Ed.Err != nil {
		t.Fatalf("the editor opens on the lesson's scenario: open %v, err %v", a.Ed.Open, a.Ed.Err)
	}

	// A parse error shows at once, at its line and column; Run refuses it.
	bad := strings.Replace(les.Scenario, "run until controller.queue.size == 2", "run until controller.queue.size = 2", 1)
	a.Ed.SetText(bad)
	line := strings.Count(bad[:strings.Index(bad, "controller.queue.size = 2")], "\n") + 1
	if a.Ed.ErrLine() != line || a.Ed.Err.Col != 33 || !strings.Contains(a.Ed.ErrText(), "line "+strconv.Itoa(line)+", column 33: expected an operator") {
		t.Fatalf("error: %q", a.Ed.ErrText())
	}
	if a.Ed.Rows() != strings.Count(bad, "\n")+1 || !strings.HasPrefix(a.Ed.Lines(), "1\n2\n3\n") {
		t.Fatal("gutter")
	}
	a.Ed.GoToError()
	if got, want := a.Ed.TakeFocus(), editor.Offset(bad, line, 33); got != want || a.Ed.TakeFocus() != -1 {
		t.Fatalf("caret at %d, want %d once", got, want)
	}
	a.RunEdited()
	if a.Edited() {
		t.Fatal("a text that does not parse ran")
	}

	// An edit that parses runs, from the start, and travels in the link.
	a.Play.Seek(40)
	a.Inject("put TopicDeletion")
	edited := strings.Replace(les.Scenario, `say "The ZooKeeper watcher thread`, `say "EDITED. The ZooKeeper watcher thread`, 1)
	a.Ed.SetText(edited)
	a.RunEdited()
	if !a.Edited() || a.Play.Pos != 0 || len(a.Link.Inject) != 0 || !strings.HasPrefix(steps(a)[0].Segs[0].S, "EDITED.") {
		t.Fatalf("edited run: edited %v, pos %d, injected %v", a.Edited(), a.Play.Pos, a.Link.Inject)
	}
	if a.Ed.Gen != gen {
		t.Fatal("running must not replace the text being edited")
	}
	a.Tick(0)
	if !strings.Contains(h.url, "src=") {
		t.Fatalf("the link does not carry the edit: %s", h.url)
	}

	// A reload restores it, editor open.
	_, b := newFake()
	b.Route(h.url)
	if b.Notice() != "" || !b.Edited() || !b.Ed.Open || b.Ed.Text != edited || !strings.HasPrefix(steps(b)[0].Segs[0].S, "EDITED.") {
		t.Fatalf("reload: notice %q, edited %v, open %v", b.Notice(), b.Edited(), b.Ed.Open)
	}

	// Back to the lesson's own.
	b.RevertEdit()
	if b.Edited() || b.Ed.Text != les.Scenario || strings.HasPrefix(steps(b)[0].Segs[0].S, "EDITED.") {
		t.Fatal("revert")
	}

	// A link whose edit does not parse: the lesson's own, the editor on the error.
	_, c := newFake()
	c.Route((&Link{Page: "lesson", Lesson: lessonID, Src: bad}).String())
	if c.Notice() == "" || !c.Ed.Open || c.Ed.ErrLine() != line || c.Sc == nil || len(c.Sc.Steps) != len(b.Sc.Steps) {
		t.Fatalf("broken draft: notice %q, open %v, line %d", c.Notice(), c.Ed.Open, c.Ed.ErrLine())
	}

	// Too large for a link: it runs, and the page says the link cannot carry it.
	big := les.Scenario + "\n# " + randomText(3*MaxSrcLink) + "\n"
	b.OpenEditor()
	b.Ed.SetText(big)
	b.RunEdited()
	kb, _ := SrcFits(big)
	if want := fmt.Sprintf("a link cannot carry it (%d KB compressed, a link holds 16 KB)", kb); b.Edited() || !strings.Contains(b.Ed.NoteText(), want) {
		t.Fatalf("too large: edited %v, note %q, want %q", b.Edited(), b.Ed.NoteText(), want)
	}
	b.SetLang("zh")
	if want := fmt.Sprintf("（压缩后 %d KB，链接最多容纳 16 KB）", kb); !strings.Contains(b.Ed.NoteText(), want) {
		t.Fatalf("too large, in Chinese: note %q, want %q", b.Ed.NoteText(), want)
	}
	b.SetLang("en")

	// Another lesson closes the editor.
	b.Route("#/lesson/02-zookeeper-reactor")
	if b.Ed.Open {
		t.Fatal("the editor stays open on another lesson")
	}
}

// randomText does not compress: letters from a fixed linear congruence.
func randomText(n int) string {
	var b strings.Builder
	x := uint32(7)
	for i := 0; i < n; i++ {
		x = x*1664525 + 1013904223
		b.WriteByte(byte('a' + x>>24%26))
	}
	return b.String()
}
