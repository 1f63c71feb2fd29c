// Package scenario is the .lab language (contract 1 of DESIGN.md): Parse
// reads a scenario and checks every statement, action, setting and state
// path against the system it uses, with file:line:col errors; Run executes
// it on a fresh simulation and returns the trace, the narration steps'
// places in it and the expect lines that failed.
//
// A run never stops at a failed expect: the UI shows the failure and plays
// on, the command-line runner exits 1. Options replay the same scenario with
// another seed, extra settings or injected actions: that is how the UI
// branches a run from the stage. Every run ends with an implicit "run idle"
// so that actions injected after the last line still play out.
//
// Each built system is one file that registers itself (controller.go,
// zookeeper.go, socketserver.go, group.go, listener.go, and cluster.go for
// both replication and cluster); every name of DESIGN.md is built.
// with a clear message.
package scenario
