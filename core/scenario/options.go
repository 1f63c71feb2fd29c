package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// opts are an action's k=v words by key; each token's text is its value
// and its column the word's.
type opts map[string]token

// options reads the k=v words t of action verb: each key one of keys,
// each given once.
func options(verb string, keys []string, t []token) (opts, *actionErr) {
	out := opts{}
	for _, x := range t {
		k, v, ok := strings.Cut(x.text, "=")
		if !ok || k == "" || v == "" || x.quoted {
			return nil, oldErr(x.col, fmt.Sprintf("expected an option k=v (%s), got %q", strings.Join(keys, ", "), x.text))
		}
		if !slices.Contains(keys, k) {
			return nil, oldErr(x.col, fmt.Sprintf("unknown option %q for %s (%s)", k, verb, strings.Join(keys, ", ")))
		}
		if _, dup := out[k]; dup {
			return nil, oldErr(x.col, fmt.Sprintf("option %q given twice", k))
		}
		x.text = v
		out[k] = x
	}
	return out, nil
}

// count reads option k as an integer from 1 to max, 1 if it is absent.
func (o opts) count(k string, max int) (int, *actionErr) {
	tk, ok := o[k]
	if !ok {
		return 1, nil
	}
	n, err := intSetting(k, tk.text, 1, max)
	if err != nil {
		return 0, oldErr(tk.col, err.Error())
	}
	return n, nil
}

// intSetting reads val, the value of key, as an integer from lo to hi.
func intSetting(key, val string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(val)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s: expected an integer from %d to %d, got %q", key, lo, hi, val)
	}
	return n, nil
}

// msSetting reads val, the value of key, as a whole number of
// milliseconds, at least least and at most MaxDuration.
func msSetting(key, val string, least int) (time.Duration, error) {
	n, err := strconv.Atoi(val)
	if err != nil || n < least || n > int(MaxDuration/time.Millisecond) {
		return 0, fmt.Errorf("%s: expected milliseconds ≥ %d, got %q", key, least, val)
	}
	return time.Duration(n) * time.Millisecond, nil
}
