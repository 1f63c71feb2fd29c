package scenario

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// The budgets of every run (docs/ARCHITECTURE.md, "Budgets"), natively and in the
// browser alike, so that a link gives the same trace everywhere: a hundred
// times the longest lesson (3,129 events, 1 MB of trace, 55 s), and far
// below what a browser tab holds or a student waits for (about 2 s of a
// tab's time for a cluster's 300,000 events).
const (
	DefaultMaxEvents = 300_000
	MaxTraceBytes    = 64 << 20
	MaxClock         = 24 * time.Hour
)

// idleMax bounds the implicit "run idle" that ends every run, so that
// actions injected after the scenario's last line still play out.
const idleMax = 10 * time.Minute

// A what-if (an injected action, a setting) that has left the lesson's
// path (a line of it failed) may wait for a condition that can no longer
// come true; the step says it left the path. Its run
// until lines then wait at most offPathFactor times as long as the same
// line waited in the run without the what-if, and at least offPathMin,
// never the line's own 10 minutes: no branch becomes a 20-minute wait.
const (
	offPathFactor = 3
	offPathMin    = 2 * time.Second
)

// CheckAction reports whether text is an action of the scenario's system,
// as a user would inject it from the stage: checked against the system
// the scenario's settings assemble (kill broker 5 is an action of a
// scenario that sets brokers 5), as Run checks it.
func (sc *Scenario) CheckAction(text string) error {
	sys, err := sc.configure()
	if err != nil {
		return err
	}
	_, aerr := parseAction(sys, text)
	return aerr
}

// configure assembles the scenario's system with its settings.
func (sc *Scenario) configure() (system, error) {
	if sc.System == "" {
		return nil, msg.New("sc.no.system")
	}
	sys, err := newSystem(sc.System)
	if err != nil {
		return nil, err
	}
	for _, st := range sc.Stmts {
		if st.Kind == "set" {
			if err := sys.set(st.Key, st.Val); err != nil {
				return nil, errorAt(sc.File, st.Line, st.Col, err)
			}
		}
	}
	return sys, nil
}

func parseAction(sys system, text string) (*Action, error) {
	toks, terr := tokenize(text)
	if terr != nil {
		return nil, msg.New("sc.column", terr.Col, terr)
	}
	if len(toks) == 0 {
		return nil, msg.New("sc.action.empty")
	}
	a, aerr := sys.action(toks)
	if aerr != nil {
		return nil, aerr
	}
	return a, nil
}

type runner struct {
	sc     *Scenario
	s      *sim.Sim
	inst   instance
	res    *Result
	last   time.Duration           // time of the last timed line
	inject []injection             // by After, then in the order given
	asking int                     // the step whose question its run answers, -1 if none
	waits  map[*Stmt]time.Duration // how long each run until waited
	path   map[*Stmt]time.Duration // the same in the run without the what-if; nil if this run is none
	left   bool                    // a what-if whose run has left the path: a line failed
	atOpen []ChoiceResult          // its choices as the step opened
}

type injection struct {
	after int
	a     *Action
}

// Run runs a parsed scenario once. It never panics: a simulation panic is
// reported in Result.Panic with the seed, a bad option in Result.Err.
func Run(sc *Scenario, opt Options) *Result {
	var path map[*Stmt]time.Duration
	if len(opt.Inject) > 0 || len(opt.Sets) > 0 {
		// The path the what-if branches from: the same seed, nothing else.
		_, path = run(sc, Options{Seed: opt.Seed, MaxEvents: opt.MaxEvents, Discard: true}, nil)
	}
	res, _ := run(sc, opt, path)
	return res
}

func run(sc *Scenario, opt Options, path map[*Stmt]time.Duration) (*Result, map[*Stmt]time.Duration) {
	res := &Result{}
	seed := sc.Seed
	if opt.Seed != 0 {
		seed = opt.Seed
	}
	s := sim.New(seed, !opt.Discard)
	defer s.Close()
	if opt.MaxEvents <= 0 {
		opt.MaxEvents = DefaultMaxEvents
	}
	s.SetBudget(sim.Budget{Events: opt.MaxEvents, Bytes: MaxTraceBytes, Clock: MaxClock})
	r := &runner{sc: sc, s: s, res: res, asking: -1, waits: map[*Stmt]time.Duration{}, path: path}
	s.OnRefuse(r.refused)
	defer func() {
		res.Trace, res.Events = s.Trace(), s.Events()
		if p := s.Panic(); p != "" {
			res.Panic = fmt.Sprintf("%s (scenario %s, seed %d)", p, sc.File, seed)
		}
	}()
	if err := r.start(opt); err != nil {
		res.Err = err
		return res, r.waits
	}
	for i := range sc.Stmts {
		if err := r.exec(&sc.Stmts[i]); err != nil {
			if !errors.Is(err, sim.ErrPanicked) {
				res.Err = r.at(&sc.Stmts[i], err)
			}
			return res, r.waits
		}
	}
	if err := r.reveal(); err != nil {
		res.Err = err
		return res, r.waits
	}
	for {
		if err := r.run(s.Now()+idleMax, true, nil); err != nil {
			if errors.Is(err, sim.ErrBudget) && len(sc.Stmts) > 0 {
				// What runs after the last line runs because of it.
				res.Err = r.at(&sc.Stmts[len(sc.Stmts)-1], err)
			} else if !errors.Is(err, sim.ErrPanicked) {
				res.Err = err
			}
			return res, r.waits
		}
		if len(r.inject) == 0 {
			// The run is over: what the system can only refuse now is a
			// failure at the line that asked for it.
			r.inst.finish()
			return res, r.waits
		}
		// Injected after the last event there is: they run now.
		for _, in := range r.inject {
			r.do(s.Now(), in.a, injected{})
		}
		r.inject = nil
	}
}

// run is sim.Run that also stops at the first switch after each injection
// point, performs the injected actions there and carries on.
func (r *runner) run(limit time.Duration, idle bool, cond func() bool) error {
	for {
		stop := cond
		if len(r.inject) > 0 {
			next := r.inject[0].after
			stop = func() bool { return r.s.Events() > next || (cond != nil && cond()) }
		}
		if err := r.s.Run(limit, idle, stop); err != nil {
			return err
		}
		if len(r.inject) == 0 || r.s.Events() <= r.inject[0].after {
			return nil
		}
		for len(r.inject) > 0 && r.s.Events() > r.inject[0].after {
			r.do(r.s.Now(), r.inject[0].a, injected{})
			r.inject = r.inject[1:]
		}
	}
}

// start assembles the system from the scenario's settings and the options.
func (r *runner) start(opt Options) error {
	sys, err := r.sc.configure()
	if err != nil {
		return err
	}
	for _, kv := range opt.Sets {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), " ")
		if !ok {
			return msg.New("sc.option.kv", kv)
		}
		if err := sys.set(k, strings.TrimSpace(v)); err != nil {
			return msg.Of(err, "sc.option.setting", kv, err)
		}
	}
	r.inst, err = sys.start(r.s)
	if err != nil {
		return err
	}
	for _, in := range opt.Inject {
		a, err := parseAction(sys, in.Action)
		if err != nil {
			return msg.Of(err, "sc.option.action", in.Action, err)
		}
		if in.After < 0 {
			return msg.New("sc.option.after", in.Action, in.After)
		}
		r.inject = append(r.inject, injection{in.After, a})
	}
	sort.SliceStable(r.inject, func(i, j int) bool { return r.inject[i].after < r.inject[j].after })
	return nil
}

// maxClock is as far as a run's virtual clock may go: far below the 292
// years where time.Duration wraps, whatever a scenario adds up.
const maxClock = 100 * MaxDuration

func (r *runner) exec(st *Stmt) error {
	s := r.s
	if st.Dur > 0 && max(r.last, s.Now())+st.Dur > maxClock {
		return errorAt(r.sc.File, st.Line, st.Col, msg.New("sc.clock.max", maxClock.String()))
	}
	switch st.Kind {
	case "at", "after":
		at := st.Dur
		if st.Kind == "after" {
			at = max(r.last, s.Now()) + st.Dur
		} else if at < s.Now() {
			// A branch (an injected action, a run until that waited longer)
			// can push the clock past a line written for the original run:
			// the action still happens, now, and the run says so.
			r.fail(st, msg.Notef("at %s: the clock already reads %s; the action runs now", sim.FormatDuration(at), sim.FormatDuration(s.Now())))
			at = s.Now()
		}
		r.last = at
		r.do(at, st.Action, st)
	case "run":
		switch st.Mode {
		case "for":
			end := s.Now() + st.Dur
			if err := r.run(end, false, nil); err != nil {
				return err
			}
			if err := s.AdvanceTo(end); err != nil {
				return err
			}
		case "idle":
			if err := r.run(s.Now()+idleMax, true, nil); err != nil {
				return err
			}
			if !s.Idle() {
				r.fail(st, msg.Notef("run idle: still busy after %s", sim.FormatDuration(idleMax)))
			}
		case "until":
			bound, from := st.Dur, s.Now()
			if r.left {
				bound = min(bound, max(offPathFactor*r.path[st], offPathMin))
			}
			defer func() { r.waits[st] = s.Now() - from }()
			end := s.Now() + bound
			var evalErr error
			cond := func() bool {
				got, err := r.inst.get(st.Cond.Path)
				if err != nil {
					evalErr = err
					return true
				}
				return holds(got, st.Cond.Op, st.Cond.Value)
			}
			if cond() {
				break
			}
			if err := r.run(end, false, cond); err != nil {
				return err
			}
			if evalErr != nil {
				return evalErr
			}
			if !cond() {
				if err := s.AdvanceTo(end); err != nil {
					return err
				}
				got, _ := r.inst.get(st.Cond.Path)
				if r.left && bound < st.Dur {
					// The what-if took the run off the lesson's path: the
					// step ends when its system has gone quiet, and says so.
					r.fail(st, msg.Notef("run until %s: off the lesson's path, the step ends after %s (got %s)", st.Cond.String(), sim.FormatDuration(bound), quoteIfNeeded(got)))
				} else {
					r.fail(st, msg.Notef("run until %s: not reached within %s (got %s)", st.Cond.String(), sim.FormatDuration(bound), quoteIfNeeded(got)))
				}
			}
		}
	case "expect":
		got, err := r.inst.get(st.Cond.Path)
		if err != nil {
			return err
		}
		if holds(got, st.Cond.Op, st.Cond.Value) {
			s.Emit(sim.Event{Kind: sim.Expect}.Notef("%s: ok", st.Cond.String()))
		} else {
			r.fail(st, msg.Notef("expect %s: got %s", st.Cond.String(), quoteIfNeeded(got)))
		}
	case "say":
		if err := r.reveal(); err != nil { // the previous step's run is complete
			return err
		}
		if r.sc.Steps[st.Step].Ask != nil {
			r.asking = st.Step
			if err := r.open(st.Step); err != nil {
				return err
			}
		}
		r.res.Steps = append(r.res.Steps, Mark{Step: st.Step, Seq: s.Events(), T: int64(s.Now() / time.Microsecond)})
		s.Emit(sim.Event{Kind: sim.Step, ID: st.Step, Note: st.Val})
	}
	return nil
}

// at places an error that stopped the run at the statement that met it.
func (r *runner) at(st *Stmt, err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	var be *sim.BudgetError
	if errors.As(err, &be) {
		err = budgetMsg(be)
	}
	return errorAt(r.sc.File, st.Line, st.Col, err)
}

// budgetMsg says which budget stopped a run and what to change; it is
// an sim.ErrBudget.
func budgetMsg(e *sim.BudgetError) *msg.Error {
	at := sim.FormatDuration(e.At)
	switch e.Limit {
	case "clock":
		return msg.Of(e, "sc.budget.clock", int64(e.Budget.Clock/time.Hour))
	case "memory":
		return msg.Of(e, "sc.budget.memory", e.Budget.Bytes>>20, e.Events, at)
	}
	return msg.Of(e, "sc.budget.events", e.Budget.Events, at)
}

// fail is a failure at st, a note in the trace: n says what.
func (r *runner) fail(st *Stmt, n *msg.Note) {
	r.left = r.left || r.path != nil
	r.s.Emit(sim.Event{Kind: sim.Expect, Note: n.String(), Words: n})
	r.res.Failures = append(r.res.Failures, Failure{Line: st.Line, Col: st.Col, Msg: n.String(), Seq: r.s.Events() - 1, Words: n})
}

// injected is the origin of an action added from the stage (Options.Inject).
type injected struct{}

// do hands action a to the system, scheduled at virtual time at, under
// origin: the statement that schedules it, or injected. Whatever the
// system does for it runs under that origin, so a refusal (sim.Refuse)
// finds its way back to the line.
func (r *runner) do(at time.Duration, a *Action, origin any) {
	prev := r.s.SetOrigin(origin)
	r.inst.do(at, a)
	r.s.SetOrigin(prev)
}

// refused is the sim's OnRefuse hook: an action the running system refused
// is a failure at the statement that scheduled it, or at line 0 if it was
// injected (or the system refused something nobody scheduled).
func (r *runner) refused(origin any, e sim.Event) {
	f := Failure{Msg: e.Note, Words: e.Words, Seq: r.s.Events() - 1}
	r.left = r.left || r.path != nil
	if st, ok := origin.(*Stmt); ok {
		f.Line, f.Col = st.Line, st.Col
	}
	r.res.Failures = append(r.res.Failures, f)
}
