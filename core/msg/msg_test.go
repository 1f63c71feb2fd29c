package msg

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every code has a Chinese wording, every Chinese wording a code, and the
// two take the same arguments.
func TestCatalogsAgree(t *testing.T) {
	for code, en := range EN {
		zh, ok := ZH[code]
		if !ok {
			t.Errorf("code %q has no Chinese wording (zh.go)", code)
			continue
		}
		if a, b := verbs(en), verbs(zh); a != b {
			t.Errorf("code %q: the English takes %s, the Chinese %s", code, a, b)
		}
	}
	for code := range ZH {
		if _, ok := EN[code]; !ok {
			t.Errorf("Chinese code %q has no English (en.go)", code)
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

// Every code is used by core (a string literal of it in a .go file outside
// this package), and so no catalog entry is dead.
func TestEveryCodeUsed(t *testing.T) {
	var src strings.Builder
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
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
	for code := range EN {
		if code == "hint" {
			continue // Format's own
		}
		if !strings.Contains(src.String(), `"`+code+`"`) {
			t.Errorf("code %q is used nowhere in core: delete it from en.go and zh.go", code)
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
}
