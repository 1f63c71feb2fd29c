package whatif

import (
	"strings"

	"brokerlab/core/scenario"
	"brokerlab/ui/kit"
)

// Group is the consumer groups' section: a consumer joins, the selected
// one leaves or stalls (a long GC pause: no polls, no heartbeats), a topic
// grows, and the settings lessons invite changing (session.timeout.ms,
// the assignors).
type Group struct {
	P Page
	// The inputs, "" until the user types.
	JoinGroup, JoinTopics, Topic, Parts string
}

// Sel is the consumer selected on the stage, or "".
func (c *Group) Sel() string { return selected(c.P, "member") }

// Names are the run's groups, in order of appearance.
func (c *Group) Names() []string {
	g := c.P.State().Grp
	if g == nil || len(g.Groups) == 0 {
		g = c.P.End().Grp
	}
	var out []string
	if g != nil {
		for _, x := range g.Groups {
			out = append(out, x.Name)
		}
	}
	return out
}

func (c *Group) group() string { return kit.Or(c.JoinGroup, first(c.Names())) }

func (c *Group) topics() string { return kit.Or(c.JoinTopics, "t0") }
func (c *Group) topic() string  { return kit.Or(c.Topic, "t0") }
func (c *Group) parts() string  { return kit.Or(c.Parts, "8") }

// Join makes a new consumer join group g subscribed to topics
// (comma-separated), with the assignors of the run's settings.
func (c *Group) Join(g, topics string) {
	topics = strings.Join(strings.Fields(strings.ReplaceAll(topics, ",", " ")), ",")
	if g == "" || topics == "" {
		c.P.Say("joinNeeds")
		return
	}
	c.P.Inject("consumer " + c.freshMember() + " join " + g + " topics=" + topics)
}

// freshMember is a consumer name the run has not used: C + a number.
func (c *Group) freshMember() string {
	used := map[string]bool{}
	if g := c.P.End().Grp; g != nil {
		for _, m := range g.Members {
			used[m.Name] = true
		}
	}
	for _, act := range c.P.UserActions() {
		if f := strings.Fields(act); len(f) > 1 && f[0] == "consumer" {
			used[f[1]] = true
		}
	}
	return kit.FirstFree("C", 0, used)
}

// Act makes the selected consumer leave ("leave") or stall for a
// duration ("stall 15s"), or do any of MemberVerbs.
func (c *Group) Act(what string) {
	if m := c.Sel(); m != "" {
		c.P.Inject("consumer " + m + " " + what)
	}
}

// Grow sets topic t to n partitions.
func (c *Group) Grow(t, n string) {
	c.P.Inject("topic " + strings.TrimSpace(t) + " partitions=" + strings.TrimSpace(n))
}

// verbText is a member verb in the page's language (verb.* words), the
// verb itself where it has none.
func (c *Group) verbText(v string) string {
	if w := c.P.T("verb." + v); w != "verb."+v {
		return w
	}
	return v
}

// AssignorChoices are the partition.assignment.strategy lists, from the
// model's assignors: "" (the default, range), each assignor alone, then
// each with range after it (a mixed list, whose rebalance protocol is
// range's, EAGER).
func AssignorChoices() []string {
	out := []string{""}
	var mixed []string
	for _, n := range scenario.Assignors() {
		if n != "range" {
			out = append(out, n)
			mixed = append(mixed, n+",range")
		}
	}
	return append(out, mixed...)
}

// MemberVerbs are system's actions on one consumer with no argument
// ("consumer C leave", "consumer C crash"…), in its table's order: an
// action added there gets its button.
func MemberVerbs(system string) []string {
	var out []string
	for _, s := range scenario.Surfaces() {
		if s.Name != system {
			continue
		}
		for _, r := range s.Actions {
			if f := strings.Fields(r.Form); len(f) == 3 && f[0] == "consumer" && f[1] == "C" && !strings.ContainsAny(f[2], "[=") {
				out = append(out, f[2])
			}
		}
	}
	return out
}
