package ui

import (
	"strconv"
	"strings"
)

// The cluster's what-ifs: kill, restart, stall or resume a broker; switch
// unclean leader election on or off; produce with chosen acks.

// SelBroker is the broker selected on the stage, or "".
func (a *App) SelBroker() string {
	if b, ok := strings.CutPrefix(a.Sel, "broker:"); ok {
		return b
	}
	return ""
}

// BrokerAction applies verb (kill, restart, stall, resume) to the
// selected broker.
func (a *App) BrokerAction(verb string) {
	if b := a.SelBroker(); b != "" {
		a.Inject(verb + " broker " + b)
	}
}

// Unclean switches unclean leader election on or off from now on.
func (a *App) Unclean(on bool) {
	a.Inject("config unclean.leader.election.enable=" + strconv.FormatBool(on))
}

// Partitions are the run's partitions, for the produce what-if.
func (a *App) Partitions() []string {
	var out []string
	if c := a.End().Clu; c != nil {
		for _, p := range c.Partitions {
			out = append(out, p.Name)
		}
	}
	return out
}

// Produce sends one record to partition p with the given acks, under a
// fresh request id.
func (a *App) Produce(p, acks string) {
	if p == "" {
		return
	}
	used := map[string]bool{}
	for _, act := range a.userActions() {
		if f := strings.Fields(act); len(f) > 0 && f[0] == "produce" {
			for _, x := range f {
				if id, ok := strings.CutPrefix(x, "id="); ok {
					used[id] = true
				}
			}
		}
	}
	a.Inject("produce " + p + " acks=" + acks + " id=" + firstFree("w", 1, used))
}
