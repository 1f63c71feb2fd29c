package campaign

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// Budget bounds each run of the campaign.
type Budget struct {
	Events int           // scenario.Options.MaxEvents
	Wall   time.Duration // the watchdog: a run that takes longer is a hang
}

// ErrHang is a run that did not return within its wall-clock budget.
var ErrHang = errors.New("the run did not return within its wall-clock budget")

// Watch runs sc under a wall-clock watchdog: a run still going after wall
// is reported as ErrHang (its goroutine is left behind: nothing can stop
// a simulation that no longer yields).
func Watch(sc *scenario.Scenario, opt scenario.Options, wall time.Duration) (*scenario.Result, error) {
	done := make(chan *scenario.Result, 1)
	go func() { done <- scenario.Run(sc, opt) }()
	timer := time.NewTimer(wall)
	defer timer.Stop()
	select {
	case res := <-done:
		return res, nil
	case <-timer.C:
		return nil, fmt.Errorf("%w (%s)", ErrHang, wall)
	}
}

// Outcome is what one seed of one system did.
type Outcome struct {
	Scenario *Scenario
	Inject   []scenario.Injection // the what-ifs of the branch
	Runs     int
	Events   int // over every run
	Faults   int // fault actions scheduled: the scenario's and the what-ifs'
	Budget   int // runs stopped by their event budget
	Refused  int // runs stopped by a *scenario.Error (an action or setting the system refused)
	Problems []string
	unsafe   bool          // the system's own invariant events are expected (Scenario.Unsafe)
	checked  map[bool]bool // whether the run without (false) and with what-ifs (true) was checked
}

// Check generates seed's scenario for sys, runs it, branches it with one
// to five what-ifs at random event indexes of the first run, and checks
// every run.
func Check(sys string, seed int64, b Budget) *Outcome {
	gs := Generate(sys, seed)
	o := &Outcome{Scenario: gs, Faults: gs.Faults, unsafe: gs.Unsafe, checked: map[bool]bool{}}
	sc, err := scenario.Parse(fmt.Sprintf("%s-%d.lab", sys, seed), gs.Src)
	if err != nil {
		o.Problems = append(o.Problems, "generator: the scenario does not parse: "+err.Error())
		return o
	}
	base := o.run(sc, nil, b)
	if base == nil {
		return o
	}
	r := gs.Rand()
	for range 1 + r.IntN(5) {
		text, fault := gs.Whatif()
		o.Inject = append(o.Inject, scenario.Injection{After: r.IntN(max(base.Events, 1)), Action: text})
		if fault {
			o.Faults++
		}
	}
	o.branch(sc, base, b)
	return o
}

// Examine runs src with and without the what-ifs inject and checks both,
// as Check does: for replaying and minimising a failing seed.
func Examine(name, src string, inject []scenario.Injection, unsafe bool, b Budget) []string {
	o := &Outcome{Inject: inject, unsafe: unsafe, checked: map[bool]bool{}}
	sc, err := scenario.Parse(name, src)
	if err != nil {
		return []string{"parse: " + err.Error()}
	}
	if base := o.run(sc, nil, b); base != nil && len(inject) > 0 {
		o.branch(sc, base, b)
	}
	return o.Problems
}

// branch runs the what-ifs twice: the same trace both times, and the
// same as base up to the first injection.
func (o *Outcome) branch(sc *scenario.Scenario, base *scenario.Result, b Budget) {
	res := o.run(sc, o.Inject, b)
	if res == nil {
		return
	}
	first := o.Inject[0].After
	for _, in := range o.Inject {
		first = min(first, in.After)
	}
	if n := min(first+1, len(base.Trace), len(res.Trace)); hash(base.Trace[:n]) != hash(res.Trace[:n]) {
		o.problem("branch: the run before the first what-if (event %d) differs from the run without it", first)
	}
	again := o.run(sc, o.Inject, b)
	if again == nil {
		return
	}
	if again.Events != res.Events || hash(again.Trace) != hash(res.Trace) {
		o.problem("determinism: the same seed and what-ifs gave %d then %d events, traces differ", res.Events, again.Events)
	}
}

func (o *Outcome) problem(format string, args ...any) {
	o.Problems = append(o.Problems, fmt.Sprintf(format, args...))
}

// run runs sc once with the what-ifs inject and checks it; nil if the run
// hung or panicked (nothing more is worth checking).
func (o *Outcome) run(sc *scenario.Scenario, inject []scenario.Injection, b Budget) *scenario.Result {
	opt := scenario.Options{MaxEvents: b.Events, Inject: inject}
	which := "run"
	if len(inject) > 0 {
		which = "what-if run"
	}
	res, err := Watch(sc, opt, b.Wall)
	o.Runs++
	if err != nil {
		o.problem("hang: %s: %v", which, err)
		return nil
	}
	o.Events += res.Events
	if res.Panic != "" {
		o.problem("panic: %s: %s", which, res.Panic)
		return nil
	}
	var serr *scenario.Error
	switch {
	case res.Err == nil:
	case errors.Is(res.Err, sim.ErrBudget):
		o.Budget++
	case errors.As(res.Err, &serr):
		o.Refused++
	default:
		o.problem("error: %s stopped with %T %v, want nil, the event budget or a *scenario.Error", which, res.Err, res.Err)
	}
	if !o.checked[len(inject) > 0] { // a second run with the same what-ifs is compared instead
		o.checked[len(inject) > 0] = true
		for _, p := range TraceProblems(res.Trace, !o.unsafe) {
			o.problem("%s (%s)", p, which)
		}
	}
	return res
}

// TraceProblems checks a trace: the kernel's invariants (sim.Checker:
// every kind documented, locks, threads that exited, each QueuedEvent
// spent once), that no system traced an invariant violation (if
// invariants: not when a setting switched off a safeguard on purpose),
// and these, which the trace alone shows, at every event:
//   - a group's generation never decreases, until the group is created
//     afresh (GroupMetadata's generationId only grows);
//   - only a ListenerConsumer's own thread takes from its acks queue
//     (others only put on it).
func TraceProblems(tr []sim.Event, invariants bool) []string {
	var out []string
	bad := func(e sim.Event, kind, format string, args ...any) {
		if len(out) < 5 {
			out = append(out, fmt.Sprintf("%s: event %d (%s, %s): ", kind, e.Seq, e.Actor, e.Kind)+fmt.Sprintf(format, args...))
		}
	}
	kernel := sim.NewChecker()
	generation := map[string]int{}
	taker := map[string]string{}
	for _, e := range tr {
		if inv, p := kernel.Check(e); p != "" {
			bad(e, inv, "%s", p)
		}
		switch e.Kind {
		case sim.Invariant:
			if !invariants {
				break
			}
			bad(e, "invariant", "%s %s", e.Subj, e.Note)
		case sim.QueueTake:
			if !strings.HasPrefix(e.Subj, "listener[") || !strings.HasSuffix(e.Subj, "].acks") {
				break
			}
			if t, ok := taker[e.Subj]; ok && t != e.Actor {
				bad(e, "listener", "%s takes from %s, which %s takes from", e.Actor, e.Subj, t)
			}
			taker[e.Subj] = e.Actor
		case sim.State:
			if !strings.HasPrefix(e.Subj, "group[") || !strings.HasSuffix(e.Subj, "]") {
				break
			}
			gen, err := strconv.Atoi(e.Note)
			if err != nil {
				break
			}
			if last, ok := generation[e.Subj]; ok && e.From != "" && gen < last {
				bad(e, "generation", "%s moves from generation %d back to %d", e.Subj, last, gen)
			}
			generation[e.Subj] = gen
		}
	}
	return out
}

// hash is a digest of a trace, every field of every event.
func hash(tr []sim.Event) uint64 {
	h := fnv.New64a()
	for _, e := range tr {
		fmt.Fprintf(h, "%d|%d|%s|%s|%s|%d|%s|%s|%s|%s|%s\n", e.Seq, e.T, e.Actor, e.Kind, e.Subj, e.ID, e.Item, e.From, e.To, e.Note, e.Src)
	}
	return h.Sum64()
}

// Minimise removes what-ifs and then lines of src (never seed and use)
// while the run still shows a problem of the same kind as problems[0],
// and returns the smaller scenario and what-ifs.
func Minimise(name, src string, inject []scenario.Injection, unsafe bool, problems []string, b Budget) (string, []scenario.Injection) {
	kind, _, _ := strings.Cut(problems[0], ":")
	fails := func(src string, inject []scenario.Injection) bool {
		for _, p := range Examine(name, src, inject, unsafe, b) {
			if k, _, _ := strings.Cut(p, ":"); k == kind {
				return true
			}
		}
		return false
	}
	for i := len(inject) - 1; i >= 0 && len(inject) > 1; i-- {
		less := append(append([]scenario.Injection(nil), inject[:i]...), inject[i+1:]...)
		if fails(src, less) {
			inject = less
		}
	}
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "seed ") || strings.HasPrefix(l, "use ") {
			continue
		}
		less := append(append([]string(nil), lines[:i]...), lines[i+1:]...)
		if fails(strings.Join(less, "\n")+"\n", inject) {
			lines = less
		}
	}
	return strings.Join(lines, "\n") + "\n", inject
}
