package ui

import (
	"strconv"
	"strings"
)

// The reactors' what-ifs: clients connect, a selected connection sends,
// sends slowly or closes, a flood of requests, and the settings that change
// the design (no worker pool, a control plane). Each builds scenario
// actions, so a link carries them like any other.

// SlowCost is what "slow request" makes a request cost.
const SlowCost = "2s"

// SelConn is the connection selected on the stage, or "".
func (a *App) SelConn() string {
	if c, ok := strings.CutPrefix(a.Sel, "conn:"); ok {
		return c
	}
	return ""
}

// fresh is a client name the run has not used: prefix + a number.
func (a *App) fresh(prefix string) string {
	used := map[string]bool{}
	if s := a.State(); s.Net != nil {
		for _, c := range s.Net.Conns {
			used[strings.SplitN(c.Name, "-", 2)[0]] = true
		}
	}
	for _, in := range a.Link.Inject {
		if f := strings.Fields(in.Action); len(f) > 1 {
			used[f[1]] = true
		}
	}
	return firstFree(prefix, 1, used)
}

// firstFree is prefix + the first number from n on that is not used.
func firstFree(prefix string, n int, used map[string]bool) string {
	for ; ; n++ {
		if name := prefix + strconv.Itoa(n); !used[name] {
			return name
		}
	}
}

// ConnectClients connects n new clients at once, all from one IP if oneIP.
func (a *App) ConnectClients(n int, oneIP bool) {
	act := "connect " + a.fresh("x") + " count=" + strconv.Itoa(n)
	if oneIP && a.Sc.System == "zookeeper" {
		act += " ip=10.0.0.99"
	}
	a.Inject(act)
}

// sendAction is the system's way to send one request on connection c.
func (a *App) sendAction(c, api string) string {
	if a.Sc.System == "socketserver" {
		return "send " + c + " " + api
	}
	return "send " + c
}

// SendSelected sends a request on the selected connection; slow makes it
// cost SlowCost to process.
func (a *App) SendSelected(slow bool) {
	c := a.SelConn()
	if c == "" {
		return
	}
	act := a.sendAction(c, "Produce")
	if slow {
		act += " cost=" + SlowCost
	}
	a.Inject(act)
}

// CloseSelected closes the selected connection from the client's side.
func (a *App) CloseSelected() {
	if c := a.SelConn(); c != "" {
		a.Inject("close " + c)
	}
}

// Flood connects n clients that each send one Produce: more requests than
// a small request queue holds.
func (a *App) Flood(n int) {
	name := a.fresh("f")
	a.InjectAll("connect "+name+" count="+strconv.Itoa(n), a.sendAction(name, "Produce"))
}

// StopReplica makes the controller connect and send a StopReplica; the
// connection goes to the control plane's listener when there is one, as
// ControllerChannelManager's does.
func (a *App) StopReplica() {
	name := a.fresh("ctl")
	a.InjectAll("connect "+name+" from=controller", a.sendAction(name, "StopReplica"))
}
