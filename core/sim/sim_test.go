package sim

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func label(x int) (int, string) { return x, "n" }

// pingPong passes a token n times between two threads over two queues.
func pingPong(s *Sim, n int) {
	a := NewQueue(s, "a", 0, label)
	b := NewQueue(s, "b", 0, label)
	s.Go("ping", func() {
		for i := 0; i < n; i++ {
			a.Put(i, "")
			b.Take("")
		}
	})
	s.Go("pong", func() {
		for i := 0; i < n; i++ {
			x := a.Take("")
			b.Put(x, "")
		}
	})
}

func TestPingPongTrace(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	pingPong(s, 2)
	require.NoError(t, s.Run(time.Hour, true, nil))
	var kinds []string
	for _, e := range s.Trace() {
		kinds = append(kinds, e.Actor+" "+string(e.Kind)+" "+e.Subj)
	}
	// Both threads start at t=0; the seed decides which runs first.
	got := strings.Join(kinds, "\n")
	require.Contains(t, got, "ping queue.put a")
	require.Contains(t, got, "pong queue.take a")
	require.Equal(t, 2+4*2+2, countKind(s.Trace(), ThreadStart, ThreadExit, QueuePut, QueueTake))
	for _, e := range s.Trace() {
		_, ok := Kinds[e.Kind]
		require.True(t, ok, "unknown kind %q", e.Kind)
	}
}

func countKind(tr []Event, kinds ...Kind) int {
	n := 0
	for _, e := range tr {
		for _, k := range kinds {
			if e.Kind == k {
				n++
			}
		}
	}
	return n
}

func traceJSON(t *testing.T, s *Sim) string {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	for _, e := range s.Trace() {
		require.NoError(t, enc.Encode(e))
	}
	return sb.String()
}

// racers puts n threads on the same instant: only the seed orders them.
func racers(seed int64) *Sim {
	s := New(seed, true)
	q := NewQueue(s, "q", 0, label)
	for i := 1; i <= 4; i++ {
		s.Go("t"+string(rune('0'+i)), func() {
			q.Put(i, "")
			s.Yield()
			q.Put(i*10, "")
		})
	}
	return s
}

func TestSameSeedSameTrace(t *testing.T) {
	distinct := map[string]bool{}
	for seed := int64(1); seed <= 20; seed++ {
		a, b := racers(seed), racers(seed)
		require.NoError(t, a.Run(time.Hour, true, nil))
		require.NoError(t, b.Run(time.Hour, true, nil))
		ta, tb := traceJSON(t, a), traceJSON(t, b)
		require.Equal(t, ta, tb, "seed %d", seed)
		distinct[ta] = true
		a.Close()
		b.Close()
	}
	require.Greater(t, len(distinct), 5, "the seed should order racing threads differently")
}

func TestSleepAndVirtualTime(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	var woke time.Duration
	s.Go("sleeper", func() {
		s.Sleep(30*time.Second, "")
		woke = s.Now()
	})
	require.NoError(t, s.Run(10*time.Second, false, nil))
	require.Zero(t, woke)
	require.NoError(t, s.Run(time.Minute, false, nil))
	require.Equal(t, 30*time.Second, woke)
}

func TestSelectTimeoutAndLatch(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	q := NewQueue(s, "q", 0, label)
	l := NewLatch(s, "started", 7, 1)
	var got []string
	s.Go("poller", func() {
		if _, ok := q.Poll(300*time.Millisecond, ""); !ok {
			got = append(got, "timeout@"+FormatDuration(s.Now()))
		}
		x, ok := q.Poll(time.Second, "")
		got = append(got, "got", FormatDuration(s.Now()), string(rune('0'+x)), map[bool]string{true: "ok"}[ok])
		l.Await("")
		got = append(got, "open@"+FormatDuration(s.Now()))
	})
	s.Go("putter", func() {
		s.Sleep(500*time.Millisecond, "")
		q.Put(5, "")
		s.Sleep(time.Second, "")
		l.CountDown("")
	})
	require.NoError(t, s.Run(time.Minute, true, nil))
	require.Equal(t, []string{"timeout@300ms", "got", "500ms", "5", "ok", "open@1500ms"}, got)
	require.True(t, s.Idle())
}

func TestBoundedQueueBlocksPutter(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	q := NewQueue(s, "bounded", 2, label)
	var putDone time.Duration
	s.Go("producer", func() {
		for i := 1; i <= 3; i++ {
			q.Put(i, "")
		}
		putDone = s.Now()
	})
	s.Go("consumer", func() {
		s.Sleep(time.Second, "")
		q.Take("")
	})
	require.NoError(t, s.Run(time.Minute, true, nil))
	require.Equal(t, time.Second, putDone)
	require.Equal(t, 1, countKind(s.Trace(), QueueWait))
	var notes []string
	for _, e := range s.Trace() {
		if e.Kind == QueuePut || e.Kind == QueueTake {
			notes = append(notes, string(e.Kind)+" "+e.Note)
		}
	}
	// A bounded queue's notes say how full it is.
	require.Equal(t, []string{"queue.put size 1/2", "queue.put size 2/2", "queue.take size 1/2", "queue.put size 2/2"}, notes)
}

func TestLockHandsOverInOrder(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	l := NewLock(s, "putLock")
	var order []string
	for _, name := range []string{"a", "b", "c"} {
		s.Go(name, func() {
			l.Lock("")
			l.Lock("") // reentrant
			order = append(order, name)
			s.Sleep(time.Millisecond, "")
			l.Unlock("")
			l.Unlock("")
		})
	}
	require.NoError(t, s.Run(time.Minute, true, nil))
	require.Len(t, order, 3)
	require.Equal(t, 3*time.Millisecond, s.Now())
	require.Nil(t, l.Holder())
}

func TestWorkerRunsPostedJobsInOrder(t *testing.T) {
	s := New(3, true)
	defer s.Close()
	w := s.NewWorker("main-EventThread", "waitingEvents")
	var got []string
	w.Post(2*time.Second, func() { got = append(got, "b@"+FormatDuration(s.Now())) })
	w.Post(time.Second, func() { got = append(got, "a@"+FormatDuration(s.Now())) })
	w.Post(2*time.Second, func() { got = append(got, "c@"+FormatDuration(s.Now())) })
	require.NoError(t, s.Run(time.Minute, true, nil))
	require.Equal(t, []string{"a@1s", "b@2s", "c@2s"}, got)
	require.Equal(t, 2*time.Second, s.Now())
}

func TestPanicIsReportedNotFatal(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	s.Go("bad", func() { panic("boom") })
	s.Go("good", func() { s.Sleep(time.Second, "") })
	require.ErrorIs(t, s.Run(time.Minute, true, nil), ErrPanicked)
	require.Equal(t, "bad: boom", s.Panic())
}

func TestCloseLeaksNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	for i := 0; i < 50; i++ {
		s := New(int64(i), false)
		q := NewQueue(s, "q", 0, label)
		s.Go("blocked", func() { q.Take("") })
		s.Go("sleeping", func() { s.Sleep(time.Hour, "") })
		s.NewWorker("idle", "inbox")
		require.NoError(t, s.Run(time.Second, false, nil))
		s.Close()
	}
	// Close returns once every goroutine has closed its exited channel, which
	// it does in a deferred call just before returning; give the last ones the
	// moment they need to finish. A leak keeps the count up for good.
	for i := 0; i < 1000 && runtime.NumGoroutine() > before; i++ {
		time.Sleep(time.Millisecond)
	}
	require.LessOrEqual(t, runtime.NumGoroutine(), before)
}

func TestBudgetStopsRun(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	pingPong(s, 1000)
	s.SetBudget(Budget{Events: 100})
	require.ErrorIs(t, s.Run(time.Hour, true, nil), ErrBudget)
	require.GreaterOrEqual(t, s.Events(), 100)
	require.Less(t, s.Events(), 105)
}

// A long run keeps every event, in order, across many trace chunks.
func TestLongTraceKeepsEveryEvent(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	pingPong(s, 130_000) // 520,000 events: more than 60 chunks
	require.NoError(t, s.Run(time.Hour, true, nil))
	tr := s.Trace()
	require.Len(t, tr, s.Events())
	for i, e := range tr {
		if e.Seq != i {
			t.Fatalf("event %d has seq %d", i, e.Seq)
		}
	}
}

// Kill ends parked, sleeping and not yet started threads where they stand:
// they run nothing more, their timers do not keep the run busy, and a
// queue hands its items to the next live taker.
func TestKillEndsThreadsWhereTheyStand(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	q := NewQueue(s, "q", 0, label)
	var got []string
	s.Go("b/taker", func() {
		x := q.Take("")
		got = append(got, "b/taker took "+string(rune('0'+x)))
	})
	s.Go("b/sleeper", func() {
		s.Sleep(time.Hour, "")
		got = append(got, "b/sleeper woke")
	})
	s.Go("b/selector", func() {
		var x int
		s.Select("", q.Recv(&x, ""), After(time.Minute))
		got = append(got, "b/selector returned")
	})
	s.Go("other", func() {
		x := q.Take("")
		got = append(got, "other took "+string(rune('0'+x)))
	})
	s.Go("killer", func() {
		s.Sleep(time.Second, "")
		n := s.Kill("killed", func(name string) bool { return strings.HasPrefix(name, "b/") })
		got = append(got, "killed "+string(rune('0'+n)))
		s.Go("b/late", func() { got = append(got, "b/late ran") })
		q.Put(7, "")
	})
	require.NoError(t, s.Run(2*time.Hour, true, nil))
	require.Equal(t, []string{"killed 3", "b/late ran", "other took 7"}, got)
	require.True(t, s.Idle(), "the killed threads' timers are gone")
	exits := 0
	for _, e := range s.Trace() {
		if e.Kind == ThreadExit && e.Note == "killed" {
			require.True(t, strings.HasPrefix(e.Actor, "b/"), e.Actor)
			exits++
		}
	}
	require.Equal(t, 3, exits)
	require.Equal(t, time.Second, s.Now(), "nothing ran after the kill but the last put")
}

// A thread killed while it holds a lock (its Unlock deferred, as
// ReplicaManager's stateChangeLock is) ends without running the Unlock as
// its own: the lock dies with it and goes to the next live waiter, from a
// killer thread and from the host alike.
func TestKillReleasesTheLocksOfTheKilled(t *testing.T) {
	for _, fromHost := range []bool{false, true} {
		s := New(1, true)
		l := NewLock(s, "stateChangeLock")
		var got []string
		hold := func(name string) {
			s.Go(name, func() {
				l.Lock("")
				defer l.Unlock("")
				l.Lock("") // reentrant: two holds, both die
				defer l.Unlock("")
				s.Sleep(time.Hour, "")
				got = append(got, name+" woke")
			})
		}
		hold("b/holder")
		s.Go("b/waiter", func() {
			s.Sleep(time.Millisecond, "")
			l.Lock("")
			got = append(got, "b/waiter got it")
		})
		s.Go("other", func() {
			s.Sleep(2*time.Millisecond, "")
			l.Lock("")
			got = append(got, "other got it")
			l.Unlock("")
		})
		kill := func() int {
			return s.Kill("killed", func(name string) bool { return strings.HasPrefix(name, "b/") })
		}
		if fromHost {
			require.NoError(t, s.Run(time.Second, false, nil))
			require.Equal(t, 2, kill())
		} else {
			s.Go("killer", func() {
				s.Sleep(time.Second, "")
				require.Equal(t, 2, kill())
			})
		}
		require.NoError(t, s.Run(2*time.Hour, true, nil))
		require.Empty(t, s.Panic())
		require.Equal(t, []string{"other got it"}, got, "from host: %v", fromHost)
		require.Nil(t, l.Holder())
		var released []string
		for _, e := range s.Trace() {
			if e.Kind == LockRelease {
				released = append(released, e.Actor+" "+e.Note)
			}
		}
		require.Equal(t, []string{"b/holder holder killed", "other "}, released)
		s.Close()
	}
}

// Close ends threads parked while holding locks, several of them, without
// a panic and without waiting forever (it used to deadlock on the second).
func TestCloseEndsThreadsThatHoldLocks(t *testing.T) {
	s := New(1, true)
	for i := range 3 {
		l := NewLock(s, "lock-"+string(rune('0'+i)))
		s.Go("holder-"+string(rune('0'+i)), func() {
			l.Lock("")
			defer l.Unlock("")
			s.Sleep(time.Hour, "")
		})
	}
	require.NoError(t, s.Run(time.Second, false, nil))
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close hangs on threads that hold locks")
	}
	require.Empty(t, s.Panic())
}

// Each budget stops a run where it is reached, also in the middle of one
// thread's long loop, and says which it was; the run then stays stopped.
func TestBudgetsStopWhereTheyAreReached(t *testing.T) {
	busy := func(s *Sim) {
		s.Go("loop", func() {
			for i := 0; ; i++ {
				s.Emit(Event{Kind: State, Note: "0123456789"})
				if i%1000 == 999 {
					s.Sleep(time.Minute, "")
				}
			}
		})
	}
	for _, c := range []struct {
		budget Budget
		limit  string
		events int
		at     time.Duration
	}{
		{Budget{Events: 2500}, "events", 2500, 2 * time.Minute},
		{Budget{Bytes: 100 * (eventBytes + 19)}, "memory", 0, 0},    // about 100 events
		{Budget{Clock: time.Hour}, "clock", 1 + 61*1001, time.Hour}, // what runs at 1h runs
	} {
		s := New(1, true)
		busy(s)
		s.SetBudget(c.budget)
		err := s.Run(10*time.Hour, false, nil)
		var be *BudgetError
		require.ErrorAs(t, err, &be)
		require.ErrorIs(t, err, ErrBudget)
		require.Equal(t, c.limit, be.Limit)
		if c.limit == "memory" {
			// The event that reaches the budget is the last one.
			require.GreaterOrEqual(t, be.Bytes, c.budget.Bytes)
			require.Less(t, be.Bytes-c.budget.Bytes, eventBytes+19)
			c.events = be.Events
		}
		require.Equal(t, c.events, s.Events(), c.limit)
		require.Equal(t, c.events, be.Events, c.limit)
		require.Equal(t, c.at, s.Now(), c.limit)
		require.Equal(t, err, s.Run(20*time.Hour, false, nil), "a stopped run stays stopped")
		s.Close()
	}
}
