package inspect

import (
	"strconv"
	"strings"

	"brokerlab/ui/kit"
	"brokerlab/ui/model"
)

// Selected describes what is selected on the stage.
func Selected(p Page) (title string, f []Field) {
	m, _, pos := p.Model()
	if m == nil || p.SelKey() == "" {
		return "", nil
	}
	s := p.State()
	kind, name, _ := strings.Cut(p.SelKey(), ":")
	switch kind {
	case "thread":
		t, ok := s.Thread(name)
		if !ok {
			return name, []Field{{K: "status", V: model.NotStarted}}
		}
		f = []Field{{K: "status", V: t.Status}, {K: "since", V: kit.Ms(t.Since)}}
		if t.On != "" {
			f = append(f, Field{K: "on", V: t.On})
		}
		if t.Action != "" {
			f = append(f, Field{K: "last action", V: t.Action})
		}
		if s.Ctl.LockOwner == name {
			f = append(f, Field{K: "holds", V: "putLock"})
		}
		if name == s.Ctl.Taker && s.Ctl.Hand.ID != 0 {
			f = append(f, Field{K: "in hand", V: "#" + strconv.Itoa(s.Ctl.Hand.ID) + " " + s.Ctl.Hand.Item})
		}
		return name, f
	case "queue":
		f = []Field{{K: "size", V: strconv.Itoa(len(s.Ctl.Queue))}}
		for i, t := range s.Ctl.Queue {
			if i == 20 {
				f = append(f, Field{K: "…", V: strconv.Itoa(len(s.Ctl.Queue)-20) + " more"})
				break
			}
			f = append(f, Field{K: "slot " + strconv.Itoa(i+1), V: "#" + strconv.Itoa(t.ID) + " " + t.Item + " (put by " + t.By + " at " + kit.Ms(t.PutAt) + ")"})
		}
		return "ControllerEventManager.queue", f
	case "lock":
		holder := s.Ctl.LockOwner
		if holder == "" {
			holder = "—"
		}
		if p.NoLock() {
			holder = "removed by the what-if: put and clearAndPut no longer exclude each other"
		}
		return "putLock (ReentrantLock)", []Field{{K: "holder", V: holder}}
	case "tok":
		id, _ := strconv.Atoi(name)
		t, where, ok := m.Token(pos, id)
		if !ok {
			return "#" + name, []Field{{K: "where", V: "not put yet"}}
		}
		f = []Field{{K: "event", V: t.Item}, {K: "where", V: where}, {K: "put by", V: t.By}, {K: "put at", V: kit.Ms(t.PutAt)}}
		if t.Wait != 0 || t.Fate != "" {
			f = append(f, Field{K: "queue time", V: kit.Ms(t.Wait)})
		}
		if ans := s.Answer(id); ans != "" {
			f = append(f, Field{K: "callback got", V: ans})
		}
		return "QueuedEvent #" + name, f
	case "conn", "req", "q":
		return netSelected(s.Net, kind, name)
	case "member":
		return memberSelected(s, name)
	case "rec":
		return recSelected(s, name)
	case "broker":
		return brokerSelected(s, name)
	}
	return "", nil
}

// netSelected describes a connection, a request or a queue of a reactor.
func netSelected(n *model.Net, kind, name string) (string, []Field) {
	if n == nil {
		return name, []Field{{K: "where", V: "not there yet"}}
	}
	switch kind {
	case "conn":
		c, ok := n.Conn(name)
		if !ok {
			return name, []Field{{K: "status", V: "not connected yet"}}
		}
		f := []Field{{K: "status", V: c.Status}}
		add := func(k, v string) {
			if v != "" {
				f = append(f, Field{K: k, V: v})
			}
		}
		add("ip", c.IP)
		add("served by", c.Owner)
		add("interest / mute", c.Ops)
		add("reason", c.Reason)
		if c.Bucket > 0 {
			add("expiry bucket", strconv.FormatInt(c.Bucket, 10)+" ms")
		}
		add("requests sent", strconv.Itoa(c.Sent))
		add("responses", strconv.Itoa(c.Done))
		for _, r := range n.Reqs {
			if r.Conn == name {
				add("#"+strconv.Itoa(r.ID)+" "+r.Item, where(r.Loc))
			}
		}
		return "connection " + name, f
	case "req":
		id, _ := strconv.Atoi(name)
		r, ok := n.Req(id)
		if !ok {
			return "request #" + name, []Field{{K: "where", V: "answered, or not sent yet"}}
		}
		return "request #" + name, []Field{{K: "request", V: r.Item}, {K: "connection", V: r.Conn}, {K: "where", V: where(r.Loc)}}
	}
	q := n.Queue(name)
	size := strconv.Itoa(len(q.Toks))
	if q.Cap > 0 {
		size += " of " + strconv.Itoa(q.Cap)
	}
	f := []Field{{K: "size", V: size}}
	for i, t := range q.Toks {
		if i == 20 {
			f = append(f, Field{K: "…", V: strconv.Itoa(len(q.Toks)-20) + " more"})
			break
		}
		f = append(f, Field{K: "slot " + strconv.Itoa(i+1), V: "#" + strconv.Itoa(t.ID) + " " + t.Item})
	}
	return name, f
}

// memberSelected describes a consumer as its client and the coordinator see it.
func memberSelected(s *model.State, name string) (string, []Field) {
	if s.Grp == nil {
		return name, []Field{{K: "status", V: "not started yet"}}
	}
	for _, m := range s.Grp.Members {
		if m.Name != name {
			continue
		}
		member := "no"
		switch {
		case m.In:
			member = "yes, of group " + m.Group
		case m.Pending:
			member = "pending (has a member id, not joined yet)"
		}
		f := []Field{{K: "client state", V: m.Client}, {K: "member", V: member}}
		add := func(k, v string) {
			if v != "" {
				f = append(f, Field{K: k, V: v})
			}
		}
		add("member id", m.ID)
		add("last error", m.Error)
		add("assigned (generation "+m.Gen+")", m.Assigned)
		add("owns", m.Owned)
		if t, ok := s.Grp.Timer("member["+name+"]", "DelayedHeartbeat"); ok {
			add("session expires at", kit.Ms(t.End))
		}
		return "consumer " + name, f
	}
	return name, []Field{{K: "status", V: "not started yet"}}
}

// recSelected describes a record as the listener container saw it.
func recSelected(s *model.State, name string) (string, []Field) {
	part, o, _ := strings.Cut(name, "@")
	off, _ := strconv.Atoi(o)
	if s.Lis != nil {
		for _, p := range s.Lis.Partitions {
			if p.Name != part || off >= len(p.Recs) {
				continue
			}
			r := p.Recs[off]
			fate := "not delivered yet"
			switch {
			case s.Lis.Lost(part, off):
				fate = "lost: committed past, never processed"
			case r.Recovered:
				fate = "recovered: the error handler skipped it"
			case r.Failing:
				fate = "its last delivery failed"
			case r.Done:
				fate = "processed"
			case r.Deliveries > 0:
				fate = "in the listener"
			}
			return "record " + name, []Field{{K: "deliveries", V: strconv.Itoa(r.Deliveries)}, {K: "duplicates", V: strconv.Itoa(r.Dups)}, {K: "fate", V: fate}, {K: "committed offset", V: strconv.Itoa(p.Committed)}}
		}
	}
	return "record " + name, []Field{{K: "fate", V: "not produced yet"}}
}

// brokerSelected describes a broker of the cluster and its replicas.
func brokerSelected(s *model.State, id string) (string, []Field) {
	if s.Clu == nil {
		return "broker-" + id, nil
	}
	b, _ := s.Clu.Broker(id)
	f := []Field{{K: "process", V: b.State}, {K: "ZooKeeper session", V: b.Session}}
	if s.Clu.Controller == id {
		f = append(f, Field{K: "role", V: "active controller"})
	}
	for _, r := range s.Clu.Replicas {
		if r.Broker == id {
			f = append(f, Field{K: r.Part, V: r.Role + ", LEO " + strconv.Itoa(len(r.Log)) + ", HW " + strconv.Itoa(r.HW) + ", fetcher " + r.Fetcher})
		}
	}
	return "broker-" + id, f
}

// where says a request's location in words.
func where(loc string) string {
	switch {
	case loc == "sock":
		return "sent, waiting in the socket to be read"
	case loc == "out":
		return "answered, the response waits in the outgoing buffer"
	case strings.HasPrefix(loc, "q:"):
		return "in queue " + loc[2:]
	case strings.HasPrefix(loc, "t:"):
		return "held by " + loc[2:]
	}
	return loc
}
