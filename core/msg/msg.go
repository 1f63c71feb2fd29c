// Package msg is what core says to people, as data, worded in English or
// Chinese by catalogs kept here.
//
// Errors: an Error is a code and its arguments; the Catalog of its system
// (words_<system>.go) words the code in both languages on one line. Core
// builds errors from codes; the command line words them in English
// (Error), the page in its own language (Format).
//
// Trace notes: a Note is an English format and its arguments, as core
// writes it into an event (sim.Event.Notef); the trace keeps the English,
// and Notes (notes.go) words the format in Chinese. A literal note is its
// own format.
//
// Tests fail when a code or a note format used in core has no Chinese
// wording, when the two wordings take different arguments, and when a
// catalog entry is used nowhere.
package msg

import (
	"fmt"
	"maps"
	"slices"
	"unsafe"
)

// W is a message's wording in English and in Chinese, with fmt verbs for
// its arguments; the Chinese may reorder them with %[n] indexes.
type W struct{ EN, ZH string }

// Catalog words error codes.
type Catalog map[string]W

// catalog is every system's catalog; their codes are distinct (a test).
var catalog = merge(base, scenario, controller, zookeeper, socketserver, cluster, group, listener, ui)

func merge(cs ...Catalog) Catalog {
	all := Catalog{}
	for _, c := range cs {
		for _, code := range slices.Sorted(maps.Keys(c)) {
			if _, dup := all[code]; dup {
				panic("msg: code " + code + " is in two catalogs")
			}
			all[code] = c[code]
		}
	}
	return all
}

// Error is a user-facing error: a catalog code and its arguments. An
// argument that is itself an *Error, a *Note or a List is worded in the
// same language. Col, when not 0, is the column in the line it is about;
// Hint, when not empty, is the nearest known name ("did you mean …?");
// Kind, when not nil, the sentinel a system's callers test with errors.Is.
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

// Of is New of kind: errors.Is(Of(k, …), k) holds.
func Of(kind error, code string, args ...any) *Error {
	return &Error{Code: code, Args: args, Kind: kind}
}

func (e *Error) Error() string { return e.Format("en") }

// Format words e in lang ("en" or "zh"; another language is English).
func (e *Error) Format(lang string) string {
	return toString(e.append(make([]byte, 0, 64), lang))
}

// append appends e in lang to b (Format).
func (e *Error) append(b []byte, lang string) []byte {
	w, ok := catalog[e.Code]
	if !ok {
		return fmt.Append(append(b, e.Code...), e.Args...)
	}
	b = appendf(b, lang, pick(lang, w), e.Args)
	if e.Hint != "" {
		b = fmt.Appendf(b, pick(lang, catalog["hint"]), e.Hint)
	}
	return b
}

func pick(lang string, w W) string {
	if lang == "zh" {
		return w.ZH
	}
	return w.EN
}

// Note is a trace note as data: its English format and arguments.
type Note struct {
	Format string
	Args   []any
}

// Notef is the note format with args.
func Notef(format string, args ...any) *Note { return &Note{Format: format, Args: args} }

// Literal is a literal note: its own format, worded by Notes when it is
// a key there ("notify"), else shown as it is (an offset list, a member id).
func Literal(s string) *Note { return &Note{Format: s} }

func (n *Note) String() string { return n.Words("en") }

// Words is n in lang: the Chinese of its format from Notes, or its English
// where Notes has none.
func (n *Note) Words(lang string) string { return sprintf(lang, LiteralWords(lang, n.Format), n.Args) }

// LiteralWords is a literal note (its own format) in lang: its Chinese
// from Notes, or the note as it is where Notes has none (an offset, a
// partition list).
func LiteralWords(lang, note string) string {
	if lang == "zh" {
		if zh, ok := Notes[note]; ok {
			return zh
		}
	}
	return note
}

func sprintf(lang, format string, args []any) string {
	if len(args) == 0 {
		return format
	}
	return toString(appendf(make([]byte, 0, len(format)+32), lang, format, args))
}

// toString is b as a string, without copying it: b is not used after.
func toString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// Append appends n in lang to b: Words, without a string of its own (the
// kernel keeps a trace's notes side by side in one buffer).
func (n *Note) Append(b []byte, lang string) []byte {
	return appendf(b, lang, LiteralWords(lang, n.Format), n.Args)
}

// List is a list of names an error shows, joined in each language's way.
type List []string

// NoteList is a list of notes a note shows, each worded, joined as a List.
type NoteList []*Note

// Text words any error in lang: an *Error through the catalog, another
// error as it says itself.
func Text(lang string, err error) string {
	if e, ok := err.(*Error); ok {
		return e.Format(lang)
	}
	return err.Error()
}
