package ui

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"brokerlab/lessons"
	"brokerlab/ui/stage"
)

// scenes are every lesson's stage at every third event, on the way to the
// next (tokens between two places), in English, and in Chinese at every
// fifteenth. (Every event would take seconds: building the scenes, not
// writing them.)
func scenes(tb testing.TB) []stage.Scene {
	all, err := lessons.All()
	if err != nil {
		tb.Fatal(err)
	}
	var out []stage.Scene
	for _, l := range all {
		_, a := newFake()
		a.Route("#/lesson/" + l.ID)
		if a.Len() == 0 {
			tb.Fatalf("%s: no run", l.ID)
		}
		for p := 0; p < a.Len(); p += 3 {
			a.Play.Seek(p)
			a.Play.Frac = float64(p%7) / 7
			a.SetLang("en")
			sc, _ := a.Frame()
			out = append(out, sc)
			if p%15 == 0 {
				a.SetLang("zh")
				sc, _ := a.Frame()
				out = append(out, sc)
			}
		}
	}
	return out
}

// The stage's structure is what encoding/json wrote for its nodes, byte
// for byte, for every scene of every lesson.
func TestStructureAsEncodingJSON(t *testing.T) {
	var buf []byte
	for i, sc := range scenes(t) {
		want, err := json.Marshal(sc.Nodes)
		if err != nil {
			t.Fatal(err)
		}
		if len(sc.Nodes) == 0 {
			want = []byte("[]") // not null: an empty array clears the stage
		}
		if buf, err = sc.AppendStructure(buf[:0]); err != nil || string(buf) != string(want) {
			t.Fatalf("scene %d: %v\n%s\nencoding/json writes:\n%s", i, err, buf, want)
		}
	}
	nan := stage.Scene{Nodes: []stage.Node{{Key: "x", Texts: []stage.Text{{X: math.NaN()}}}}}
	if _, err := nan.AppendStructure(nil); !errors.Is(err, stage.ErrNotFinite) {
		t.Fatalf("NaN: %v", err)
	}
}

// BenchmarkStructure is the drawer's structure: the scene as JSON into a
// reused buffer, then the string it hands to JavaScript.
func BenchmarkStructure(b *testing.B) {
	scs := scenes(b)
	var buf []byte
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		var err error
		if buf, err = scs[i%len(scs)].AppendStructure(buf[:0]); err != nil {
			b.Fatal(err)
		}
		_ = string(buf)
	}
}
