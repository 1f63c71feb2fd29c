package sim

import (
	"brokerlab/core/msg"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A refusal reaches OnRefuse with the origin its action was scheduled
// under: across a post from one worker to another, a wait on the way, a
// hand-over to a new thread and a job bound before its worker existed; a
// job posted with no origin refuses with none, and a thread a job starts
// begins without its origin.
func TestRefusalsKeepTheirOrigin(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	type got struct {
		origin any
		note   string
	}
	var heard []got
	s.OnRefuse(func(o any, e Event) { heard = append(heard, got{o, e.Note}) })
	a := s.NewWorker("a", "a.inbox")
	b := s.NewWorker("b", "b.inbox")
	ms := time.Millisecond

	s.SetOrigin("line 1")
	a.Post(ms, func() {
		s.Sleep(ms, "on the way") // another thread runs meanwhile
		b.Post(s.Now(), func() { s.Refuse("x", msg.New("text", "b refuses it"), "") })
	})
	s.SetOrigin("line 2")
	b.Post(ms, func() { s.Refuse("y", msg.New("text", "while a sleeps"), "") })
	s.SetOrigin("line 3")
	a.Post(5*ms, func() { s.Refuse("z", msg.New("text", "after the hand-over"), "") })
	early := s.Bind(func() { s.Refuse("w", msg.New("text", "bound early"), "") })
	s.SetOrigin("line 4")
	a.Post(ms, func() {
		s.Go("spawned", func() { s.Refuse("v", msg.New("text", "a thread of the system's"), "") })
	})
	s.SetOrigin(nil)
	a.Post(2*ms, func() { a.HandOver(s.NewWorker("c", "c.inbox")) })
	b.Post(6*ms, func() { s.Refuse("u", msg.New("text", "nobody's"), "") })
	b.Post(7*ms, early)

	require.NoError(t, s.Run(time.Second, true, nil))
	require.Equal(t, []got{
		{"line 2", "y: refused, while a sleeps"},
		{"line 1", "x: refused, b refuses it"},
		{nil, "v: refused, a thread of the system's"}, // a is busy until 2ms
		{"line 3", "z: refused, after the hand-over"},
		{nil, "u: refused, nobody's"},
		{"line 3", "w: refused, bound early"},
	}, heard)
	var notes []string
	for _, e := range s.Trace() {
		if e.Kind == Action {
			notes = append(notes, e.Note)
		}
	}
	require.Len(t, notes, len(heard), "each refusal is one action event: %q", notes)
	require.Nil(t, s.Origin(), "the host's origin is what it last set")
}
