package ui

import (
	"strings"

	"github.com/vugu/vugu"

	"brokerlab/ui/model"
	"brokerlab/ui/stage"
	"brokerlab/ui/whatif"
)

// A system is everything the UI knows about one kind of simulated system,
// in one row: the scenario's "use" names it draws, its stage layout, its
// section of the what-if panel, the inspector's hint, and whether a click
// on one of its queue slots selects the queue. Adding a system adds its
// row; nothing else in the UI switches on a system's name.
type system struct {
	uses   []string
	build  func(a, b *model.State, f float64, o stage.Options) stage.Scene
	whatIf func(p whatif.Page) vugu.Builder // its section of the what-if panel
	hint   string                           // words key: what a click on the stage shows
	// queue is what a click on a slot of a queue selects (the queue, named
	// by its slot's key), "" if its slots select nothing.
	queue func(kind, rest string) string
}

var systems = []system{
	{uses: []string{"controller"}, build: stage.Build, hint: "clickHint",
		whatIf: func(p whatif.Page) vugu.Builder { return &whatif.Controller{P: p} },
		queue:  func(string, string) string { return "queue" }},
	{uses: []string{"zookeeper"}, build: stage.BuildReactor, hint: "clickHintNet",
		whatIf: func(p whatif.Page) vugu.Builder { return &whatif.ZooKeeper{P: p} },
		queue:  reactorQueue},
	{uses: []string{"socketserver"}, build: stage.BuildReactor, hint: "clickHintNet",
		whatIf: func(p whatif.Page) vugu.Builder { return &whatif.SocketServer{P: p} },
		queue:  reactorQueue},
	{uses: []string{"group"}, build: stage.BuildGroup, hint: "clickHintGroup",
		whatIf: func(p whatif.Page) vugu.Builder { return &whatif.Group{P: p} }},
	{uses: []string{"listener"}, build: stage.BuildListener, hint: "clickHintListener",
		whatIf: func(p whatif.Page) vugu.Builder { return &whatif.Listener{P: p} }},
	{uses: []string{"replication", "cluster"}, build: stage.BuildCluster, hint: "clickHintCluster",
		whatIf: func(p whatif.Page) vugu.Builder { return &whatif.Cluster{P: p} }},
}

// reactorQueue: a reactor's slot, tally or more-mark selects its queue
// ("q:NAME").
func reactorQueue(kind, rest string) string {
	name := rest
	if i := strings.LastIndexByte(rest, ':'); kind == "slot" && i >= 0 {
		name = rest[:i]
	}
	return "q:" + name
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
