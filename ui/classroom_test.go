package ui

import (
	"testing"

	"brokerlab/ui/classroom"
	"brokerlab/ui/inspect"
	"brokerlab/ui/playground"
	"brokerlab/ui/whatif"
)

// Every word is defined once: a key in two tables would silently show
// the other table's text.
func TestWordsOnce(t *testing.T) {
	for name, table := range map[string]map[string][2]string{"i18n.go": webWords, "ui/classroom": classroom.Words, "ui/inspect": inspect.Words, "ui/playground": playground.Words, "ui/whatif": whatif.Words} {
		for k, v := range table {
			if words[k] != v {
				t.Errorf("word %q of %s is defined twice", k, name)
			}
		}
	}
}

type fakeWeb struct {
	store    map[string]string
	reloaded int
	opened   []string
	closed   int
	sent     []string
	saved    []string
	data     string
	theme    string
	said     []string
	caption  string
	dark     bool
}

func (w *fakeWeb) Load(k string) string   { return w.store[k] }
func (w *fakeWeb) Reload()                { w.reloaded++ }
func (w *fakeWeb) OpenWindow(hash string) { w.opened = append(w.opened, hash) }
func (w *fakeWeb) CloseWindow()           { w.closed++ }
func (w *fakeWeb) Broadcast(msg string)   { w.sent = append(w.sent, msg) }
func (w *fakeWeb) SetTheme(theme string)  { w.theme = theme }
func (w *fakeWeb) Announce(text string)   { w.said = append(w.said, text) }
func (w *fakeWeb) ExportStage(kind, name, caption string, dark bool) {
	w.saved = append(w.saved, kind+" "+name)
	w.caption, w.dark = caption, dark
}
func (w *fakeWeb) Download(name, mime, data string) {
	w.saved = append(w.saved, name+" "+mime)
	w.data = data
}

func TestNewVersion(t *testing.T) {
	_, a := newFake()
	w := &fakeWeb{store: map[string]string{}}
	a.Class.Web = w
	a.Class.NewVersion()
	if !a.Class.UpdateReady {
		t.Fatal("no banner for a new version")
	}
	a.Class.Reload()
	if w.reloaded != 1 {
		t.Fatalf("reloaded %d times", w.reloaded)
	}
}
