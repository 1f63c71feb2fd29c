package jsonlite

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"testing"
)

// inputs are the seeds of the comparison with encoding/json: every
// escape, broken ones, surrogates alone and in pairs, numbers at the
// edges of the grammar and of int, literals, nesting, trailing data.
var inputs = []string{
	``, `   `, `""`, `"plain"`, `"\"\\\/\b\f\n\r\t"`, `"\u00e9\u4E2D"`, `"\ud83d\ude00"`,
	`"\ud83d"`, `"\ud83dx"`, `"\ud83d\u0041"`, `"\ude00\ud83d"`, `"\udc00\udc00"`, `"\ud83d\ud83d\ude00"`,
	`"\x"`, `"\'"`, `"\u12"`, `"\u12G4"`, `"\`, `"abc`, "\"a\x01\"", "\"a\tb\"", "\"\xff\"",
	"\"\xed\xa0\x80\"", "\"\xe4\xb8\"", "\"中文\"", `"\u2028"`, `"a\u0000b"`,
	`0`, `-0`, `01`, `-01`, `1.`, `.5`, `1e`, `1e+`, `1E5`, `1e-2`, `-`, `--1`, `+1`, `1.5e-3`, `1.0`,
	`123456789012345678901234567890`, `9223372036854775807`, `9223372036854775808`,
	`-9223372036854775808`, `-9223372036854775809`, `42 `, ` 7`,
	`true`, `false`, `null`, `tru`, `truex`, `nul`, `nULL`, `True`, `true false`,
	`{}`, `{ }`, `{"a":"b"}`, `{"a":"b",}`, `{,}`, `{"a" "b"}`, `{"a":}`, `{"a"}`, `{a:"b"}`,
	`{"a":1}`, `{"a":null}`, `{"a":"x","a":"y"}`, `{"a":"x","a":1}`, `{"a":{"b":[1,2,{"c":null}]}}`,
	`{"a":"b"`, `{"a":"b"]`, `{"\u0061":"b","\ud83d":"c"}`, `{"a":"b"} x`, `{"a":"b"}{}`,
	"\t{} \n", "\ufeff{}", "{\"a\":\"b\"\x00}", "{\"a\":\"b\"}\x00",
	`[]`, `[1,2]`, `[1,2,]`, `[,]`, ` [ 1 , "x" , [ ] , { } ] `, `[`, `]`, `[1 2]`, `[[[[]]]]`,
	`{"opened":true,"finished":false,"answers":{"6":"wrong"}}`,
}

func TestReadAsEncodingJSON(t *testing.T) {
	for _, in := range inputs {
		compare(t, []byte(in))
	}
}

func FuzzRead(f *testing.F) {
	for _, in := range inputs {
		f.Add([]byte(in))
	}
	f.Fuzz(compare)
}

// compare reads in as every type and checks that it accepts and rejects
// as encoding/json does, and reads the same values.
func compare(t *testing.T, in []byte) {
	if err := Read(in, (*Decoder).Skip); (err == nil) != json.Valid(in) {
		t.Errorf("%q: Skip: %v, encoding/json: valid %v", in, err, json.Valid(in))
	}
	same(t, in, (*Decoder).String)
	same(t, in, (*Decoder).Int)
	same(t, in, (*Decoder).Bool)
	var want map[string]string
	werr := json.Unmarshal(in, &want)
	got := map[string]string{}
	gerr := Read(in, func(d *Decoder) error {
		return d.Object(func(key string) (err error) {
			got[key], err = d.String()
			return err
		})
	})
	if (gerr == nil) != (werr == nil) || gerr == nil && !maps.Equal(got, want) {
		t.Errorf("%q as an object of strings: %q, %v; encoding/json: %q, %v", in, got, gerr, want, werr)
	}
}

func same[T comparable](t *testing.T, in []byte, read func(*Decoder) (T, error)) {
	t.Helper()
	var want, got T
	werr := json.Unmarshal(in, &want)
	gerr := Read(in, func(d *Decoder) (err error) {
		got, err = read(d)
		return err
	})
	if (gerr == nil) != (werr == nil) || gerr == nil && got != want {
		t.Errorf("%q as %T: %#v, %v; encoding/json: %#v, %v", in, got, got, gerr, want, werr)
	}
}

// Errors say what was wanted and found, at the byte where it went wrong.
func TestReadErrors(t *testing.T) {
	object := func(d *Decoder) error {
		return d.Object(func(key string) error {
			if key != "a" {
				return fmt.Errorf("unknown field %q", key)
			}
			_, err := d.String()
			return err
		})
	}
	for _, c := range []struct {
		in   string
		off  int
		want string
	}{
		{``, 0, `want an object, found the end of the input`},
		{`[]`, 0, `want an object, found an array`},
		{`{"a": 1}`, 6, `want a string, found a number`},
		{`{"a": "x" "b": 1}`, 10, `want "," or "}", found a string`},
		{`{"a": "x", "b": 1}`, 11, `unknown field "b"`},
		{`{"a": "x"} x`, 11, `want the end of the input, found 'x'`},
		{`{a: 1}`, 1, `want a member's name (a string), found 'a'`},
		{`{"a": "x\qy"}`, 9, `want an escape: \" \\ \/ \b \f \n \r \t or \u, found 'q'`},
		{`{"a": "x\u00zz"}`, 12, `want four hex digits after \u, found 'z'`},
		{"{\"a\": \"x\ny\"}", 8, `want an escape for this control character, found '\n'`},
		{`{"a": "x`, 8, `want a closing '"', found the end of the input`},
		{`{"a": nul}`, 9, `want null, found '}'`},
		{"{\"a\": \"中\", \"中\": 1}", 13, `unknown field "中"`},
	} {
		err := Read([]byte(c.in), object)
		var e *Error
		if !errors.As(err, &e) || e.Offset != c.off || err.Error() != c.want {
			t.Errorf("%q: got %v at %+v, want %q at %d", c.in, err, e, c.want, c.off)
		}
	}
	if _, err := readInt(`{"x": 99999999999999999999}`); err == nil || err.Error() != "want an integer, found 99999999999999999999" || err.(*Error).Offset != 6 {
		t.Errorf("an int too large: %v", err)
	}
}

func readInt(in string) (n int, err error) {
	err = Read([]byte(in), func(d *Decoder) error {
		return d.Object(func(string) (err error) {
			n, err = d.Int()
			return err
		})
	})
	return n, err
}
