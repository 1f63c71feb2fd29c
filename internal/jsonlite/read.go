package jsonlite

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Decoder reads JSON values, each method the next value as one type.
// null reads as the type's zero value, as encoding/json leaves a fresh
// value untouched when it decodes null into it.
type Decoder struct {
	data []byte
	off  int // the next byte to read
}

// Error is a syntax error, a value of another type than asked for, or the
// error an Object member returned, at byte Offset of the input.
type Error struct {
	Offset int
	Err    error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Read reads data, which must hold one JSON value and nothing else, with
// read.
func Read(data []byte, read func(*Decoder) error) error {
	d := &Decoder{data: data}
	if err := read(d); err != nil {
		return err
	}
	if d.peek(); d.off < len(d.data) {
		return d.unexpected("the end of the input")
	}
	return nil
}

// String reads a string.
func (d *Decoder) String() (string, error) {
	switch d.peek() {
	case '"':
		return d.str()
	case 'n':
		return "", d.literal("null")
	}
	return "", d.unexpected("a string")
}

// Bool reads true or false.
func (d *Decoder) Bool() (bool, error) {
	switch d.peek() {
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case 'n':
		return false, d.literal("null")
	}
	return false, d.unexpected("true or false")
}

// Int reads a number that an int holds: no fraction, no exponent, as
// encoding/json decodes into an int.
func (d *Decoder) Int() (int, error) {
	if d.peek() == 'n' {
		return 0, d.literal("null")
	}
	start := d.off
	if err := d.number("an integer"); err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(string(d.data[start:d.off]))
	if err != nil {
		return 0, &Error{start, fmt.Errorf("want an integer, found %s", d.data[start:d.off])}
	}
	return n, nil
}

// Object reads an object, calling member with each member's key in turn
// to read its value from d. An error from member that is not already an
// *Error is reported at the key.
func (d *Decoder) Object(member func(key string) error) error {
	switch d.peek() {
	case 'n':
		return d.literal("null")
	case '{':
		d.off++
	default:
		return d.unexpected("an object")
	}
	if d.peek() == '}' {
		d.off++
		return nil
	}
	for {
		if d.peek() != '"' {
			return d.unexpected("a member's name (a string)")
		}
		at := d.off
		key, err := d.str()
		if err != nil {
			return err
		}
		if d.peek() != ':' {
			return d.unexpected(`":"`)
		}
		d.off++
		if err := member(key); err != nil {
			if e := (*Error)(nil); !errors.As(err, &e) {
				err = &Error{at, err}
			}
			return err
		}
		switch d.peek() {
		case ',':
			d.off++
		case '}':
			d.off++
			return nil
		default:
			return d.unexpected(`"," or "}"`)
		}
	}
}

// Array reads an array, calling elem to read each element from d.
func (d *Decoder) Array(elem func() error) error {
	switch d.peek() {
	case 'n':
		return d.literal("null")
	case '[':
		d.off++
	default:
		return d.unexpected("an array")
	}
	if d.peek() == ']' {
		d.off++
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		switch d.peek() {
		case ',':
			d.off++
		case ']':
			d.off++
			return nil
		default:
			return d.unexpected(`"," or "]"`)
		}
	}
}

// Skip reads any value, and forgets it.
func (d *Decoder) Skip() error {
	switch c := d.peek(); c {
	case '{':
		return d.Object(func(string) error { return d.Skip() })
	case '[':
		return d.Array(d.Skip)
	case '"':
		_, err := d.str()
		return err
	case 't':
		return d.literal("true")
	case 'f':
		return d.literal("false")
	case 'n':
		return d.literal("null")
	}
	return d.number("a value")
}

// peek skips white space and returns the next byte (0 at the end).
func (d *Decoder) peek() byte {
	for ; d.off < len(d.data); d.off++ {
		switch c := d.data[d.off]; c {
		case ' ', '\t', '\n', '\r':
		default:
			return c
		}
	}
	return 0
}

// literal reads s: true, false or null.
func (d *Decoder) literal(s string) error {
	for i := range len(s) {
		if d.off+i >= len(d.data) || d.data[d.off+i] != s[i] {
			d.off += i
			return d.unexpectedChar(s)
		}
	}
	d.off += len(s)
	return nil
}

// number reads a number (RFC 8259: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?);
// want says what a first byte that starts none was wanted as.
func (d *Decoder) number(want string) error {
	if c := d.peek(); c != '-' && !digit(c) {
		return d.unexpected(want)
	}
	if d.data[d.off] == '-' {
		d.off++
	}
	if d.off < len(d.data) && d.data[d.off] == '0' {
		d.off++ // no leading zeros: "01" is 0 followed by 1
	} else if err := d.digits(); err != nil {
		return err
	}
	if d.off < len(d.data) && d.data[d.off] == '.' {
		d.off++
		if err := d.digits(); err != nil {
			return err
		}
	}
	if d.off < len(d.data) && (d.data[d.off] == 'e' || d.data[d.off] == 'E') {
		d.off++
		if d.off < len(d.data) && (d.data[d.off] == '+' || d.data[d.off] == '-') {
			d.off++
		}
		return d.digits()
	}
	return nil
}

// digits reads one digit or more.
func (d *Decoder) digits() error {
	if d.off >= len(d.data) || !digit(d.data[d.off]) {
		return d.unexpectedChar("a digit")
	}
	for d.off < len(d.data) && digit(d.data[d.off]) {
		d.off++
	}
	return nil
}

func digit(c byte) bool { return '0' <= c && c <= '9' }

// str reads a string; d.data[d.off] is its opening quote. Like
// encoding/json it turns each byte of invalid UTF-8, and each \u escape
// of a surrogate that is not half of a pair, into U+FFFD.
func (d *Decoder) str() (string, error) {
	d.off++
	var b []byte   // the string so far, once it differs from the input
	start := d.off // d.data[start:d.off] is still to copy into b
	for d.off < len(d.data) {
		switch c := d.data[d.off]; {
		case c == '"':
			s := d.data[start:d.off]
			d.off++
			if b == nil {
				return string(s), nil
			}
			return string(append(b, s...)), nil
		case c == '\\':
			b = append(b, d.data[start:d.off]...)
			var err error
			if b, err = d.escape(b); err != nil {
				return "", err
			}
			start = d.off
		case c < ' ':
			return "", d.unexpectedChar(`an escape for this control character`)
		case c < utf8.RuneSelf:
			d.off++
		default:
			r, size := utf8.DecodeRune(d.data[d.off:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, d.data[start:d.off]...)
				b = utf8.AppendRune(b, utf8.RuneError)
				start = d.off + 1
			}
			d.off += size
		}
	}
	return "", d.unexpectedChar(`a closing '"'`)
}

// escape appends the escape sequence at d.off (a backslash) to b, unquoted
// (at least one byte, so b is not nil after).
func (d *Decoder) escape(b []byte) ([]byte, error) {
	d.off++
	if d.off >= len(d.data) {
		return b, d.unexpectedChar("an escape")
	}
	c := d.data[d.off]
	d.off++
	switch c {
	case '"', '\\', '/':
		return append(b, c), nil
	case 'b':
		return append(b, '\b'), nil
	case 'f':
		return append(b, '\f'), nil
	case 'n':
		return append(b, '\n'), nil
	case 'r':
		return append(b, '\r'), nil
	case 't':
		return append(b, '\t'), nil
	case 'u':
		r := hex4(d.data[d.off:])
		if r < 0 {
			for d.off < len(d.data) && hexDigit(d.data[d.off]) >= 0 {
				d.off++ // to the first byte that is not a hex digit
			}
			return b, d.unexpectedChar(`four hex digits after \u`)
		}
		d.off += 4
		if utf16.IsSurrogate(r) {
			// A pair is two escapes: \ud83d\ude00 is U+1F600.
			if len(d.data) >= d.off+6 && d.data[d.off] == '\\' && d.data[d.off+1] == 'u' {
				if pair := utf16.DecodeRune(r, hex4(d.data[d.off+2:])); pair != utf8.RuneError {
					d.off += 6
					return utf8.AppendRune(b, pair), nil
				}
			}
			r = utf8.RuneError
		}
		return utf8.AppendRune(b, r), nil
	}
	d.off--
	return b, d.unexpectedChar(`an escape: \" \\ \/ \b \f \n \r \t or \u`)
}

// hex4 is the number the four hex digits at the start of s write, or -1.
func hex4(s []byte) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range s[:4] {
		v := hexDigit(c)
		if v < 0 {
			return -1
		}
		r = r<<4 | v
	}
	return r
}

// hexDigit is the value of hex digit c, or -1.
func hexDigit(c byte) rune {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0')
	case 'a' <= c && c <= 'f':
		return rune(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return -1
}

// unexpected is the error of finding the value at d.off where want was
// due. It names the value by its kind.
func (d *Decoder) unexpected(want string) error {
	if d.off < len(d.data) {
		switch c := d.data[d.off]; {
		case c == '"':
			return d.wantFound(want, "a string")
		case c == '{':
			return d.wantFound(want, "an object")
		case c == '[':
			return d.wantFound(want, "an array")
		case c == '-' || digit(c):
			return d.wantFound(want, "a number")
		}
	}
	return d.unexpectedChar(want)
}

// unexpectedChar is the error of finding the character at d.off where want
// was due.
func (d *Decoder) unexpectedChar(want string) error {
	if d.off >= len(d.data) {
		return d.wantFound(want, "the end of the input")
	}
	r, _ := utf8.DecodeRune(d.data[d.off:])
	return d.wantFound(want, strconv.QuoteRune(r))
}

func (d *Decoder) wantFound(want, found string) error {
	return &Error{d.off, fmt.Errorf("want %s, found %s", want, found)}
}
