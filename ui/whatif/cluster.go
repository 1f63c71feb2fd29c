package whatif

import (
	"strconv"
	"strings"

	"brokerlab/ui/kit"
	"brokerlab/ui/model"
)

// Cluster is the cluster's section (replication, a whole cluster): kill,
// restart, stall or resume a broker; the selected consumer's actions (the
// group section's); switch unclean leader election on or off; produce
// with chosen acks.
type Cluster struct {
	P Page
	// The inputs, "" until the user picks.
	Part, Acks string
}

// Sel is the broker selected on the stage, or "".
func (c *Cluster) Sel() string { return selected(c.P, "broker") }

// Member is the group section over the same page: a consumer selected on
// the cluster's stage acts as it does on the group's.
func (c *Cluster) Member() *Group { return &Group{P: c.P} }

// Broker applies verb (kill, restart, stall, resume) to the selected
// broker.
func (c *Cluster) Broker(verb string) {
	if b := c.Sel(); b != "" {
		c.P.Inject(verb + " broker " + b)
	}
}

// Unclean switches unclean leader election on or off from now on.
func (c *Cluster) Unclean(on bool) {
	c.P.Inject("config unclean.leader.election.enable=" + strconv.FormatBool(on))
}

// Partitions are the run's partitions a client produces to: not the
// internal topic's.
func (c *Cluster) Partitions() []string {
	var out []string
	if clu := c.P.End().Clu; clu != nil {
		for _, p := range clu.Partitions {
			if !model.Internal(p.Name) {
				out = append(out, p.Name)
			}
		}
	}
	return out
}

func (c *Cluster) part() string { return kit.Or(c.Part, first(c.Partitions())) }

func (c *Cluster) acks() string { return kit.Or(c.Acks, "all") }

// Produce sends one record to partition p with the given acks, under a
// fresh request id.
func (c *Cluster) Produce(p, acks string) {
	if p == "" {
		return
	}
	used := map[string]bool{}
	for _, act := range c.P.UserActions() {
		if f := strings.Fields(act); len(f) > 0 && f[0] == "produce" {
			for _, x := range f {
				if id, ok := strings.CutPrefix(x, "id="); ok {
					used[id] = true
				}
			}
		}
	}
	c.P.Inject("produce " + p + " acks=" + acks + " id=" + kit.FirstFree("w", 1, used))
}
