package socketserver

import (
	"strconv"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// Connect is "connect C [listener=L | from=controller] [count=N]".
type Connect struct {
	Name string
	// Listener is the listener to connect to: PLAINTEXT (the default) or
	// the control plane's. FromController instead picks the one the
	// controller uses, ControllerChannelManager's
	// control.plane.listener.name, else the inter-broker listener.
	Listener       string
	FromController bool
	Count          int // > 1 opens Name-1 … Name-Count
}

func (c Connect) String() string {
	s := "connect " + c.Name
	if c.Listener != "" {
		s += " listener=" + c.Listener
	}
	if c.FromController {
		s += " from=controller"
	}
	if c.Count > 1 {
		s += " count=" + strconv.Itoa(c.Count)
	}
	return s
}

// Send is "send C API [id=R] [n=N] [cost=D]": the client writes N requests
// at once (pipelined, as a producer with max.in.flight.requests does).
// C may be the prefix of a "connect C count=K": then each of C-1 … C-K
// sends, and id=R names the request sent on C-i R-i.
type Send struct {
	Conn string
	API  string
	ID   string        // "" for C#k, k counting the connection's requests from 1
	N    int           // requests, ≥ 1
	Cost time.Duration // handler time for these requests; < 0 for the API's
}

func (sd Send) String() string {
	s := "send " + sd.Conn + " " + sd.API
	if sd.ID != "" {
		s += " id=" + sd.ID
	}
	if sd.N > 1 {
		s += " n=" + strconv.Itoa(sd.N)
	}
	if sd.Cost >= 0 {
		s += " cost=" + sim.FormatDuration(sd.Cost)
	}
	return s
}

// targets are the connections a client action names: C itself, or the
// connections of the burst C-1 … C-N.
func (srv *Server) targets(name string) []*Conn {
	if c := srv.conns[name]; c != nil {
		return []*Conn{c}
	}
	n := srv.bursts[name]
	var out []*Conn
	for i := 1; i <= n; i++ {
		if c := srv.conns[name+"-"+strconv.Itoa(i)]; c != nil {
			out = append(out, c)
		}
	}
	return out
}

// pace lets the other threads run after every 1,000th connection or
// request of one action, as the real client machines share the network
// with the broker: a burst of 100,000 does not all land before anyone
// reads, and a run's event budget can stop it midway.
func (srv *Server) pace(i int) {
	if i > 0 && i%1000 == 0 {
		srv.s.Yield()
	}
}

func (srv *Server) action(note, src string) {
	srv.s.Emit(sim.Event{Kind: sim.Action, Note: note, Src: src})
}

// ListenerFor is the listener a Connect reaches with this configuration.
func (srv *Server) ListenerFor(c Connect) string {
	switch {
	case c.FromController && srv.Control != nil:
		return srv.Control.Listener
	case c.FromController, c.Listener == "":
		return DataPlaneListener
	}
	return c.Listener
}

// Connect schedules the client's connect at virtual time at: the socket
// lands in the listener's accept backlog, its acceptor wakes up. A name
// still in use (C, or a connection of the burst C-1 … C-N, that the server
// has not closed) makes the client refuse the whole action (sim.Refuse),
// as the zookeeper system refuses it; a listener the broker does not have
// refuses the connection.
func (srv *Server) Connect(at time.Duration, c Connect) {
	srv.post(at, func() {
		names := []string{c.Name}
		if c.Count > 1 {
			names = names[:0]
			for i := 1; i <= c.Count; i++ {
				names = append(names, c.Name+"-"+strconv.Itoa(i))
			}
		}
		if used := srv.inUse(c.Name, names); used != "" {
			src := srcClientOpen
			if c.FromController {
				src = srcController
			}
			srv.s.Refuse(c.String(), msg.New("ss.name.used", used), src)
			return
		}
		listener := srv.ListenerFor(c)
		var pl *Plane
		for _, p := range []*Plane{srv.Data, srv.Control} {
			if p != nil && p.Listener == listener {
				pl = p
			}
		}
		note, src := c.String(), srcClientOpen
		if c.FromController {
			src = srcController
		}
		if pl == nil {
			note += ": connection refused, no listener " + listener + " on this broker"
		}
		srv.action(note, src)
		ip := "10.0.0.1"
		if c.FromController {
			ip = "10.0.0.2" // the controller is another broker
		}
		if c.Count > 1 {
			srv.bursts[c.Name] = c.Count
		}
		for i, name := range names {
			srv.pace(i)
			conn := &Conn{Name: name, ID: srv.s.NextToken(), Listener: listener, IP: ip, State: ConnConnecting, plane: pl}
			srv.conns[name] = conn
			srv.order = append(srv.order, conn)
			if pl == nil {
				conn.State = ConnRefused
				continue
			}
			pl.Acceptor.selector.Put(conn, src)
		}
	})
}

// Send schedules the client's requests at virtual time at: their bytes are
// in the socket; the connection's processor reads them when its selector
// reports the channel readable (registered and not muted). A connection
// the client closed, or the server closed or refused, takes no requests:
// when none of C's does, the client refuses the action (sim.Refuse).
func (srv *Server) Send(at time.Duration, sd Send) {
	srv.post(at, func() {
		targets := srv.targets(sd.Conn)
		if why := srv.notOpen(sd.Conn, targets); why != nil {
			srv.s.Refuse(sd.String(), why, srcClientSend)
			return
		}
		srv.action(sd.String(), srcClientSend)
		for i, c := range targets {
			if !c.open() {
				continue
			}
			for k := range sd.N {
				srv.pace(i*sd.N + k)
				c.Requests++
				name := c.Name + "#" + strconv.Itoa(c.Requests)
				switch {
				case sd.ID != "" && len(targets) > 1:
					name = sd.ID + "-" + strconv.Itoa(i+1)
				case sd.ID != "":
					name = sd.ID
				}
				req := &Request{ID: srv.s.NextToken(), Name: name, API: sd.API, Conn: c, Seq: c.Requests,
					Cost: sd.Cost, State: StateSent, Processor: -1, SentAt: srv.s.Now(),
					ReadAt: -1, QueuedAt: -1, TakenAt: -1, RespondedAt: -1}
				srv.requests[name] = req
				c.unread = append(c.unread, req)
				srv.s.Emit(sim.Event{Kind: sim.ClientSend, Subj: c.Name, ID: req.ID, Item: req.Label(), Src: srcClientSend})
			}
			if c.proc != nil {
				c.proc.markReady(c, srcSelect)
			}
		}
	})
}

// Close schedules the client's close of C (or of every connection of the
// burst C) at virtual time at. Requests still in the socket are lost; the
// processor sees the end of stream at its next read of the channel (once
// it is unmuted) and closes it.
//
// A second close of C, when none of its connections is open any more, is
// refused (sim.Refuse).
func (srv *Server) Close(at time.Duration, name string) {
	srv.post(at, func() {
		targets := srv.targets(name)
		if why := srv.notOpen(name, targets); why != nil {
			srv.s.Refuse("close "+name, why, srcClientClose)
			return
		}
		srv.action("close "+name, srcClientClose)
		for _, c := range targets {
			if !c.open() {
				continue
			}
			c.eof = true
			for _, r := range c.unread {
				r.State = StateDropped
			}
			clear(c.unread)
			c.unread = c.unread[:0]
			if c.proc != nil {
				c.proc.markReady(c, srcSelect)
			}
		}
	})
}

// open reports whether the client can still write to c: the server has
// neither closed nor refused it, and its client has not closed its end.
func (c *Conn) open() bool { return c.State != ConnClosed && c.State != ConnRefused && !c.eof }

// notOpen is why the client cannot send on or close name, whose
// connections are targets: there is no such connection, or none of them
// is open; nil if one is.
func (srv *Server) notOpen(name string, targets []*Conn) *msg.Error {
	if len(targets) == 0 {
		return msg.New("ss.no.conn", name)
	}
	for _, c := range targets {
		if c.open() {
			return nil
		}
	}
	return msg.New("ss.not.open", name)
}

// inUse is the first connection, of those name already means (C, or the
// burst C-1 … C-N) and of names, that the server has neither closed nor
// refused; "" if none. Until the server has read the end of stream of a
// connection its client closed, its name is still in use.
func (srv *Server) inUse(name string, names []string) string {
	for _, c := range srv.targets(name) {
		if c.State != ConnClosed && c.State != ConnRefused {
			return c.Name
		}
	}
	for _, n := range names {
		if c := srv.conns[n]; c != nil && c.State != ConnClosed && c.State != ConnRefused {
			return n
		}
	}
	return ""
}
