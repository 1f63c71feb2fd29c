// Package msg is the user-facing errors of the scenario language as data:
// a code and its arguments, worded by a catalog per language (en.go,
// zh.go). Core builds errors from codes; the command line words them in
// English (Error), the page in its own language (Format). A test fails
// when a code has no Chinese wording or a catalog entry is used by no code.
package msg

import (
	"fmt"
	"strings"
)

// Error is a user-facing error: a catalog code and its arguments. An
// argument that is itself an *Error (or a List) is worded in the same
// language. Col, when not 0, is the column in the line it is about; Hint,
// when not empty, is the nearest known name ("did you mean …?"); Kind,
// when not nil, the sentinel a system's callers test with errors.Is.
type Error struct {
	Col  int
	Code string
	Args []any
	Hint string
	Kind error // what errors.Is sees (a system's ErrX), nil if nothing
}

func (e *Error) Unwrap() error { return e.Kind }

// New is the error code with args.
func New(code string, args ...any) *Error { return &Error{Code: code, Args: args} }

// At is New about column col.
func At(col int, code string, args ...any) *Error { return &Error{Col: col, Code: code, Args: args} }

func (e *Error) Error() string { return e.Format("en") }

// Format words e in lang ("en" or "zh"; another language is English).
func (e *Error) Format(lang string) string {
	cat := EN
	if lang == "zh" {
		cat = ZH
	}
	tmpl, ok := cat[e.Code]
	if !ok {
		tmpl, ok = EN[e.Code]
	}
	if !ok {
		return e.Code + fmt.Sprint(e.Args...)
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		args[i] = word(lang, a)
	}
	s := fmt.Sprintf(tmpl, args...)
	if e.Hint != "" {
		s += fmt.Sprintf(cat["hint"], e.Hint)
	}
	return s
}

// List is a list of names an error shows, joined in each language's way.
type List []string

func word(lang string, a any) any {
	switch x := a.(type) {
	case *Error:
		return x.Format(lang)
	case List:
		if lang == "zh" {
			return strings.Join(x, "、")
		}
		return strings.Join(x, ", ")
	}
	return a
}

// Text words any error in lang: an *Error through the catalog, another
// error as it says itself.
func Text(lang string, err error) string {
	if e, ok := err.(*Error); ok {
		return e.Format(lang)
	}
	return err.Error()
}
