package ui

import (
	"strings"

	"brokerlab/core/scenario"
)

// The consumer groups' what-ifs: a consumer joins, the selected one leaves
// or stalls (a long GC pause: no polls, no heartbeats), a topic grows, and
// the settings lessons invite changing (session.timeout.ms, the assignors).

// SelMember is the consumer selected on the stage, or "".
func (a *App) SelMember() string {
	if m, ok := strings.CutPrefix(a.Sel, "member:"); ok {
		return m
	}
	return ""
}

// GroupNames are the run's groups, in order of appearance.
func (a *App) GroupNames() []string {
	g := a.State().Grp
	if g == nil || len(g.Groups) == 0 {
		g = a.End().Grp
	}
	var out []string
	if g != nil {
		for _, x := range g.Groups {
			out = append(out, x.Name)
		}
	}
	return out
}

// JoinConsumer makes a new consumer join group g subscribed to topics
// (comma-separated), with the assignors of the run's settings.
func (a *App) JoinConsumer(g, topics string) {
	topics = strings.Join(strings.Fields(strings.ReplaceAll(topics, ",", " ")), ",")
	if g == "" || topics == "" {
		a.notice = func() string { return a.T("joinNeeds") }
		return
	}
	name := a.freshMember()
	a.Inject("consumer " + name + " join " + g + " topics=" + topics)
}

// freshMember is a consumer name the run has not used: C + a number.
func (a *App) freshMember() string {
	used := map[string]bool{}
	if g := a.End().Grp; g != nil {
		for _, m := range g.Members {
			used[m.Name] = true
		}
	}
	for _, act := range a.userActions() {
		if f := strings.Fields(act); len(f) > 1 && f[0] == "consumer" {
			used[f[1]] = true
		}
	}
	return firstFree("C", 0, used)
}

// MemberAction makes the selected consumer leave ("leave") or stall for a
// duration ("stall 15s").
func (a *App) MemberAction(what string) {
	if m := a.SelMember(); m != "" {
		a.Inject("consumer " + m + " " + what)
	}
}

// AssignorChoices are the what-if panel's partition.assignment.strategy
// lists, from the model's assignors: "" (the default, range), each
// assignor alone, then each with range after it (a mixed list, whose
// rebalance protocol is range's, EAGER).
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

// MemberVerbs are the run's system's actions on one consumer with no
// argument ("consumer C leave", "consumer C crash"…), in its table's
// order: an action added there gets its button.
func (a *App) MemberVerbs() []string {
	var out []string
	s, _ := surfaceOf(a.System())
	for _, r := range s.Actions {
		if f := strings.Fields(r.Form); len(f) == 3 && f[0] == "consumer" && f[1] == "C" && !strings.ContainsAny(f[2], "[=") {
			out = append(out, f[2])
		}
	}
	return out
}

// VerbText is a member verb in the page's language (verb.* words), the
// verb itself where it has none.
func (a *App) VerbText(v string) string {
	if _, ok := words["verb."+v]; ok {
		return a.T("verb." + v)
	}
	return v
}

// GrowTopic sets topic t to n partitions.
func (a *App) GrowTopic(t, n string) {
	a.Inject("topic " + strings.TrimSpace(t) + " partitions=" + strings.TrimSpace(n))
}
