package msg

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Every code is worded in both languages, and the two take the same
// arguments; so does every note format and its Chinese.
func TestCatalogsAgree(t *testing.T) {
	for code, w := range catalog {
		if w.EN == "" || w.ZH == "" {
			t.Errorf("code %q lacks a wording: %q", code, w)
			continue
		}
		if a, b := verbs(w.EN), verbs(w.ZH); a != b {
			t.Errorf("code %q: the English takes %s, the Chinese %s", code, a, b)
		}
	}
	for en, zh := range Notes {
		if a, b := verbs(en), verbs(zh); a != b {
			t.Errorf("note %q: the English takes %s, the Chinese %s", en, a, b)
		}
	}
}

var verbRE = regexp.MustCompile(`%(\[\d+\])?[sqdgv]`)

// verbs is a wording's verbs in argument order, as a string: "sqd".
func verbs(f string) string {
	byArg := map[int]byte{}
	next := 1
	for _, m := range verbRE.FindAllString(f, -1) {
		i := next
		if m[1] == '[' {
			fmt.Sscanf(m[2:], "%d", &i)
		}
		byArg[i] = m[len(m)-1]
		next = i + 1
	}
	out := make([]byte, len(byArg))
	for i := range out {
		out[i] = byArg[i+1]
	}
	return string(out)
}

// source is the Go source of core and ui, tests and this package left out.
func source(t *testing.T) string {
	var src strings.Builder
	for _, root := range []string{"..", "../../ui"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "msg" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				b, err := os.ReadFile(p)
				src.Write(b)
				return err
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return src.String()
}

// quoted reports whether src holds s as a Go string literal.
func quoted(src, s string) bool {
	return strings.Contains(src, strconv.Quote(s)) || strings.Contains(src, "`"+s+"`")
}

// Every code and every note format is used by core or ui, and so no
// catalog entry is dead.
func TestEveryEntryUsed(t *testing.T) {
	src := source(t)
	for code := range catalog {
		if code != "hint" && !quoted(src, code) { // hint: Format's own
			t.Errorf("code %q is used nowhere: delete it from its catalog", code)
		}
	}
	for en := range Notes {
		if !quoted(src, en) {
			t.Errorf("note %q is written nowhere: delete it from notes.go", en)
		}
	}
}

var (
	codeRE = regexp.MustCompile(`msg\.(?:New\(|At\([^,]+, |Of\([^,]+, )"([^"]+)"|Code: +"([^"]+)"`)
	noteRE = regexp.MustCompile("Notef\\((\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)")
)

// Every code core or ui uses is in a catalog, and every note format it
// writes is in Notes.
func TestEveryUseWorded(t *testing.T) {
	src := source(t)
	for _, m := range codeRE.FindAllStringSubmatch(src, -1) {
		code := m[1] + m[2]
		if _, ok := catalog[code]; !ok {
			t.Errorf("code %q has no wording: add it to its system's catalog (words_*.go)", code)
		}
	}
	for _, m := range noteRE.FindAllStringSubmatch(src, -1) {
		f := m[1]
		if f[0] == '`' {
			f = f[1 : len(f)-1]
		} else {
			f, _ = strconv.Unquote(f)
		}
		if _, ok := Notes[f]; !ok {
			t.Errorf("note %q has no Chinese: add it to notes.go", f)
		}
	}
}

func TestFormat(t *testing.T) {
	e := &Error{Code: "setting.unknown", Args: []any{"nope", "controller", List{"cores", "controller.id"}}, Hint: "controller.id"}
	if got, want := e.Error(), `unknown setting "nope" for controller (cores, controller.id); did you mean controller.id?`; got != want {
		t.Errorf("en: %s, want %s", got, want)
	}
	if got, want := e.Format("zh"), `controller 没有设置项 "nope"（可用的设置项：cores、controller.id）；是不是 controller.id？`; got != want {
		t.Errorf("zh: %s, want %s", got, want)
	}
	inner := New("duration", "x")
	if got, want := New("setting", "k", inner).Format("zh"), `k：应为时长（如 250ms、10s 或 2m），实际为 "x"`; got != want {
		t.Errorf("nested zh: %s, want %s", got, want)
	}
	n := Notef("size %d/%d", 3, 8)
	if got, want := n.String(), "size 3/8"; got != want {
		t.Errorf("note en: %s, want %s", got, want)
	}
	if got, want := n.Words("zh"), "长度 3/8"; got != want {
		t.Errorf("note zh: %s, want %s", got, want)
	}
	if got, want := LiteralWords("zh", "signal"), "信号"; got != want {
		t.Errorf("literal note zh: %s, want %s", got, want)
	}
	if got, want := LiteralWords("zh", "t0-0@5"), "t0-0@5"; got != want {
		t.Errorf("data note zh: %s, want %s", got, want)
	}
}
