package surface

import (
	"slices"
	"strings"
)

// Nearest is the known name a misspelt name most likely meant, "" if none
// is near: the fewest edits (Levenshtein), within a third of the name's
// length (at least 1), or a known name that starts with it.
func Nearest(name string, known []string) string {
	if slices.Contains(known, name) {
		return ""
	}
	best, bestD := "", -1
	for _, k := range known {
		d := distance(strings.ToLower(name), strings.ToLower(k))
		if bestD < 0 || d < bestD {
			best, bestD = k, d
		}
	}
	if bestD >= 0 && bestD <= max(1, len(name)/3) {
		return best
	}
	for _, k := range known {
		if len(name) >= 3 && strings.HasPrefix(k, name) {
			return k
		}
	}
	return ""
}

func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
