// Package jsonlite writes and reads the little JSON the browser binary
// needs (the stage's structure, the trace export, progress in localStorage,
// presenter messages, lesson.json) without reflection: encoding/json costs
// main.wasm about 110 KB of its compressed download, and decoding with
// reflection tens of milliseconds of its start-up.
//
// What it writes is byte for byte what encoding/json's Marshal and Encoder
// write for the same values (HTML-safe escaping included), so formats
// written before stay readable and exports stay identical; what it reads,
// it accepts or rejects as encoding/json does. The tests compare the two.
package jsonlite

import (
	"math"
	"strconv"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// safe are the ASCII bytes a string holds as they are.
var safe = func() (t [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// AppendString appends s as a JSON string, escaped as encoding/json
// escapes it by default: `"` and `\`, control characters, <, > and & (as
// \u003c, \u003e, \u0026: safe inside HTML), U+2028 and U+2029 (safe inside
// JavaScript source), and each byte of invalid UTF-8 as \ufffd.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0 // s[start:i] is still to copy as is
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if safe[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, `\b`...)
			case '\f':
				dst = append(dst, `\f`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendFloat appends f as encoding/json writes a float64: the shortest
// decimal that reads back as f, with an exponent only below 1e-6 or from
// 1e21 on (as JavaScript prints numbers), and no zero padding it ("1e-7",
// not "1e-07"). f must be finite: encoding/json refuses NaN and infinities.
func AppendFloat(dst []byte, f float64) []byte {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 && (f != 0 || !math.Signbit(f)) {
		// A whole number below 2^53 is its own shortest decimal: the
		// stage's sizes and positions mostly are, and AppendInt is faster.
		return strconv.AppendInt(dst, int64(f), 10)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// "e-07" → "e-7"
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}
