package stage

import "strings"

// Short is the stage's label for an upstream thread name (short labels
// on the stage, the full name in the inspector and the node's
// <title>): "data-plane-kafka-request-handler-3" is "handler-3",
// "data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-2"
// is "Processor-2", the control plane's are "ctl handler-0" and so on.
// A "broker-N/" prefix is dropped (the broker's box says which); names
// without a rule are returned as they are.
func Short(name string) string {
	if m := match("broker-{d}/{.}", name); m != nil {
		name = m[1]
	}
	for _, r := range shortRules {
		if m := match(r.pattern, name); m != nil {
			return r.short(m)
		}
	}
	return name
}

// plane is "" for the data plane, the usual case, and "ctl " for the
// control plane.
func plane(p string) string {
	if p == "control" {
		return "ctl "
	}
	return ""
}

var shortRules = []struct {
	pattern string
	short   func(m []string) string
}{
	{"{p}-plane-kafka-request-handler-{d}", func(m []string) string { return plane(m[0]) + "handler-" + m[1] }},
	{"{p}-plane-kafka-network-thread-{d}-ListenerName({w})-{w}-{d}", func(m []string) string { return plane(m[0]) + "Processor-" + m[4] }},
	{"{p}-plane-kafka-socket-acceptor-ListenerName({w})-{w}-{d}", func(m []string) string { return plane(m[0]) + "Acceptor :" + m[3] }},
	{"NIOServerCxnFactory.SelectorThread-{d}", func(m []string) string { return "SelectorThread-" + m[0] }},
	{"NIOServerCxnFactory.AcceptThread:{*}", func([]string) string { return "AcceptThread" }},
	{"ProcessThread(sid:{d} cport:{d}):", func([]string) string { return "ProcessThread" }},
	{"SyncThread:{d}", func([]string) string { return "SyncThread" }},
	{"ExpirationReaper-{d}-{w}", func(m []string) string { return "Reaper-" + m[1] }},
	{"Controller-{d}-to-broker-{d}-send-thread", func(m []string) string { return "send-thread → " + m[1] }},
	{"kafka-coordinator-heartbeat-thread | {S} ({.})", func(m []string) string { return "heartbeat " + m[1] }},
	{"kafka-producer-network-thread | {.}", func(m []string) string { return m[0] + " sender" }},
	{"org.springframework.kafka.KafkaListenerEndpointContainer#{d}-{d}-C-{d}", func(m []string) string { return "container #" + m[0] + "-" + m[1] }},
	{"zk-session-expiry-handler0", func([]string) string { return "zk-session-expiry" }},
	{"zk-session-expiry-handler0-EventThread", func([]string) string { return "expiry EventThread" }},
}

// match matches all of s against pattern, whose text stands for itself
// but for runs in braces: {d} is one or more ASCII digits, {w} one or
// more word characters (ASCII letters, digits, _), {S} one or more
// characters other than white space, {.} one or more characters of any
// kind, {*} zero or more, and {p} a plane, "data" or "control". It
// returns what each run matched, in order (not nil when s matches), or
// nil. A run takes as much as it can and gives back what the rest of the
// pattern needs, as a regular expression's would; the names are short
// and the patterns few. (A regular expression would do, at the cost of
// the regexp package in main.wasm.)
func match(pattern, s string) []string {
	m, ok := matchFrom(pattern, s, []string{})
	if !ok {
		return nil
	}
	return m
}

func matchFrom(pattern, s string, runs []string) ([]string, bool) {
	i := strings.IndexByte(pattern, '{')
	if i < 0 {
		return runs, pattern == s
	}
	lit := pattern[:i]
	if !strings.HasPrefix(s, lit) {
		return nil, false
	}
	s, kind, rest := s[len(lit):], pattern[i+1], pattern[i+3:]
	if kind == 'p' {
		for _, p := range []string{"data", "control"} {
			if strings.HasPrefix(s, p) {
				if m, ok := matchFrom(rest, s[len(p):], append(runs, p)); ok {
					return m, true
				}
			}
		}
		return nil, false
	}
	n := 0
	for n < len(s) && inRun(kind, s[n]) {
		n++
	}
	least := 1
	if kind == '*' {
		least = 0
	}
	for ; n >= least; n-- {
		if m, ok := matchFrom(rest, s[n:], append(runs, s[:n])); ok {
			return m, true
		}
	}
	return nil, false
}

// inRun says whether byte c may be part of a run of the kind ('d', 'w',
// 'S', '.' or '*'). The bytes of a multi-byte character are neither
// digits, word characters nor white space.
func inRun(kind, c byte) bool {
	digit := '0' <= c && c <= '9'
	switch kind {
	case 'd':
		return digit
	case 'w':
		return digit || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
	case 'S':
		return c != ' ' && c != '\t' && c != '\n' && c != '\f' && c != '\r'
	}
	return true
}
