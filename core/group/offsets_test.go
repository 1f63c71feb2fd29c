package group

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// OffsetCommit, read in Kafka 2.5.0's
// GroupCoordinator.handleCommitOffsets and doCommitOffsets): the answer in
// each state, whether the offset is stored, whether the commit counts as
// a heartbeat.
func TestOffsetCommitPerState(t *testing.T) {
	const noGroup GroupState = ""
	tests := []struct {
		name      string
		state     GroupState
		edit      func(r *request)
		want      Error
		stored    bool
		wantState GroupState
		rearmed   int
	}{
		{name: "empty group id", state: noGroup, edit: func(r *request) { r.groupID = "" }, want: InvalidGroupID},
		{name: "no group, no generation: created Empty, stored (simple consumer)", state: noGroup,
			edit: func(r *request) { r.generation, r.memberID = -1, "" }, want: None, stored: true, wantState: Empty},
		{name: "no group, a generation: an older generation", state: noGroup, want: IllegalGeneration, wantState: Dead},
		{name: "Dead", state: Dead, want: CoordinatorNotAvailable, wantState: Dead},
		{name: "Empty, no generation: stored", state: Empty, edit: func(r *request) { r.generation, r.memberID = -1, "" },
			want: None, stored: true, wantState: Empty},
		{name: "unknown member", state: Stable, edit: func(r *request) { r.memberID = "Z-0001" }, want: UnknownMemberID, wantState: Stable},
		{name: "no generation, Stable: not a member", state: Stable, edit: func(r *request) { r.generation, r.memberID = -1, "" },
			want: UnknownMemberID, wantState: Stable},
		{name: "wrong generation", state: Stable, edit: func(r *request) { r.generation = 2 }, want: IllegalGeneration, wantState: Stable},
		{name: "Stable: stored, timer reset", state: Stable, want: None, stored: true, wantState: Stable, rearmed: 1},
		{name: "PreparingRebalance: stored, timer reset", state: PreparingRebalance, want: None, stored: true, wantState: PreparingRebalance, rearmed: 1},
		{name: "CompletingRebalance", state: CompletingRebalance, want: RebalanceInProgress, wantState: CompletingRebalance},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, DefaultConfig())
			if tc.state != noGroup {
				r.group(tc.state)
			}
			req := r.req(apiOffsetCommit)
			tp := TopicPartition{"t0", 0}
			req.offsets = []Offset{{tp, 7}}
			if tc.edit != nil {
				tc.edit(req)
			}
			before := r.heartbeatRearmed()
			got := r.call(t, req)
			require.NotNil(t, got)
			require.Equal(t, tc.want, got.err)
			o, ok := r.y.Committed("G", tp)
			require.Equal(t, tc.stored, ok, "stored")
			if tc.stored {
				require.Equal(t, int64(7), o)
			}
			if tc.wantState != "" {
				state, err := r.y.Get("group[G].state")
				require.NoError(t, err)
				require.Equal(t, string(tc.wantState), state)
			}
			require.Equal(t, tc.rearmed, r.heartbeatRearmed()-before, "DelayedHeartbeats armed")
		})
	}
}

// OffsetFetch answers each partition's committed offset, -1 where none;
// every stored offset is kept in order and traced as offset.commit.
func TestOffsetFetchAnswersTheCommittedOffsets(t *testing.T) {
	r := newRig(t, DefaultConfig())
	r.group(Stable)
	a, b := TopicPartition{"t0", 0}, TopicPartition{"t0", 1}
	for _, off := range []int64{3, 9} {
		req := r.req(apiOffsetCommit)
		req.offsets = []Offset{{a, off}}
		require.Equal(t, None, r.call(t, req).err)
	}
	req := r.req(apiOffsetFetch)
	req.partitions = []TopicPartition{a, b}
	got := r.call(t, req)
	require.Equal(t, None, got.err)
	require.Equal(t, []Offset{{a, 9}, {b, -1}}, got.offsets)
	require.Equal(t, []Offset{{a, 3}, {a, 9}}, r.y.Commits("G"))
	var stored []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.OffsetCommit {
			stored = append(stored, e.Subj+" "+e.From+"→"+e.To)
		}
	}
	require.Equal(t, []string{"t0-0 none→3", "t0-0 3→9"}, stored)

	req = r.req(apiOffsetFetch)
	req.groupID, req.partitions = "nope", []TopicPartition{a}
	require.Equal(t, []Offset{{a, -1}}, r.call(t, req).offsets)
}

// driver runs a fetching consumer's application thread: it polls and
// commits what each poll returned (offset+1 of the last record).
type driver struct {
	c        *Consumer
	got      []Record
	commits  []error
	stop     bool
	timeout  time.Duration
	noCommit bool
}

func (d *driver) run() {
	for !d.stop {
		recs, _ := d.c.Poll(d.timeout)
		d.got = append(d.got, recs...)
		if len(recs) > 0 && !d.noCommit {
			last := recs[len(recs)-1]
			d.commits = append(d.commits, d.c.CommitSync([]Offset{{last.TopicPartition, last.Offset + 1}}, "test"))
		}
	}
	d.c.Close()
}

func (w *world) client(name string, opts ClientOptions, d *driver) *driver {
	c, err := w.y.NewClient(name, "G", []string{"t0"}, w.cfg.Consumer, opts)
	require.NoError(w.t, err)
	d.c = c
	w.s.Go(name+"-app", d.run)
	return d
}

func earliest() ClientOptions {
	o := DefaultClientOptions()
	o.AutoOffsetReset, o.EnableAutoCommit = "earliest", false
	return o
}

func (w *world) appendAt(at time.Duration, tp TopicPartition, from, to int64) {
	w.y.main.Post(at, func() { require.NoError(w.t, w.y.Append(tp, from, to)) })
}

// A client's positions start where auto.offset.reset says when nothing is
// committed, poll returns at most max.poll.records, and records appended
// while it waits in poll reach it; a second consumer taking the partition
// over starts from the committed offset.
func TestClientFetchesFromTheCommittedOffset(t *testing.T) {
	w := newWorld(t, 1, nil)
	tp := TopicPartition{"t0", 0}
	w.y.Topic(0, "t0", 1)
	w.appendAt(0, tp, 0, 9)
	opts := earliest()
	opts.MaxPollRecords = 4
	d := w.client("C0", opts, &driver{timeout: -1})
	w.runTo(sec(5))
	require.Len(t, d.got, 10)
	require.Equal(t, Record{tp, 9}, d.got[9])
	require.Equal(t, []error{nil, nil, nil}, d.commits)
	o, _ := w.y.Committed("G", tp)
	require.Equal(t, int64(10), o)

	w.appendAt(sec(6), tp, 10, 11)
	w.runTo(sec(7))
	require.Len(t, d.got, 12)
	var polls []string
	for _, e := range w.s.Trace() {
		if e.Kind == sim.Poll {
			polls = append(polls, e.Item+" "+e.Note)
		}
	}
	require.Equal(t, []string{"4 records t0-0@0..3", "4 records t0-0@4..7", "2 records t0-0@8..9", "2 records t0-0@10..11"}, polls)

	// C0 stops: C1, with latest, still starts at the committed offset 12
	d.stop = true
	d.c.Wakeup()
	d1 := w.client("C1", DefaultClientOptions(), &driver{timeout: -1, noCommit: true})
	w.appendAt(sec(20), tp, 12, 12)
	w.runTo(sec(30))
	require.Equal(t, []Record{{tp, 12}}, d1.got)
	require.True(t, d.c.Closed())
}

// With auto.offset.reset=latest and nothing committed, the position is
// the log end: what was written before is never read.
func TestClientWithLatestSkipsWhatWasWrittenBefore(t *testing.T) {
	w := newWorld(t, 1, nil)
	tp := TopicPartition{"t0", 0}
	w.y.Topic(0, "t0", 1)
	w.appendAt(0, tp, 0, 4)
	d := w.client("C0", DefaultClientOptions(), &driver{timeout: -1, noCommit: true})
	w.appendAt(sec(8), tp, 5, 6)
	w.runTo(sec(10))
	require.Equal(t, []Record{{tp, 5}, {tp, 6}}, d.got)
	var seeks []string
	for _, e := range w.s.Trace() {
		if e.Kind == sim.Seek {
			seeks = append(seeks, e.Subj+"→"+e.To+" "+e.Note)
		}
	}
	require.Equal(t, []string{"t0-0→5 no committed offset: auto.offset.reset=latest"}, seeks)
}

// A crashed client sends nothing more: its session expires, the other
// member takes the partitions over from the committed offsets, and what
// the dead one had read past its commit is read again.
func TestCrashedClientsPartitionsMoveAfterTheSession(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 2)
	a, b := TopicPartition{"t0", 0}, TopicPartition{"t0", 1}
	d0 := w.client("C0", earliest(), &driver{timeout: -1, noCommit: true})
	d1 := w.client("C1", earliest(), &driver{timeout: -1})
	w.runTo(sec(8)) // the initial delayed join waits twice: 6 s
	require.Equal(t, []TopicPartition{a}, d0.c.Assignment())
	w.appendAt(sec(9), a, 0, 2)
	w.appendAt(sec(9), b, 0, 2)
	w.runTo(sec(10))
	require.Len(t, d0.got, 3)
	require.Len(t, d1.got, 3)
	w.y.main.Post(sec(11), func() {
		d0.c.Crash("C0's process died")
		w.s.Kill("C0's process died", func(name string) bool { return name == "C0-app" })
	})
	w.runTo(sec(35))
	require.Equal(t, "C1", w.get("group[G].members"))
	require.Equal(t, []TopicPartition{a, b}, d1.c.Assignment())
	require.Equal(t, []Record{{a, 0}, {a, 1}, {a, 2}}, d1.got[3:], "t0-0 again from offset 0: C0 never committed")
	// Both of C0's threads end at the crash, and do nothing after it.
	var exits []string
	for _, e := range w.s.Trace() {
		if e.Actor != "C0-app" && e.Actor != "kafka-coordinator-heartbeat-thread | G (C0)" || e.T < int64(11*time.Second/time.Microsecond) {
			continue
		}
		require.Equal(t, sim.ThreadExit, e.Kind, "seq %d", e.Seq)
		require.Equal(t, int64(11*time.Second/time.Microsecond), e.T, "seq %d", e.Seq)
		exits = append(exits, e.Note)
	}
	require.Equal(t, []string{"C0's process died", "C0's process died"}, exits)
}

// Commits outside a Stable generation fail before any request
// (generationIfStable); a commit with a stale generation is answered
// ILLEGAL_GENERATION and the member forgets its generation.
func TestClientCommitErrors(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 1)
	c, err := w.y.NewClient("C0", "G", []string{"t0"}, w.cfg.Consumer, earliest())
	require.NoError(t, err)
	var errs []error
	w.s.Go("app", func() {
		off := []Offset{{TopicPartition{"t0", 0}, 1}}
		errs = append(errs, c.CommitSync(off, "test")) // not joined
		for c.state != MemberStable {
			_, _ = c.Poll(100 * time.Millisecond)
		}
		errs = append(errs, c.CommitSync(off, "test"))
		c.generation = 0 // as if it had missed a rebalance
		errs = append(errs, c.CommitSync(off, "test"))
	})
	w.runTo(sec(10))
	require.Equal(t, []error{ErrCommitFailed, nil, ErrCommitFailed}, errs)
	require.Equal(t, -1, c.Generation())
	var done []string
	for _, e := range w.s.Trace() {
		if e.Kind == sim.CommitDone {
			done = append(done, e.Item)
		}
	}
	require.Equal(t, []string{"CommitFailedException", "NONE", "CommitFailedException"}, done)
	_, err = w.y.NewClient("C0", "G", []string{"t0"}, w.cfg.Consumer, earliest())
	require.ErrorIs(t, err, ErrClient)
	require.ErrorIs(t, w.y.Append(TopicPartition{"t0", 0}, 5, 6), ErrClient, "the log ends at 0")
	require.ErrorIs(t, w.y.Append(TopicPartition{"t0", 3}, 0, 0), ErrClient, "no such partition")
	_ = sim.FormatDuration
}
