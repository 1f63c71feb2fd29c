package socketserver

import (
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/statepath"
)

// Paths documents the state paths a scenario can read (expect, run until).
// A name in brackets that the run does not know (yet) reads "none".
var Paths = []string{
	"socketserver.networkThreads", "socketserver.ioThreads",
	"socketserver.requestQueue.size", "socketserver.requestQueue.capacity", "socketserver.busyHandlers", "socketserver.responded",
	"socketserver.acceptor.thread", "socketserver.acceptor.blocked", "socketserver.default[KEY]",
	"socketserver.conn[C].processor", "socketserver.conn[C].muteState", "socketserver.conn[C].state",
	"socketserver.conn[C].listener", "socketserver.conn[C].inFlight", "socketserver.responses[C]",
	"socketserver.request[R].state", "socketserver.request[R].sentAt", "socketserver.request[R].readAt",
	"socketserver.request[R].queuedAt", "socketserver.request[R].queuedBehind", "socketserver.request[R].takenAt",
	"socketserver.request[R].respondedAt",
	"socketserver.request[R].processor", "socketserver.request[R].readBy", "socketserver.request[R].handler",
	"socketserver.request[R].sentBy",
	"socketserver.processor[I].thread", "socketserver.processor[I].blocked", "socketserver.processor[I].connections",
	"socketserver.processor[I].newConnections.size", "socketserver.processor[I].responseQueue.size",
	"socketserver.processor[I].plane", "socketserver.handler[I].thread",
	"socketserver.controlPlane.listener", "socketserver.controlPlane.acceptor.thread",
	"socketserver.controlPlane.handler.thread", "socketserver.controlPlane.requestQueue.size",
	"socketserver.controlPlane.requestQueue.capacity", "invariant.violations",
}

const none = "none"

// CheckPath reports whether path is one the socket server can answer.
func CheckPath(path string) error {
	_, err := get(nil, path)
	return err
}

// Get answers a state path; lists are comma-separated.
func (srv *Server) Get(path string) (string, error) { return get(srv, path) }

func get(srv *Server, path string) (string, error) {
	head, key, tail, err := statepath.Split(path)
	if err != nil {
		return "", bad(path, err)
	}
	if key != "" {
		return getKeyed(srv, path, head, key, tail)
	}
	return getPlain(srv, path)
}

// bad is the error of path, malformed or unknown as why says.
func bad(path string, why error) error { return msg.Of(ErrUnknownPath, "path.bad", path, why) }

func getKeyed(srv *Server, path, head, key, tail string) (string, error) {
	switch head {
	case "socketserver.default":
		for _, d := range Defaults {
			if d.Key == key && tail == "" {
				return d.Value, nil
			}
		}
		keys := make([]string, len(Defaults))
		for i, d := range Defaults {
			keys[i] = d.Key
		}
		return "", bad(path, msg.New("ss.path.default", msg.List(keys)))
	case "socketserver.conn":
		if !oneOf(tail, ".processor", ".muteState", ".state", ".listener", ".inFlight") {
			return "", bad(path, msg.New("ss.path.conn"))
		}
		if srv == nil {
			return "", nil
		}
		return srv.connPath(key, tail), nil
	case "socketserver.responses":
		if tail != "" {
			return "", bad(path, msg.New("ss.path.responses"))
		}
		if srv == nil {
			return "", nil
		}
		if c := srv.conns[key]; c != nil {
			return strings.Join(c.Responses, ","), nil
		}
		return "", nil
	case "socketserver.request":
		if !oneOf(tail, ".state", ".sentAt", ".readAt", ".queuedAt", ".queuedBehind", ".takenAt", ".respondedAt", ".processor", ".readBy", ".handler", ".sentBy") {
			return "", bad(path, msg.New("ss.path.request"))
		}
		if srv == nil {
			return "", nil
		}
		return srv.requestPath(key, tail), nil
	case "socketserver.processor", "socketserver.handler":
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 {
			return "", bad(path, msg.New("ss.path.id"))
		}
		if head == "socketserver.handler" {
			if tail != ".thread" {
				return "", bad(path, msg.New("ss.path.handler"))
			}
			if srv == nil {
				return "", nil
			}
			if i >= len(srv.Data.Handlers) {
				return none, nil
			}
			return srv.Data.Handlers[i], nil
		}
		if !oneOf(tail, ".thread", ".blocked", ".connections", ".newConnections.size", ".responseQueue.size", ".plane") {
			return "", bad(path, msg.New("ss.path.processor"))
		}
		if srv == nil {
			return "", nil
		}
		return srv.processorPath(i, tail), nil
	}
	return "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
}

func (srv *Server) connPath(name, tail string) string {
	c := srv.conns[name]
	if c == nil {
		return none
	}
	switch tail {
	case ".processor":
		if c.proc == nil {
			return none
		}
		return strconv.Itoa(c.proc.ID)
	case ".muteState":
		if c.Mute == "" {
			return none
		}
		return string(c.Mute)
	case ".state":
		return c.State
	case ".listener":
		return c.Listener
	}
	return strconv.Itoa(len(c.inFlight))
}

func (srv *Server) requestPath(name, tail string) string {
	r := srv.requests[name]
	if r == nil {
		return none
	}
	switch tail {
	case ".state":
		return r.State
	case ".sentAt":
		return ms(r.SentAt)
	case ".readAt":
		return msIf(r.ReadAt)
	case ".queuedAt":
		return msIf(r.QueuedAt)
	case ".queuedBehind":
		if r.QueuedAt < 0 {
			return none
		}
		return strconv.Itoa(r.QueuedBehind)
	case ".takenAt":
		return msIf(r.TakenAt)
	case ".respondedAt":
		return msIf(r.RespondedAt)
	case ".processor":
		if r.Processor < 0 {
			return none
		}
		return strconv.Itoa(r.Processor)
	case ".readBy":
		return orNone(r.ReadBy)
	case ".handler":
		return orNone(r.Handler)
	}
	return orNone(r.SentBy)
}

func (srv *Server) processorPath(id int, tail string) string {
	p := srv.Processor(id)
	if p == nil {
		return none
	}
	switch tail {
	case ".thread":
		return p.Thread
	case ".blocked":
		return strconv.FormatBool(p.Blocked)
	case ".connections":
		return strconv.Itoa(p.Connections)
	case ".newConnections.size":
		return strconv.Itoa(p.NewConnectionsSize())
	case ".responseQueue.size":
		return strconv.Itoa(p.ResponseQueueSize())
	}
	return p.plane.Prefix
}

func getPlain(srv *Server, path string) (string, error) {
	known := false
	for _, p := range Paths {
		known = known || (p == path && !strings.Contains(p, "["))
	}
	if !known {
		return "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
	}
	if srv == nil {
		return "", nil
	}
	cp := srv.Control
	switch path {
	case "socketserver.networkThreads":
		return strconv.Itoa(len(srv.Data.Processors)), nil
	case "socketserver.ioThreads":
		return strconv.Itoa(len(srv.Data.Handlers)), nil
	case "socketserver.requestQueue.size":
		return strconv.Itoa(srv.Data.RequestQueueSize()), nil
	case "socketserver.requestQueue.capacity":
		return strconv.Itoa(srv.Data.QueueSize), nil
	case "socketserver.busyHandlers":
		return strconv.Itoa(srv.Data.Busy), nil
	case "socketserver.responded":
		return strconv.Itoa(srv.Responded), nil
	case "socketserver.acceptor.thread":
		return srv.Data.Acceptor.Thread, nil
	case "socketserver.acceptor.blocked":
		return strconv.FormatBool(srv.Data.Acceptor.Blocked), nil
	case "invariant.violations":
		return strconv.Itoa(len(srv.Violations)), nil
	}
	if cp == nil {
		return none, nil
	}
	switch path {
	case "socketserver.controlPlane.listener":
		return cp.Listener, nil
	case "socketserver.controlPlane.acceptor.thread":
		return cp.Acceptor.Thread, nil
	case "socketserver.controlPlane.handler.thread":
		return cp.Handlers[0], nil
	case "socketserver.controlPlane.requestQueue.size":
		return strconv.Itoa(cp.RequestQueueSize()), nil
	}
	return strconv.Itoa(cp.QueueSize), nil
}

func oneOf(s string, options ...string) bool {
	for _, o := range options {
		if s == o {
			return true
		}
	}
	return false
}

func orNone(s string) string {
	if s == "" {
		return none
	}
	return s
}

// msIf is ms(d), or none for a stage the request has not reached (-1).
func msIf(d time.Duration) string {
	if d < 0 {
		return none
	}
	return ms(d)
}

// ms writes a virtual time in milliseconds: 12, 12.5.
func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', -1, 64)
}

// splitKey splits "socketserver.conn[c1].processor" into head, key and
// tail; key is "" when there is no bracket.
