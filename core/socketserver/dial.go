package socketserver

import (
	"errors"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// ErrRefused is the error of a Dial or Send to a server that no longer runs.
var ErrRefused = errors.New("socketserver: connection refused")

// ErrClosed is the error of a Send on a connection that is closed.
var ErrClosed = errors.New("socketserver: connection closed")

// Dial opens a connection named name from the running simulated thread (a
// follower's fetcher, a producer's sender, the controller's send thread)
// to the data-plane listener: the socket lands in the accept backlog at
// once, and requests sent before the acceptor has accepted it wait in the
// socket, as a real client's bytes do. notify is the client's receive
// path: the processor that writes a response calls it on its own thread,
// and whoever breaks the connection (a killed broker, a processor closing
// it) calls it with nil. A name still open on this server is refused, so
// that each connection has one name; a closed one may be reused, and so
// may one whose client closed its end (a new socket, while the processor
// has yet to read the old one's end of stream).
func (srv *Server) Dial(name, ip string, notify func(*Response)) (*Conn, error) {
	if srv.killed {
		return nil, ErrRefused
	}
	if old := srv.conns[name]; old != nil && old.State != ConnClosed && old.State != ConnRefused && !old.eof {
		return nil, msg.New("ss.open", name)
	}
	pl := srv.Data
	c := &Conn{Name: name, ID: srv.s.NextToken(), Listener: pl.Listener, IP: ip, State: ConnConnecting, plane: pl, notify: notify}
	srv.conns[name] = c
	srv.order = append(srv.order, c)
	pl.Acceptor.selector.Put(c, srcClientOpen)
	return c, nil
}

// Send writes one request on c from the running thread: it is read when
// c's processor next finds the channel readable (registered and unmuted).
// name is the request's id in the trace and the paths; body is what the
// server's Apis reads.
func (c *Conn) Send(api, name string, body any) (*Request, error) {
	return c.SendNote(api, name, nil, srcClientSend, body)
}

// SendNote is Send as the client's own code tells it in the trace's
// client.send: a note on what it asks for (nil: none), and the upstream
// place src.
func (c *Conn) SendNote(api, name string, note *msg.Note, src string, body any) (*Request, error) {
	var e sim.Event
	if note != nil {
		e.Words, e.Note = note, note.String()
	}
	return c.send(api, name, e, src, body)
}

// send writes the request, e its client.send with the note filled in.
func (c *Conn) send(api, name string, e sim.Event, src string, body any) (*Request, error) {
	srv := c.plane.srv
	if srv.killed {
		return nil, ErrRefused
	}
	if c.State == ConnClosed || c.State == ConnRefused || c.eof {
		return nil, ErrClosed
	}
	c.Requests++
	req := &Request{ID: srv.s.NextToken(), Name: name, API: api, Conn: c, Seq: c.Requests,
		Cost: -1, Body: body, State: StateSent, Processor: -1, SentAt: srv.s.Now(),
		ReadAt: -1, QueuedAt: -1, TakenAt: -1, RespondedAt: -1}
	srv.requests[name] = req
	e.Kind, e.Subj, e.ID, e.Item, e.Src = sim.ClientSend, c.Name, req.ID, req.label(srv.s), src
	srv.s.Emit(e)
	srv.Carry(func() {
		if c.eof || c.State == ConnClosed {
			req.State = StateDropped
			return
		}
		c.unread = append(c.unread, req)
		if c.proc != nil {
			c.proc.markReady(c, srcSelect)
		}
	})
	return req, nil
}

// Close is the client's close of c from the running thread: requests still
// in the socket are lost; the processor sees the end of stream at its next
// read of the channel and closes it. Nothing more is delivered to notify.
func (c *Conn) Close() {
	c.notify = nil
	if c.State == ConnClosed || c.State == ConnRefused || c.eof {
		return
	}
	c.eof = true
	for _, r := range c.unread {
		r.State = StateDropped
	}
	c.unread = nil
	if c.proc != nil {
		c.proc.markReady(c, srcSelect)
	}
}

// Closed reports whether c can no longer carry requests.
func (c *Conn) Closed() bool {
	return c.State == ConnClosed || c.State == ConnRefused || c.eof || c.plane.srv.killed
}

// Kill is the broker process dying, as seen from its connections: every
// connection breaks (its dialling client is told, on the running thread)
// and later dials are refused. The server's threads are ended by the
// caller (sim.Kill with the server's host prefix): a socket server does
// not know which other threads share its process.
func (srv *Server) Kill() {
	srv.killed = true
	for _, c := range srv.order {
		if c.State == ConnClosed || c.State == ConnRefused {
			continue
		}
		c.State = ConnClosed
		if n := c.notify; n != nil {
			c.notify = nil
			n(nil)
		}
	}
}

// Killed reports whether the server's process was killed.
func (srv *Server) Killed() bool { return srv.killed }
