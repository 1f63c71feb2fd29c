package ui

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"brokerlab/core/sim"
	"brokerlab/lessons"
	"brokerlab/ui/stage"
)

// On a Chinese page every word of the stage and of the event log is
// Chinese, but upstream's names: thread names, states, events, APIs, error
// codes, settings and the trace's kinds stay as they are, and so do the
// names a scenario gives (clients, consumers, request ids) and the
// scenario's own lines (its actions and checks) and the lesson's own
// Chinese (a step's text). A word is a name when it
// looks like one (a digit, a dot, a dash, CamelCase, CAPS) or is one of
// upstreamWords; any other English word fails the test, with where it was.
func TestZHStageAndLogWords(t *testing.T) {
	eachLesson(t, func(t *testing.T, l lessons.Lesson, open func(lang string) *App) {
		names := scenarioWords(l.Scenario)
		a := open("zh")
		for _, th := range a.M.Threads {
			for _, w := range wordRe.FindAllString(th, -1) {
				names[w] = true // the run's thread names, and their stage labels
			}
		}
		found := map[string]string{}
		check := func(where, s string) {
			for _, w := range proseWords(s) {
				// One report a word on the stage, one in the log.
				if k := strings.Fields(where)[0] + " " + w; !names[w] && found[k] == "" {
					found[k] = where + ": " + s
				}
			}
		}
		for i := 0; i < a.Len(); i++ {
			a.Play.Seek(i)
			sc, _ := a.Frame()
			for _, nd := range sc.Nodes {
				check("stage "+nd.Key, nodeText(nd))
				check("title "+nd.Key, nd.Title)
			}
			for _, r := range a.Log.Rows() {
				if scenarioLine[r.Kind] {
					continue // the scenario's own text, as written
				}
				if r.Kind == "step" {
					// The lesson's own Chinese, which names upstream's
					// things in English where it must.
					if !strings.ContainsFunc(r.Note, isHan) {
						t.Errorf("log #%d: the step in English: %s", r.Seq, r.Note)
					}
					continue
				}
				where := fmt.Sprintf("log #%d %s", r.Seq, r.Kind)
				// The subject is always a name: a queue, a connection,
				// a partition, a group, a thread.
				check(where, stage.Short(r.Actor))
				check(where, r.Item)
				check(where, r.Note)
			}
		}
		if len(found) > 0 {
			ws := make([]string, 0, len(found))
			for w := range found {
				ws = append(ws, w)
			}
			sort.Strings(ws)
			for _, w := range ws[:min(len(ws), 250)] {
				t.Errorf("English %q on the Chinese page, at %s", strings.Fields(w)[1], found[w])
			}
			t.Errorf("%d English words in all", len(ws))
		}
	})
}

// scenarioLine are the trace kinds whose note is a line of the scenario.
var scenarioLine = map[string]bool{"expect": true, "action": true, "reveal": true}

// nodeText is a node's texts as one line; an identifier the stage breaks
// after a dot (WorkerService. / queue) is joined again.
func nodeText(nd stage.Node) string {
	var b strings.Builder
	for i, tx := range nd.Texts {
		if i > 0 && !strings.HasSuffix(nd.Texts[i-1].S, ".") {
			b.WriteByte(' ')
		}
		b.WriteString(tx.S)
	}
	return b.String()
}

var (
	wordRe   = regexp.MustCompile(`[A-Za-z]+`)
	tokenRe  = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_.\-/#@$=\[\]+'’]*`)
	nameLike = regexp.MustCompile(`[0-9_.\-/#@$=\[\]+]|^.+[A-Z]|^[A-Z]+$`)
)

// proseWords are the words of s that are not names: a word is what
// stands between spaces, without the punctuation around it; a path
// (/brokers/ids) is a name.
func proseWords(s string) []string {
	var out []string
	for _, f := range strings.Fields(s) {
		if strings.Contains(f, "/") {
			continue
		}
		for _, w := range tokenRe.FindAllString(f, -1) {
			w = strings.TrimRight(w, ".-'’")
			if len(w) < 2 || nameLike.MatchString(w) || upstreamWords[w] {
				continue
			}
			out = append(out, w)
		}
	}
	return out
}

// scenarioWords are the words a lesson's scenario writes outside its
// strings: its systems' names, actions and the names it gives.
func scenarioWords(src string) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(src, "\n") {
		line, _, _ = strings.Cut(line, "#")
		for i, part := range strings.Split(line, `"`) {
			if i%2 == 0 {
				for _, w := range wordRe.FindAllString(part, -1) {
					out[w] = true
				}
			}
		}
	}
	return out
}

// upstreamWords are upstream's names that look like words: states,
// events, APIs, a consumer's ack and commit modes, assignors, method and
// field names, units.
var upstreamWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		Acceptor Startup Shutdown Expire Reelect Idle Dead Empty Stable Fetch Produce Metadata Heartbeat Join Sync Leave Delete
		StopReplica LeaderAndIsr ZooKeeper Kafka
		range roundrobin sticky cooperative sync async poll acks offsets id ms µs
		ctl container Processor Selector select expiry sessionid Truncating Fetching`) {
		m[w] = true
	}
	for k := range sim.Kinds {
		m[string(k)] = true
	}
	return m
}()

func TestProseWords(t *testing.T) {
	for s, want := range map[string][]string{
		"ZK 会话 connected":                            {"connected"},
		"error 21, not retriable":                    {"error", "not", "retriable"},
		"controller-event-thread ▶ BrokerChange":     nil,
		"HW 3 · LEO 5 · t0-1 NOT_ENOUGH_REPLICAS":    nil,
		"WorkerService.queue · acks 队列 · offsets 映射": nil,
		"– ignored": {"ignored"},
	} {
		if got := proseWords(s); !slices.Equal(got, want) {
			t.Errorf("proseWords(%q) = %q, want %q", s, got, want)
		}
	}
}

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }
