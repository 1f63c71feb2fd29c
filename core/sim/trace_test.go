package sim

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/msg"
)

type worded int

func (w worded) ItemWords() *msg.Note { return msg.Notef("wakeup: %s", msg.Literal("poll")) }

// A kept trace reads back as it was emitted: every note that is data
// says what its English says, in both languages; tokens keep their
// ItemWords; numbers of any size survive; a trace read in the middle of
// a run goes on after it.
func TestTraceReadsBackAsEmitted(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	huge := NewQueue(s, "huge", 1<<40, label)
	words := NewQueue(s, "words", 0, func(w worded) (int, string) { return int(w), "w" })
	l := NewLock(s, "l")
	s.Go("a", func() {
		l.Lock("")
		huge.Put(7, "")
		words.Put(3, "")
		s.Sleepf(time.Millisecond, "process %s %s", "x", FormatDuration(time.Millisecond))
		s.Sleepf(time.Millisecond, "ask %q: %s", "x", 7) // not a knote
		s.Sleep(time.Second, "")
		l.Unlock("")
	})
	s.Go("b", func() {
		s.Select("", words.Recv(new(worded), ""), After(time.Second))
		l.Lock("")
		huge.Take("")
		l.Unlock("")
	})
	require.NoError(t, s.Run(500*time.Millisecond, false, nil))
	first := append([]Event(nil), s.Trace()...)
	require.NoError(t, s.Run(time.Hour, true, nil))
	tr := s.Trace()
	require.Len(t, tr, s.Events())
	require.Equal(t, first, tr[:len(first)], "the trace read first is the start of the trace read after")
	var notes []string
	items := 0
	for i, e := range tr {
		require.Equal(t, i, e.Seq)
		if e.Words != nil {
			require.Equal(t, e.Note, e.Words.String(), "event %d", i)
			require.Equal(t, e.Words.Words("zh"), msg.Notef(e.Words.Format, e.Words.Args...).Words("zh"))
			notes = append(notes, e.Note)
		}
		if e.ItemWords != nil {
			require.Equal(t, "wakeup: poll", e.ItemWords.String())
			items++
		}
	}
	require.Subset(t, notes, []string{"size 1/1099511627776", "size 0/1099511627776", "size 1", "held by a", "words | timeout 1s", "process x 1ms", `ask "x": %!s(int=7)`})
	require.Equal(t, 2, items, "the put and the take of the worded token")
}

// A knote's length, which the memory budget counts, is its English's.
func TestKnoteLen(t *testing.T) {
	for _, k := range []knote{noteInts("size %d/%d", -12, 1<<40), noteInts("count %d", 0), noteStrs("%s | timeout %s", "a | b", "1.5s"), noteStrs("held by %s", "")} {
		require.Equal(t, len(appendKnote(nil, &k)), k.len(), k.format)
	}
}

// A string the trace repeats is numbered once (threads' names, queues',
// kinds), even strings whose bytes lie side by side.
func TestRepeatedStringsAreNumberedOnce(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	pingPong(s, 1000)
	require.NoError(t, s.Run(time.Hour, true, nil))
	require.Less(t, int(s.trace.strs.n), 20, "6,000 events of a dozen strings")
}

// A note is a knote when its verbs are %d of ints and %s of strings.
func TestKnoteOf(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []any
		ok     bool
	}{
		{"handle %s %s", []any{"Produce:p1#2", "1ms"}, true},
		{"FixedBackOff: retry %d of %d", []any{2, 3}, true},
		{"preempt", nil, true},
		{"%d%%", []any{5}, false},
		{"ask %q", []any{"x"}, false},
		{"x %d", []any{int64(5)}, false},
		{"%s", []any{1}, false},
		{"%d", []any{"1"}, false},
		{"%d %d %d", []any{1, 2, 3}, false},
		{"%s", nil, false},
		{"%s", []any{"a", "b"}, false},
		{"50%", []any{"a"}, false},
	} {
		k, ok := knoteOf(c.format, c.args)
		require.Equal(t, c.ok, ok, c.format)
		if ok {
			require.Equal(t, Event{}.Notef(c.format, c.args...).Note, string(appendKnote(nil, &k)), c.format)
		}
	}
}
