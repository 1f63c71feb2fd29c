package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

func init() {
	register("socketserver", func() system { return &socketServerSystem{cfg: socketserver.DefaultConfig(), cores: 8} })
}

// socketServerSystem is `use socketserver`: one broker's SocketServer and
// request handlers, with client machines that connect and send requests.
//
// Settings: cores (accepted, unused: the thread counts are the broker's own
// settings), num.network.threads, num.io.threads, queued.max.requests,
// control.plane.listener.name, socketserver.apiTime D (every API),
// socketserver.apiTime.API D, and the what-if socketserver.mute false.
//
// Actions, all run on the clients thread:
//
//	connect C [listener=L | from=controller] [count=N]
//	send C API [id=R] [n=N] [cost=D]
//	close C
//
// count=N opens C-1 … C-N; a send or close to C then addresses all of them
// (a flood in one line), id=R naming the request on C-i R-i. listener=L is
// checked for its form only: a name the broker has no listener for (the
// control plane may be switched off by a what-if) is refused when the
// client connects. from=controller connects as ControllerChannelManager
// does: to the control plane if there is one, else to PLAINTEXT. n=N
// writes N requests at once (C#k, k counting C's requests from 1); cost=D
// replaces the API's time for them.
type socketServerSystem struct {
	cfg   socketserver.Config
	cores int // accepted for every system; the socket server's thread counts are its own settings
}

const socketServerSettings = "cores, num.network.threads, num.io.threads, queued.max.requests, control.plane.listener.name, socketserver.apiTime, socketserver.apiTime.API, socketserver.mute"

func (c *socketServerSystem) set(key, val string) error {
	apiTime := func() (time.Duration, error) {
		d, err := ParseDuration(val)
		if err != nil {
			return 0, err
		}
		if d > socketserver.MaxAPITime {
			return 0, fmt.Errorf("%s: at most %s, got %s", key, sim.FormatDuration(socketserver.MaxAPITime), val)
		}
		return d, nil
	}
	var err error
	switch {
	case key == "cores":
		c.cores, err = setCores(val)
	case key == "num.network.threads":
		c.cfg.NumNetworkThreads, err = intSetting(key, val, 1, socketserver.MaxThreads)
	case key == "num.io.threads":
		c.cfg.NumIoThreads, err = intSetting(key, val, 1, socketserver.MaxThreads)
	case key == "queued.max.requests":
		c.cfg.QueuedMaxRequests, err = intSetting(key, val, 1, socketserver.MaxQueue)
	case key == "control.plane.listener.name":
		if err := socketserver.CheckListenerName(val); err != nil {
			return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "socketserver: bad setting: "))
		}
		c.cfg.ControlPlane = val
	case key == "socketserver.apiTime":
		c.cfg.APITime, err = apiTime()
	case strings.HasPrefix(key, "socketserver.apiTime."):
		api := strings.TrimPrefix(key, "socketserver.apiTime.")
		if err := socketserver.CheckAPI(api); err != nil {
			return keyError{fmt.Errorf("%s: %s", key, strings.TrimPrefix(err.Error(), "socketserver: "))}
		}
		d, err := apiTime()
		if err != nil {
			return err
		}
		m := map[string]time.Duration{}
		for _, a := range socketserver.APIs { // copy: each run starts from its own config
			if v, ok := c.cfg.APITimes[a]; ok {
				m[a] = v
			}
		}
		m[api] = d
		c.cfg.APITimes = m
	case key == "socketserver.mute":
		b, perr := strconv.ParseBool(val)
		if perr != nil {
			return fmt.Errorf("socketserver.mute: expected true or false, got %q", val)
		}
		c.cfg.Mute = b
	default:
		return keyError{fmt.Errorf("unknown setting %q for socketserver (%s)", key, socketServerSettings)}
	}
	return err
}

func nameErr(tk token, what string) *actionErr {
	if err := socketserver.CheckName(what, tk.text); err != nil || tk.quoted {
		msg := fmt.Sprintf("expected a %s name, got a string", what)
		if err != nil {
			msg = strings.TrimPrefix(err.Error(), "socketserver: bad name: ")
		}
		return oldErr(tk.col, msg)
	}
	return nil
}

func (c *socketServerSystem) action(t []token) (*Action, *actionErr) {
	text := joinTokens(t)
	switch t[0].text {
	case "connect":
		if len(t) < 2 {
			return nil, oldErr(t[0].end, "expected connect C [listener=L | from=controller] [count=N]")
		}
		if e := nameErr(t[1], "connection"); e != nil {
			return nil, e
		}
		f, e := options("connect", []string{"listener", "from", "count"}, t[2:])
		if e != nil {
			return nil, e
		}
		conn := socketserver.Connect{Name: t[1].text}
		if l, ok := f["listener"]; ok {
			if err := socketserver.CheckListenerName(l.text); err != nil && l.text != socketserver.DataPlaneListener {
				return nil, oldErr(l.col, fmt.Sprintf("listener: expected a listener name such as PLAINTEXT or CONTROLLER, got %q", l.text))
			}
			conn.Listener = l.text
		}
		if fr, ok := f["from"]; ok {
			if fr.text != "controller" {
				return nil, oldErr(fr.col, fmt.Sprintf("from: expected controller, got %q", fr.text))
			}
			if l, ok := f["listener"]; ok {
				return nil, oldErr(max(l.col, fr.col), "give listener= or from=controller, not both: the controller picks its listener itself")
			}
			conn.FromController = true
		}
		if conn.Count, e = f.count("count", socketserver.MaxBurst); e != nil {
			return nil, e
		}
		return &Action{Text: text, Verb: "connect", Payload: conn}, nil
	case "send":
		if len(t) < 3 {
			return nil, oldErr(t[len(t)-1].end, "expected send C API [id=R] [n=N] [cost=D]")
		}
		if e := nameErr(t[1], "connection"); e != nil {
			return nil, e
		}
		if err := socketserver.CheckAPI(t[2].text); err != nil || t[2].quoted {
			return nil, oldErr(t[2].col, strings.TrimPrefix(fmt.Sprint(err), "socketserver: "))
		}
		f, e := options("send", []string{"id", "n", "cost"}, t[3:])
		if e != nil {
			return nil, e
		}
		sd := socketserver.Send{Conn: t[1].text, API: t[2].text, Cost: -1}
		if sd.N, e = f.count("n", socketserver.MaxSend); e != nil {
			return nil, e
		}
		if id, ok := f["id"]; ok {
			if e := nameErr(id, "request"); e != nil {
				return nil, e
			}
			if sd.N > 1 {
				return nil, oldErr(id.col, "id= names one request: leave it out with n= (the requests are then C#k)")
			}
			sd.ID = id.text
		}
		if cost, ok := f["cost"]; ok {
			d, err := ParseDuration(cost.text)
			if err == nil && d > socketserver.MaxAPITime {
				err = fmt.Errorf("cost: at most %s, got %s", sim.FormatDuration(socketserver.MaxAPITime), cost.text)
			}
			if err != nil {
				return nil, oldErr(cost.col, err.Error())
			}
			sd.Cost = d
		}
		return &Action{Text: text, Verb: "send", Payload: sd}, nil
	case "close":
		if len(t) != 2 {
			col := t[0].end
			if len(t) > 2 {
				col = t[2].col
			}
			return nil, oldErr(col, "expected close C")
		}
		if e := nameErr(t[1], "connection"); e != nil {
			return nil, e
		}
		return &Action{Text: text, Verb: "close", Payload: t[1].text}, nil
	}
	return nil, oldErr(t[0].col, fmt.Sprintf("expected a socketserver action (connect C, send C API, close C), got %q", t[0].text))
}

func (c *socketServerSystem) checkPath(path string) error {
	if err := socketserver.CheckPath(path); err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "socketserver: "))
	}
	return nil
}

func (c *socketServerSystem) start(s *sim.Sim) (instance, error) {
	srv, err := socketserver.New(s, c.cfg)
	if err != nil {
		return nil, err
	}
	return socketServerInstance{srv}, nil
}

type socketServerInstance struct{ srv *socketserver.Server }

func (i socketServerInstance) do(at time.Duration, a *Action) {
	switch a.Verb {
	case "connect":
		i.srv.Connect(at, a.Payload.(socketserver.Connect))
	case "send":
		i.srv.Send(at, a.Payload.(socketserver.Send))
	case "close":
		i.srv.Close(at, a.Payload.(string))
	}
}

func (i socketServerInstance) get(path string) (string, error) { return i.srv.Get(path) }
