package zookeeper

import (
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/surface"
)

// Surface is `use zookeeper`: one server's NIOServerCnxnFactory and
// request processors, with client machines that connect and send.
var Surface = &surface.Table[Config, *Factory]{
	Name:    "zookeeper",
	Doc:     "ZooKeeper 3.5's NIOServerCnxnFactory (accept thread, selector threads, workers, expiry) and request processors",
	Default: DefaultConfig,
	Settings: []surface.Setting[Config]{
		surface.Cores(func(c *Config) *int { return &c.Cores }),
		{Key: "zookeeper.nio.numSelectorThreads", Value: surface.Int(1, MaxSelectorThreads, func(c *Config) *int { return &c.NumSelectorThreads }),
			Doc: "selector threads (default max(sqrt(cores/2), 1); -1 here: the default)", Upstream: "NIOServerCnxnFactory.java configure"},
		{Key: "zookeeper.nio.numWorkerThreads", Value: surface.Int(0, MaxWorkerThreads, func(c *Config) *int { return &c.NumWorkerThreads }), WhatIf: true,
			Doc: "I/O worker threads (default 2 × cores; 0: the selector threads do the I/O)", Upstream: "NIOServerCnxnFactory.java configure"},
		{Key: "maxClientCnxns", Value: surface.Int(0, 1<<31-1, func(c *Config) *int { return &c.MaxClientCnxns }),
			Doc: "connections per client IP (0: no limit)", Upstream: "NIOServerCnxnFactory.java maxClientCnxns"},
		{Key: "zookeeper.nio.sessionlessCnxnTimeout", Value: surface.MsOrDuration(time.Millisecond, surface.MaxDuration, func(c *Config) *time.Duration { return &c.SessionlessCnxnTimeout }),
			Doc: "how long a connection without a session lives; also the ExpiryQueue's interval", Upstream: "NIOServerCnxnFactory.java sessionlessCnxnTimeout"},
		{Key: "zookeeper.requestTime", Value: surface.Duration(surface.MaxDuration, func(c *Config) *time.Duration { return &c.RequestTime }),
			Doc: "what processing one request costs SyncThread (the model's cost)"},
		{Key: "zookeeper.globalOutstandingLimit", Value: surface.Int(0, 1<<31-1, func(c *Config) *int { return &c.GlobalOutstandingLimit }),
			Doc: "requests in process server-wide before reads are throttled", Upstream: "ZooKeeperServer.java globalOutstandingLimit"},
	},
	Actions: []surface.Action[Config, *Factory]{
		{Form: "connect C [ip=A] [count=N] [every=D]", Doc: "client C connects (count=N: C-1 … C-N, every D apart)", Parse: parseConnect,
			Do: func(f *Factory, at time.Duration, _ string, p any) { _ = f.Connect(at, p.(Connect)) }},
		{Form: "send C [n=N] [cost=D] [id=R]", Doc: "C sends N requests; cost=D: their time in the request-processor chain", Parse: parseSend,
			Do: func(f *Factory, at time.Duration, _ string, p any) { _ = f.Send(at, p.(Send)) }},
		{Form: "close C", Doc: "C closes its connection", Parse: func(_ *Config, a *surface.Args) (any, error) { return clientName(a.Pos[0]) },
			Do: func(f *Factory, at time.Duration, _ string, p any) { _ = f.Close(at, p.(string)) }},
	},
	Paths: Paths,
	Check: CheckPath,
	Get:   (*Factory).Get,
	Start: func(s *sim.Sim, c Config) (*Factory, error) { return New(s, c) },
}

func clientName(tk surface.Token) (string, error) {
	if CheckName(tk.Text) != nil {
		return "", msg.At(tk.Col, "zk.client", tk.Text)
	}
	return tk.Text, nil
}

func parseConnect(_ *Config, a *surface.Args) (any, error) {
	name, err := clientName(a.Pos[0])
	if err != nil {
		return nil, err
	}
	c := NewConnect(name)
	if ip, ok := a.Opt["ip"]; ok {
		if c.IP, err = CheckIP(ip.Text); err != nil {
			return nil, msg.At(ip.Col, "zk.ip", ip.Text)
		}
	}
	if c.Count, err = a.Count("count", MaxCount); err != nil {
		return nil, err
	}
	if c.Every, err = a.Duration("every", c.Every); err != nil {
		return nil, err
	}
	if c.Count > 1 && c.Every > MaxBurstSpan/time.Duration(c.Count-1) {
		return nil, msg.At(max(a.Pos[0].Col, a.Opt["count"].Col, a.Opt["every"].Col), "zk.burst", MaxBurstSpan.Hours())
	}
	return c, nil
}

func parseSend(_ *Config, a *surface.Args) (any, error) {
	name, err := clientName(a.Pos[0])
	if err != nil {
		return nil, err
	}
	s := NewSend(name)
	if s.N, err = a.Count("n", MaxCount); err != nil {
		return nil, err
	}
	if s.Cost, err = a.Duration("cost", s.Cost); err != nil {
		return nil, err
	}
	if id, ok := a.Opt["id"]; ok {
		if CheckName(id.Text) != nil {
			return nil, msg.At(id.Col, "zk.request", id.Text)
		}
		s.ID = id.Text
	}
	return s, nil
}
