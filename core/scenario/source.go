package scenario

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"brokerlab/core/msg"
)

// A scenario's text comes in three ways: a file (brokerlab run), the
// page's editor, and a link's src=. Each takes the same text, checked
// here once: a UTF-8 byte-order mark before line 1 is skipped (editors on
// Windows write one); what is left is UTF-8 of at most MaxSource bytes.
// A link's seed= is read as a file's seed statement.

// bom is the UTF-8 encoding of U+FEFF, the byte-order mark.
const bom = "\uFEFF"

// CheckSource checks a scenario's text as Parse does before it reads a
// line, and says what is wrong in the words Parse uses: the link's src=
// (ui/srclink.go) refuses what the editor and a file refuse, the same way.
func CheckSource(src string) error {
	if _, _, err := checkSource(src); err != nil {
		return err
	}
	return nil
}

// checkSource is CheckSource with the place of what is wrong, counted in
// the text past the byte-order mark, as Parse counts it: the line and
// column (in characters, from 1) of the first byte past MaxSource or of
// the first byte that is not UTF-8. The size is the text's as given, its
// mark included: a reader that stops one byte past MaxSource (a link's
// inflater, brokerlab run) cannot make a longer text look short.
func checkSource(src string) (line, col int, err *msg.Error) {
	text := strings.TrimPrefix(src, bom)
	switch {
	case len(src) > MaxSource:
		line, col = place(text, MaxSource-(len(src)-len(text)))
		return line, col, msg.New("sc.source.size", MaxSource/1024)
	case !utf8.ValidString(text):
		i := 0
		for i < len(text) {
			r, n := utf8.DecodeRuneInString(text[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		line, col = place(text, i)
		return line, col, msg.New("sc.source.utf8")
	}
	return 0, 0, nil
}

// place is the line and column of byte i of src.
func place(src string, i int) (line, col int) {
	before := src[:i]
	start := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[start:]) + 1
}

// ReadSeed reads a seed as a file's seed statement and a link's seed=
// take it: a positive integer.
func ReadSeed(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, msg.New("sc.seed.bad", s)
	}
	return n, nil
}
