package scenario

import (
	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// MaxSource is the largest scenario text brokerlab reads, in bytes: what
// a link's src= may inflate to in the page, and what `brokerlab run`
// reads from a file. Lesson 01, the longest, is about 13 KB.
const MaxSource = 256 << 10

// Step is one narration step: the say/say.zh lines that open it.
type Step struct {
	Line int    // line of the first say
	Col  int    // its column
	EN   string // English narration
	ZH   string // Chinese narration
	Ask  *Ask   // the step's question, answered by its run (ask.go); nil if none
}

// Injection is an action a user adds from the stage. It runs right after
// trace event After, at that event's virtual time, on the thread that
// performs it upstream: the run up to that event stays exactly what it
// was, and branches from there ("what if the session expired now?").
type Injection struct {
	After  int    // index (seq) of the trace event after which it runs
	Action string // "put BrokerChange", "session expire"
}

// Options change one run of a parsed scenario without editing its text.
type Options struct {
	Seed      int64       // if non-zero, overrides the scenario's seed
	Sets      []string    // extra "KEY VALUE" settings, applied after the scenario's own
	Inject    []Injection // actions added from the stage, in the order added
	MaxEvents int         // stop the run after this many trace events (0: DefaultMaxEvents)
	Discard   bool        // do not keep the trace (benchmarks); Result.Events counts it
}

// Failure is an expect line that did not hold, a run until that did not
// get there, or an action the running system refused ("TEXT: refused,
// WHY", sim.Refuse). A refused action injected from the stage
// (Options.Inject) is not on a line of the file: its Line and Col are 0.
type Failure struct {
	Line, Col int       // the statement's place in the file; 0, 0: an injected action
	Msg       string    // "expect controller.state == Idle: got BrokerChange"
	Seq       int       // the trace event that reports it (its "expect" or "action" event)
	Words     *msg.Note // Msg as data, which the page words in its language
}

// Mark places a narration step in the trace.
type Mark struct {
	Step int   // index into Scenario.Steps
	Seq  int   // index of the step's "step" event in the trace
	T    int64 // virtual µs
}

// Result is what one run produced. A failed expect does not stop the run:
// the UI shows it and plays on; the command-line runner exits 1.
type Result struct {
	Trace    []sim.Event
	Events   int // number of trace events (also when Discard)
	Steps    []Mark
	Failures []Failure
	Asks     []AskResult // the steps' questions as the simulation answered them
	Panic    string      // non-empty if the simulation panicked: value and seed
	Err      error       // a configuration or injected-action error that stopped the run
}
