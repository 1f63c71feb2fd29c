package surface

import (
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// MaxDuration bounds every duration in a scenario, so that adding them up
// can never wrap the virtual clock.
const MaxDuration = 1000 * time.Hour

// Dur is d as the reference and the messages write a bound: whole hours
// as 1000h, else as the trace writes durations.
func Dur(d time.Duration) string {
	if d >= time.Hour && d%time.Hour == 0 {
		return strconv.FormatInt(int64(d/time.Hour), 10) + "h"
	}
	return sim.FormatDuration(d)
}

// ParseDuration reads 250ms, 10s, 1.5s, 2m or 40us; a unit is required.
func ParseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if s == "" || s[0] < '0' || s[0] > '9' || err != nil || strings.HasSuffix(s, "ns") {
		return 0, msg.New("duration", s)
	}
	if d > MaxDuration {
		return 0, msg.New("duration.long", s, Dur(MaxDuration))
	}
	return d, nil
}

// ReadInt reads val, the value of key, as an integer from lo to hi.
func ReadInt(key, val string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(val)
	if err != nil || n < lo || n > hi {
		return 0, msg.New("int", key, lo, hi, val)
	}
	return n, nil
}

// Int is an integer from lo to hi.
func Int[C any](lo, hi int, f func(*C) *int) Value[C] {
	kind := "integer " + strconv.Itoa(lo) + ".." + strconv.Itoa(hi)
	return Value[C]{Kind: kind,
		Set: func(c *C, key, _, val string) (err error) {
			*f(c), err = ReadInt(key, val, lo, hi)
			return err
		},
		Show: func(c *C) string { return strconv.Itoa(*f(c)) }}
}

// Cores is the setting every system shares: the simulated machine's
// processor count (f nil: checked and not used).
func Cores[C any](f func(*C) *int) Setting[C] {
	var spare int
	if f == nil {
		f = func(*C) *int { spare = 8; return &spare }
	}
	return Setting[C]{Key: "cores", Doc: "the simulated machine's processor count (Runtime.availableProcessors)", Value: Value[C]{Kind: "integer 1..1024",
		Set: func(c *C, key, _, val string) error {
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 1024 {
				return msg.New("cores", val)
			}
			*f(c) = n
			return nil
		},
		Show: func(c *C) string { return strconv.Itoa(*f(c)) }}}
}

// Ms is a whole number of milliseconds from least to MaxDuration.
func Ms[C any](least int, f func(*C) *time.Duration) Value[C] {
	return Value[C]{Kind: "milliseconds ≥ " + strconv.Itoa(least),
		Set: func(c *C, key, _, val string) error {
			n, err := strconv.Atoi(val)
			if err != nil || n < least || n > int(MaxDuration/time.Millisecond) {
				return msg.New("ms", key, least, val)
			}
			*f(c) = time.Duration(n) * time.Millisecond
			return nil
		},
		Show: func(c *C) string { return strconv.FormatInt(f(c).Milliseconds(), 10) }}
}

// MsOrDuration is a whole number of milliseconds (30000) or a duration
// (30s), from least to most.
func MsOrDuration[C any](least, most time.Duration, f func(*C) *time.Duration) Value[C] {
	lo, hi := Dur(least), Dur(most)
	return Value[C]{Kind: "milliseconds or a duration, " + lo + " to " + hi,
		Set: func(c *C, key, _, val string) error {
			d, err := ParseDuration(val)
			if n, e := strconv.Atoi(val); e == nil {
				d, err = time.Duration(n)*time.Millisecond, nil
				if n < 0 || n > int(most/time.Millisecond) {
					d = -1
				}
			}
			if err != nil || d < least || d > most || d%time.Millisecond != 0 {
				return msg.New("ms.or.duration", key, lo, hi, val)
			}
			*f(c) = d
			return nil
		},
		Show: func(c *C) string { return strconv.FormatInt(f(c).Milliseconds(), 10) }}
}

// Duration is a duration (250ms, 10s) up to most.
func Duration[C any](most time.Duration, f func(*C) *time.Duration) Value[C] {
	return Value[C]{Kind: "duration up to " + Dur(most),
		Set: func(c *C, key, _, val string) (err error) {
			*f(c), err = readDuration(key, val, most)
			return err
		},
		Show: func(c *C) string { return Dur(*f(c)) }}
}

// readDuration reads val, the value of key, as a duration up to most.
func readDuration(key, val string, most time.Duration) (time.Duration, error) {
	d, err := ParseDuration(val)
	if err != nil {
		return 0, msg.New("setting", key, err)
	}
	if d > most {
		return 0, msg.New("duration.most", key, Dur(most), val)
	}
	return d, nil
}

// Bool is true or false.
func Bool[C any](f func(*C) *bool) Value[C] {
	return Value[C]{Kind: "true or false",
		Set: func(c *C, key, _, val string) error {
			if val != "true" && val != "false" {
				return msg.New("bool", key, val)
			}
			*f(c) = val == "true"
			return nil
		},
		Show: func(c *C) string { return strconv.FormatBool(*f(c)) }}
}

// OneOf is one of names.
func OneOf[C any, S ~string](names []S, f func(*C) *S) Value[C] {
	list := make([]string, len(names))
	for i, n := range names {
		list[i] = string(n)
	}
	return Value[C]{Kind: "one of " + strings.Join(list, ", "),
		Set: func(c *C, key, _, val string) error {
			for _, n := range names {
				if string(n) == val {
					*f(c) = n
					return nil
				}
			}
			return &msg.Error{Code: "one.of", Args: []any{key, msg.List(list), val}, Hint: Nearest(val, list)}
		},
		Show: func(c *C) string { return string(*f(c)) }}
}

// PlainName is a topic, group or client id the scenario language can write:
// letters, digits, '.', '_' and '-'.
func PlainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// Name is a PlainName.
func Name[C any](f func(*C) *string) Value[C] {
	return Value[C]{Kind: "a name (letters, digits, '.', '_', '-')",
		Set: func(c *C, key, _, val string) error {
			if !PlainName(val) {
				return msg.New("name", key, val)
			}
			*f(c) = val
			return nil
		},
		Show: func(c *C) string { return *f(c) }}
}

// Names is a comma-separated list of PlainNames.
func Names[C any](f func(*C) *[]string) Value[C] {
	return Value[C]{Kind: "names N,N",
		Set: func(c *C, key, _, val string) error {
			ns := strings.Split(val, ",")
			for _, n := range ns {
				if !PlainName(n) {
					return msg.New("names", key, val)
				}
			}
			*f(c) = ns
			return nil
		},
		Show: func(c *C) string { return strings.Join(*f(c), ",") }}
}

// DurationMap is a family of durations up to most, one per name, kept in
// a map of f: each run starts from a copy.
func DurationMap[C any](names func() []string, most time.Duration, f func(*C) *map[string]time.Duration) Value[C] {
	return Value[C]{Kind: "duration up to " + Dur(most), Names: names,
		Set: func(c *C, key, name, val string) error {
			d, err := readDuration(key, val, most)
			if err != nil {
				return err
			}
			m := map[string]time.Duration{}
			for _, n := range names() { // copy: each run starts from its own config
				if v, ok := (*f(c))[n]; ok {
					m[n] = v
				}
			}
			m[name] = d
			*f(c) = m
			return nil
		},
		Show: func(c *C) string { return "" }}
}
