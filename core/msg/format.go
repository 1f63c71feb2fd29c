package msg

import (
	"fmt"
	"strconv"
	"strings"
)

// appendf appends format worded in lang with args to b, as fmt.Appendf
// does with every argument that is words (word) worded first. The verbs
// and values of notes and errors (%s, %v, %q and %d of strings, ints
// and words; %[n] indexes) are written here, without fmt's reflection;
// anything else (a flag, a width, another verb or type, an argument
// missing or left over) is fmt's. A format without arguments is its own
// text, %% included.
func appendf(b []byte, lang, format string, args []any) []byte {
	if len(args) == 0 {
		return append(b, format...)
	}
	if out, ok := appendFast(b, lang, format, args); ok {
		return out
	}
	return fmt.Appendf(b, format, worded(lang, args)...)
}

// worded is args with every argument that is words worded in lang: args
// itself if none is (most notes).
func worded(lang string, args []any) []any {
	var out []any
	for i, a := range args {
		if w, ok := appendWords(nil, lang, a); ok {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = string(w)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// appendWords appends a in lang if it is words (an *Error, a *Note, a
// List, a NoteList), or is false if it is a value fmt prints as it is.
func appendWords(b []byte, lang string, a any) ([]byte, bool) {
	switch x := a.(type) {
	case *Error:
		return x.append(b, lang), true
	case *Note:
		return x.Append(b, lang), true
	case List:
		for i, s := range x {
			if i > 0 {
				b = append(b, listSep(lang)...)
			}
			b = append(b, s...)
		}
		return b, true
	case NoteList:
		for i, n := range x {
			if i > 0 {
				b = append(b, listSep(lang)...)
			}
			b = n.Append(b, lang)
		}
		return b, true
	}
	return b, false
}

// listSep joins a List's names in lang.
func listSep(lang string) string {
	if lang == "zh" {
		return "、"
	}
	return ", "
}

// appendFast is appendf without fmt, or false if fmt must do it (b is
// then b as given, in length).
func appendFast(b []byte, lang, format string, args []any) ([]byte, bool) {
	if len(args) > 64 {
		return b, false
	}
	start := len(b)
	var used uint64
	arg := 0
	for i := 0; i < len(format); {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			b = append(b, format[i:]...)
			break
		}
		b = append(b, format[i:i+j]...)
		i += j + 1
		if i < len(format) && format[i] == '%' {
			b = append(b, '%')
			i++
			continue
		}
		if i < len(format) && format[i] == '[' { // %[n]v: argument n, from 1
			k, n := i+1, 0
			for k < len(format) && '0' <= format[k] && format[k] <= '9' && n < 100 {
				n = n*10 + int(format[k]-'0')
				k++
			}
			if n == 0 || k == len(format) || format[k] != ']' {
				return b[:start], false
			}
			arg, i = n-1, k+1
		}
		if i == len(format) || arg >= len(args) {
			return b[:start], false
		}
		var ok bool
		if b, ok = appendArg(b, lang, format[i], args[arg]); !ok {
			return b[:start], false
		}
		used |= 1 << arg
		arg++
		i++
	}
	if used != 1<<len(args)-1 { // fmt says which are left over
		return b[:start], false
	}
	return b, true
}

// appendArg appends a as verb prints it, or false if fmt must.
func appendArg(b []byte, lang string, verb byte, a any) ([]byte, bool) {
	switch x := a.(type) {
	case string:
		return appendString(b, verb, x)
	case int:
		return appendInt(b, verb, int64(x))
	case int64:
		return appendInt(b, verb, x)
	}
	switch verb {
	case 's', 'v':
		return appendWords(b, lang, a)
	case 'q':
		if w, ok := appendWords(nil, lang, a); ok {
			return strconv.AppendQuote(b, string(w)), true
		}
	}
	return b, false
}

func appendString(b []byte, verb byte, s string) ([]byte, bool) {
	switch verb {
	case 's', 'v':
		return append(b, s...), true
	case 'q':
		return strconv.AppendQuote(b, s), true
	}
	return b, false
}

func appendInt(b []byte, verb byte, i int64) ([]byte, bool) {
	if verb == 'd' || verb == 'v' {
		return strconv.AppendInt(b, i, 10), true
	}
	return b, false
}
