// Package kit holds the small stateless helpers the page's features share
// (the what-if panel, the playground): below them all, importing none.
package kit

import "strconv"

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
