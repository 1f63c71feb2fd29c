// Package scenario is the .lab language (contract 1 of docs/ARCHITECTURE.md): Parse
// reads a scenario and checks every statement, action, setting and state
// path against the system it uses, with file:line:col errors; Run executes
// it on a fresh simulation and returns the trace, the narration steps'
// places in it and the expect lines that failed.
//
// A run never stops at a failed expect: the UI shows the failure and plays
// on, the command-line runner exits 1. An action the running system
// refuses (records that do not start at the log's end, a partition the
// topic does not have, a consumer that is not running) is a failure of the
// same kind, at the statement that scheduled it: the runner hands each
// action to its system under the statement as the action's origin
// (sim.SetOrigin), and the system's refusal (sim.Refuse) comes back with
// it, however many threads it went through. A refused action injected
// from the stage has no line: its failure is at line 0. Options replay the same scenario with
// another seed, extra settings or injected actions: that is how the UI
// branches a run from the stage. Every run ends with an implicit "run idle"
// so that actions injected after the last line still play out.
//
// A step may ask a question its own run answers (ask.go): the choices’
// conditions are evaluated when the step's run completes and recorded as a
// "reveal" event and in Result.Asks; let lines draw numbers from the seed
// for variants of a lesson.
//
// Each system is one table, the Surface its package declares (its
// surface.go: settings, actions, paths); systems.go hands every table to
// the engine (engine.go), which registers it under its name. core/cluster
// declares two, replication and cluster.
//
// What the package says to people is data (core/msg): an *Error carries
// its catalog code (Data, worded in core/msg/words_scenario.go), a
// Failure the note its trace event has (Words, its Chinese in
// core/msg/notes.go); Msg and the trace keep the English.
package scenario
