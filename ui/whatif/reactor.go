package whatif

import (
	"strconv"
	"strings"

	"brokerlab/ui/kit"
)

// The reactors' sections (ZooKeeper's NIOServerCnxnFactory, Kafka's
// SocketServer): clients connect, a selected connection sends, sends
// slowly or closes (Conns, the part they share), and each system's own:
// ZooKeeper's clients from one IP and its worker pool, Kafka's flood of
// requests and its control plane.

// SlowCost is what "slow request" makes a request cost.
const SlowCost = "2s"

// Conns is the part of a reactor's section that acts on connections.
type Conns struct {
	P Page
	// API is the request a send makes ("" where the system's send names
	// none, as ZooKeeper's).
	API string
}

// Sel is the connection selected on the stage, or "".
func (c *Conns) Sel() string { return selected(c.P, "conn") }

// Send sends a request on the selected connection; slow makes it cost
// SlowCost to process.
func (c *Conns) Send(slow bool) {
	conn := c.Sel()
	if conn == "" {
		return
	}
	act := send(conn, c.API)
	if slow {
		act += " cost=" + SlowCost
	}
	c.P.Inject(act)
}

// Close closes the selected connection from the client's side.
func (c *Conns) Close() {
	if conn := c.Sel(); conn != "" {
		c.P.Inject("close " + conn)
	}
}

// send is the action that sends one api request on connection conn.
func send(conn, api string) string {
	if api == "" {
		return "send " + conn
	}
	return "send " + conn + " " + api
}

// fresh is a client name the run has not used: prefix + a number.
func fresh(p Page, prefix string) string {
	used := map[string]bool{}
	if s := p.State(); s.Net != nil {
		for _, c := range s.Net.Conns {
			used[strings.SplitN(c.Name, "-", 2)[0]] = true
		}
	}
	for _, act := range p.UserActions() {
		if f := strings.Fields(act); len(f) > 1 {
			used[f[1]] = true
		}
	}
	return kit.FirstFree(prefix, 1, used)
}

// connect is the action that connects n new clients at once.
func connect(p Page, n int) string {
	return "connect " + fresh(p, "x") + " count=" + strconv.Itoa(n)
}

// ZooKeeper is ZooKeeper's section.
type ZooKeeper struct {
	P Page
}

// Connect connects n new clients at once, all from one IP if oneIP.
func (c *ZooKeeper) Connect(n int, oneIP bool) {
	act := connect(c.P, n)
	if oneIP {
		act += " ip=10.0.0.99"
	}
	c.P.Inject(act)
}

// SocketServer is Kafka's SocketServer's section.
type SocketServer struct {
	P Page
}

// api is what its sends ask for.
const api = "Produce"

// Connect connects n new clients at once.
func (c *SocketServer) Connect(n int) { c.P.Inject(connect(c.P, n)) }

// Flood connects n clients that each send one Produce: more requests than
// a small request queue holds.
func (c *SocketServer) Flood(n int) {
	name := fresh(c.P, "f")
	c.P.Inject("connect "+name+" count="+strconv.Itoa(n), send(name, api))
}

// StopReplica makes the controller connect and send a StopReplica; the
// connection goes to the control plane's listener when there is one, as
// ControllerChannelManager's does.
func (c *SocketServer) StopReplica() {
	name := fresh(c.P, "ctl")
	c.P.Inject("connect "+name+" from=controller", send(name, "StopReplica"))
}
