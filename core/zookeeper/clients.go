package zookeeper

import (
	"net/netip"
	"strconv"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// Connect is "connect C [ip=A] [count=N] [every=D]": client C opens a
// connection from address A; with count N > 1 it opens C-1 … C-N, one
// after another, every D apart (0: all at once).
type Connect struct {
	Name  string
	IP    string
	Count int
	Every time.Duration
}

// DefaultIP is the client address when a connect names none.
const DefaultIP = "10.0.0.1"

// DefaultEvery spaces a burst's connections: a client that opens them one
// after another waits for each TCP handshake.
const DefaultEvery = time.Millisecond

// MaxCount bounds a burst, and the requests one send puts on the wire.
const MaxCount = 100_000

// MaxBurstSpan bounds the time from a burst's first connection to its last.
const MaxBurstSpan = 1000 * time.Hour

// NewConnect returns "connect name" with the defaults.
func NewConnect(name string) Connect {
	return Connect{Name: name, IP: DefaultIP, Count: 1, Every: DefaultEvery}
}

func (a Connect) String() string {
	s := "connect " + a.Name + " ip=" + a.IP
	if a.Count > 1 {
		s += " count=" + strconv.Itoa(a.Count) + " every=" + sim.FormatDuration(a.Every)
	}
	return s
}

// Send is "send C [n=N] [cost=D] [id=R]": N requests on connection C (on
// every connection of burst C), each costing D to process (Cost < 0: the
// configured requestTime). They are named R (R#1 … R#N when N > 1), or
// C#k by default, k counting the connection's requests from 1.
type Send struct {
	Name string
	N    int
	Cost time.Duration
	ID   string
}

// NewSend returns "send name" with the defaults.
func NewSend(name string) Send { return Send{Name: name, N: 1, Cost: -1} }

func (a Send) String() string {
	s := "send " + a.Name
	if a.N != 1 {
		s += " n=" + strconv.Itoa(a.N)
	}
	if a.Cost >= 0 {
		s += " cost=" + sim.FormatDuration(a.Cost)
	}
	if a.ID != "" {
		s += " id=" + a.ID
	}
	return s
}

// CheckName reports whether s can name a client (and so appear in a path
// as conn[C]): letters, digits, '.', '_' and '-', starting with a letter or digit.
func CheckName(s string) error {
	if s == "" {
		return msg.Of(ErrAction, "zk.name.empty")
	}
	for i, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || (i > 0 && (r == '.' || r == '_' || r == '-'))
		if !ok {
			return msg.Of(ErrAction, "zk.name", s)
		}
	}
	return nil
}

// CheckIP reports whether s is an IP address, and returns its usual form.
func CheckIP(s string) (string, error) {
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" {
		return "", msg.Of(ErrAction, "zk.not.ip", s)
	}
	return a.Unmap().String(), nil
}

func (a Connect) check() error {
	if err := CheckName(a.Name); err != nil {
		return err
	}
	if _, err := CheckIP(a.IP); err != nil {
		return err
	}
	if a.Count < 1 || a.Count > MaxCount || a.Every < 0 {
		return msg.Of(ErrAction, "zk.count", MaxCount)
	}
	if a.Count > 1 && a.Every > MaxBurstSpan/time.Duration(a.Count-1) {
		return msg.Of(ErrAction, "zk.burst", MaxBurstSpan.Hours())
	}
	return nil
}

// Connect schedules a's connections at virtual time at on the clients
// thread. A name still in use (a connection of it is not closed) makes
// the clients refuse the action (sim.Refuse).
func (f *Factory) Connect(at time.Duration, a Connect) error {
	if err := a.check(); err != nil {
		return err
	}
	ip, _ := CheckIP(a.IP)
	f.clients.Post(at, func() {
		names := []string{a.Name}
		if a.Count > 1 {
			names = names[:0]
			for k := 1; k <= a.Count; k++ {
				names = append(names, a.Name+"-"+strconv.Itoa(k))
			}
		}
		if f.inUse(a.Name) || f.anyInUse(names) {
			f.s.Refuse(a.String(), msg.New("zk.name.used", a.Name), "")
			return
		}
		group := make([]*Cnxn, len(names))
		for i, n := range names {
			c := &Cnxn{Name: n, IP: ip, Selector: -1, State: StateNone, seq: len(f.all)}
			f.all = append(f.all, c)
			f.byName[n] = c
			group[i] = c
		}
		f.groups[a.Name] = group
		for i, c := range group {
			if i == 0 {
				f.connect(c, a.String())
				continue
			}
			f.clients.Post(f.s.Now()+time.Duration(i)*a.Every, func() {
				f.connect(c, "connect "+c.Name+" ip="+c.IP)
			})
		}
	})
	return nil
}

// connect opens c: the TCP handshake completes in the kernel and the
// connection waits in the listen backlog until the accept thread accepts it.
func (f *Factory) connect(c *Cnxn, text string) {
	f.action(text)
	c.State, c.tok = StateConnecting, f.s.NextToken()
	f.backlog.Put(c, "")
}

func (f *Factory) action(note string) {
	f.s.Emit(sim.Event{Kind: sim.Action, Note: note})
}

func (f *Factory) inUse(name string) bool {
	for _, c := range f.groups[name] {
		if c.State != StateClosed {
			return true
		}
	}
	return false
}

func (f *Factory) anyInUse(names []string) bool {
	for _, n := range names {
		if c := f.byName[n]; c != nil && c.State != StateClosed {
			return true
		}
	}
	return false
}

// resolve is what C means in send and close: connect C's connections (a
// burst's members) if C was connected, else the connection named C.
func (f *Factory) resolve(name string) []*Cnxn {
	if g, ok := f.groups[name]; ok {
		return g
	}
	if c := f.byName[name]; c != nil {
		return []*Cnxn{c}
	}
	return nil
}

// Send schedules a's requests at virtual time at on the clients thread:
// the bytes reach the connection's socket, where the server reads them
// when its selector reports the connection readable.
func (f *Factory) Send(at time.Duration, a Send) error {
	if err := CheckName(a.Name); err != nil {
		return err
	}
	if a.ID != "" {
		if err := CheckName(a.ID); err != nil {
			return err
		}
	}
	if a.N < 1 || a.N > MaxCount {
		return msg.Of(ErrAction, "zk.n", MaxCount)
	}
	f.clients.Post(at, func() {
		targets := f.live(a.Name)
		if len(targets) == 0 {
			f.s.Refuse(a.String(), msg.New("zk.no.conn", a.Name), "")
			return
		}
		if len(targets)*a.N > MaxCount {
			f.s.Refuse(a.String(), msg.New("zk.requests", len(targets)*a.N, MaxCount), "")
			return
		}
		f.action(a.String())
		cost := a.Cost
		if cost < 0 {
			cost = f.cfg.RequestTime
		}
		for _, c := range targets {
			for k := 1; k <= a.N; k++ {
				c.sent++
				label := c.Name + "#" + strconv.Itoa(c.sent)
				switch {
				case a.ID != "" && a.N == 1:
					label = a.ID
				case a.ID != "":
					label = a.ID + "#" + strconv.Itoa(k)
				}
				r := &Request{ID: f.s.NextToken(), Label: label, Seq: c.sent, Cost: cost}
				f.s.Emit(sim.Event{Kind: sim.ClientSend, Subj: c.Name, ID: r.ID, Item: r.Label})
				c.in = append(c.in, r)
			}
			f.maybeReady(c, "")
		}
	})
	return nil
}

// live is the connections of name that a client can still write to.
func (f *Factory) live(name string) []*Cnxn {
	var out []*Cnxn
	for _, c := range f.resolve(name) {
		if c.State != StateClosed && c.State != StateNone && !c.clientGone {
			out = append(out, c)
		}
	}
	return out
}

// Close schedules "close C" at virtual time at: the client closes its
// socket; the server sees end of stream when it next reads, after any
// requests still unread, and closes its side (EndOfStreamException).
func (f *Factory) Close(at time.Duration, name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	f.clients.Post(at, func() {
		targets := f.live(name)
		if len(targets) == 0 {
			f.s.Refuse("close "+name, msg.New("zk.no.conn", name), "")
			return
		}
		f.action("close " + name)
		for _, c := range targets {
			c.clientGone = true
			c.in = append(c.in, &Request{eof: true})
			f.maybeReady(c, "")
		}
	})
	return nil
}

// Connections lists every connection ever opened, in creation order.
func (f *Factory) Connections() []*Cnxn { return append([]*Cnxn(nil), f.all...) }

// Conn returns the latest connection named name, or nil.
func (f *Factory) Conn(name string) *Cnxn { return f.byName[name] }
