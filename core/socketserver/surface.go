package socketserver

import (
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/surface"
)

// Surface is `use socketserver`: one broker's SocketServer and request
// handlers, with client machines that connect and send requests (all on
// the clients thread).
var Surface = &surface.Table[Config, *Server]{
	Name:     "socketserver",
	Doc:      "one Kafka broker's SocketServer: acceptor, processors, request channel, handler pool",
	Default:  DefaultConfig,
	Settings: append([]surface.Setting[Config]{surface.Cores[Config](nil)}, Settings...),
	Actions: []surface.Action[Config, *Server]{
		{Form: "connect C [listener=L] [from=controller] [count=N]", Parse: parseConnect,
			Doc: "client C connects (count=N: C-1 … C-N); listener=L: to that listener; from=controller: as ControllerChannelManager does, to the control plane if there is one",
			Do:  func(s *Server, at time.Duration, _ string, p any) { s.Connect(at, p.(Connect)) }},
		{Form: "send C API [id=R] [n=N] [cost=D]", Parse: parseSend,
			Doc: "C writes N requests of API (named R, or C#k); cost=D replaces the API's time for them",
			Do:  func(s *Server, at time.Duration, _ string, p any) { s.Send(at, p.(Send)) }},
		{Form: "close C", Doc: "C closes its connection", Parse: func(_ *Config, a *surface.Args) (any, error) { return name(a.Pos[0], "connection") },
			Do: func(s *Server, at time.Duration, _ string, p any) { s.Close(at, p.(string)) }},
	},
	Paths: Paths,
	Check: CheckPath,
	Get:   (*Server).Get,
	Start: func(s *sim.Sim, c Config) (*Server, error) { return New(s, c) },
}

// APINames are the ApiKeys names (for a family of settings).
func APINames() []string { return APIs }

// Settings are the socket server's settings, which `use cluster` mounts.
var Settings = []surface.Setting[Config]{
	{Key: "num.network.threads", Value: surface.Int(1, MaxThreads, func(c *Config) *int { return &c.NumNetworkThreads }),
		Doc: "processors of the data-plane listener", Upstream: "KafkaConfig.scala NumNetworkThreadsProp"},
	{Key: "num.io.threads", Value: surface.Int(1, MaxThreads, func(c *Config) *int { return &c.NumIoThreads }),
		Doc: "data-plane request handler threads", Upstream: "KafkaConfig.scala NumIoThreadsProp"},
	{Key: "queued.max.requests", Value: surface.Int(1, MaxQueue, func(c *Config) *int { return &c.QueuedMaxRequests }),
		Doc: "the data-plane request queue's capacity", Upstream: "KafkaConfig.scala QueuedMaxRequestsProp"},
	{Key: "control.plane.listener.name", WhatIf: true, Value: surface.Value[Config]{Kind: "a listener name (CONTROLLER)",
		Set: func(c *Config, key, _, val string) error {
			if err := CheckListenerName(val); err != nil {
				return err
			}
			c.ControlPlane = val
			return nil
		},
		Show: func(c *Config) string { return c.ControlPlane }},
		Doc: "a control-plane listener with its own processor and handler thread (KIP-291)", Upstream: "KafkaConfig.scala ControlPlaneListenerNameProp"},
	{Key: "socketserver.apiTime", Value: surface.Duration(MaxAPITime, func(c *Config) *time.Duration { return &c.APITime }),
		Doc: "how long a handler works on a request (the model's cost, every API)"},
	{Key: "socketserver.apiTime.API", Value: surface.DurationMap(APINames, MaxAPITime, func(c *Config) *map[string]time.Duration { return &c.APITimes }),
		Doc: "the same for one API"},
	{Key: "socketserver.mute", Value: surface.Bool(func(c *Config) *bool { return &c.Mute }),
		Doc: "false removes Processor's mute after a read (the what-if)", Upstream: "SocketServer.scala Processor.processCompletedReceives"},
}

// name reads a connection or request name.
func name(tk surface.Token, what string) (string, error) {
	if CheckName(what, tk.Text) != nil {
		return "", msg.At(tk.Col, "ss.name", what, tk.Text)
	}
	return tk.Text, nil
}

func parseConnect(_ *Config, a *surface.Args) (any, error) {
	n, err := name(a.Pos[0], "connection")
	if err != nil {
		return nil, err
	}
	c := Connect{Name: n}
	l, hasL := a.Opt["listener"]
	if hasL {
		if CheckListenerName(l.Text) != nil && l.Text != DataPlaneListener {
			return nil, msg.At(l.Col, "ss.listener", l.Text)
		}
		c.Listener = l.Text
	}
	if fr, ok := a.Opt["from"]; ok {
		if fr.Text != "controller" {
			return nil, msg.At(fr.Col, "ss.from", fr.Text)
		}
		if hasL {
			return nil, msg.At(max(l.Col, fr.Col), "ss.listener.from")
		}
		c.FromController = true
	}
	c.Count, err = a.Count("count", MaxBurst)
	return c, err
}

func parseSend(_ *Config, a *surface.Args) (any, error) {
	n, err := name(a.Pos[0], "connection")
	if err != nil {
		return nil, err
	}
	api := a.Pos[1]
	if CheckAPI(api.Text) != nil {
		return nil, &msg.Error{Col: api.Col, Code: "ss.api", Args: []any{api.Text, msg.List(APIs)}, Hint: surface.Nearest(api.Text, APIs)}
	}
	s := Send{Conn: n, API: api.Text, Cost: -1}
	if s.N, err = a.Count("n", MaxSend); err != nil {
		return nil, err
	}
	if id, ok := a.Opt["id"]; ok {
		if s.ID, err = name(id, "request"); err != nil {
			return nil, err
		}
		if s.N > 1 {
			return nil, msg.At(id.Col, "ss.id.n")
		}
	}
	if s.Cost, err = a.Duration("cost", -1); err != nil {
		return nil, err
	}
	if s.Cost > MaxAPITime {
		return nil, msg.At(a.Opt["cost"].Col, "duration.most", "cost", surface.Dur(MaxAPITime), a.Opt["cost"].Text)
	}
	return s, nil
}
