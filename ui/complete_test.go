package ui

import "testing"

// A setting shows its kind and default, in the page's language.
func TestCompletionDetail(t *testing.T) {
	_, a := newFake()
	text := "use controller\nset controller.i"
	a.Route("#/lesson/" + lessonID)
	a.OpenEditor()
	a.Ed.Input(text, len(text), "insertText")
	cs := a.Ed.CompleteRows()
	if len(cs) != 1 || cs[0].Detail != "integer 0..1073741824 · default 1" || cs[0].Doc != "this broker's id, the active controller" || cs[0].Text != "controller.id " {
		t.Fatalf("got %+v", cs)
	}
	a.SetLang("zh")
	a.Ed.Input(text, len(text), "insertText")
	if cs = a.Ed.CompleteRows(); cs[0].Detail != "integer 0..1073741824 · 默认 1" {
		t.Fatalf("in Chinese: %q", cs[0].Detail)
	}
}

// A fix is worded in the page's language.
func TestFixInChinese(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.OpenEditor()
	a.Ed.Input("use controller\nset controler.id 1", 0, "")
	a.SetLang("zh")
	if got := a.Ed.FixText(); got != "把 controler.id 替换为 controller.id" {
		t.Fatalf("in Chinese: %q", got)
	}
}
