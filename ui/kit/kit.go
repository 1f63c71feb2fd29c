// Package kit holds the small stateless helpers the page's features share
// (the what-if panel, the playground): below them all, importing none.
package kit

import (
	"strconv"

	"brokerlab/core/scenario"
)

// FirstFree is prefix + the first number from n on that is not used.
func FirstFree(prefix string, n int, used map[string]bool) string {
	for ; ; n++ {
		if name := prefix + strconv.Itoa(n); !used[name] {
			return name
		}
	}
}

// Or is v, or def when v is "".
func Or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// IfChecked is v when a checkbox is checked, else "" (a setting dropped).
func IfChecked(checked bool, v string) string {
	if checked {
		return v
	}
	return ""
}

// Ms formats virtual µs as milliseconds.
func Ms(us int64) string {
	return strconv.FormatFloat(float64(us)/1000, 'f', 3, 64) + " ms"
}

// Wrap cuts s into pieces where a long identifier may break, as a reader
// expects it to (issue 11: "ControlledShutd own" at 13 characters a line):
// after ".", "_", "/" or "(" and at a camelCase boundary. The markup shows
// each piece as a span.w and the CSS puts a break opportunity between two
// (a zero-width space as generated content), so the text itself, copied,
// searched or read aloud, is unchanged; overflow-wrap: break-word then
// prefers those breaks to cutting a word anywhere.
func Wrap(s string) []string {
	r := []rune(s)
	var out []string
	start, run := 0, 0 // run: letters since the last space
	for i, c := range r {
		if i > 0 && run >= 6 && i+3 < len(r) {
			p := r[i-1]
			if (p == '.' || p == '_' || p == '/' || p == '(') && c != ' ' ||
				isLower(p) && isUpper(c) && isLower(r[i+1]) {
				out = append(out, string(r[start:i]))
				start = i
			}
		}
		if c == ' ' || c == '\n' {
			run = 0
		} else {
			run++
		}
	}
	return append(out, string(r[start:]))
}

func isLower(c rune) bool { return c >= 'a' && c <= 'z' }
func isUpper(c rune) bool { return c >= 'A' && c <= 'Z' }

// MarkSeq is the event narration step k starts at, -1 if the run never
// gets there.
func MarkSeq(marks []scenario.Mark, k int) int {
	for _, m := range marks {
		if m.Step == k {
			return m.Seq
		}
	}
	return -1
}
