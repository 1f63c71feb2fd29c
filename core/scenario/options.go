package scenario

import (
	"fmt"
	"strconv"
	"time"
)

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
