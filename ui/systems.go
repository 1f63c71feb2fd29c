package ui

import (
	"strings"

	"brokerlab/ui/model"
	"brokerlab/ui/stage"
)

// A system is everything the UI knows about one kind of simulated system,
// in one place (docs/ARCHITECTURE.md, "The UI's structure"): the scenario's "use"
// names it draws, its stage layout, its what-if panel (a section of
// what-if.vugu), the inspector's hint, and whether a click on one of its
// queue slots selects the queue. Nothing else in the UI switches on a
// system's name.
type system struct {
	uses  []string
	build func(a, b *model.State, f float64, o stage.Options) stage.Scene
	panel string // what-if.vugu's section: "controller", "reactor", "group", "listener", "cluster"
	hint  string // words key: what a click on the stage shows
	// queue is what a click on a slot of a queue selects (the queue, named
	// by its slot's key), "" if its slots select nothing.
	queue func(kind, rest string) string
}

var systems = []system{
	{uses: []string{"controller"}, build: stage.Build, panel: "controller", hint: "clickHint",
		queue: func(string, string) string { return "queue" }},
	{uses: []string{"zookeeper", "socketserver"}, build: stage.BuildReactor, panel: "reactor", hint: "clickHintNet",
		queue: func(kind, rest string) string {
			name := rest
			if i := strings.LastIndexByte(rest, ':'); kind == "slot" && i >= 0 {
				name = rest[:i]
			}
			return "q:" + name
		}},
	{uses: []string{"group"}, build: stage.BuildGroup, panel: "group", hint: "clickHintGroup"},
	{uses: []string{"listener"}, build: stage.BuildListener, panel: "listener", hint: "clickHintListener"},
	{uses: []string{"replication", "cluster"}, build: stage.BuildCluster, panel: "cluster", hint: "clickHintCluster"},
}

// sys is the system of the run; the controller's before a run.
func (a *App) sys() system {
	for _, s := range systems {
		for _, u := range s.uses {
			if u == a.System() {
				return s
			}
		}
	}
	return systems[0]
}

// Panel names the what-if panel's section for the run's system.
func (a *App) Panel() string { return a.sys().panel }
