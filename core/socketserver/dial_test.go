package socketserver

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// bodyApis answers each request with its body doubled; a body of 0 parks it.
type bodyApis struct{ parked []*Request }

func (a *bodyApis) Handle(req *Request) (time.Duration, *Response) {
	if req.Body.(int) == 0 {
		a.parked = append(a.parked, req)
		return time.Millisecond, nil
	}
	return time.Millisecond, &Response{Request: req, Body: 2 * req.Body.(int)}
}

// A client thread dials, pipelines requests with bodies and receives the
// responses in order through its notify path; the broker's names carry
// its host; killing the server breaks the connection and refuses dials.
func TestDialledClientReceivesResponsesAndSeesTheKill(t *testing.T) {
	apis := &bodyApis{}
	r := newRig(t, 3, config(func(c *Config) {
		c.Host, c.Clients, c.Apis, c.NumIoThreads, c.NumNetworkThreads = "broker-1", false, apis, 2, 1
	}))
	var got []string
	var dialErr error
	r.s.Go("client", func() {
		inbox := sim.NewQueue(r.s, "client.inbox", 0, func(x *Response) (int, string) { return 0, "" })
		c, err := r.srv.Dial("client@broker-1", "10.0.0.9", func(resp *Response) { inbox.Put(resp, "") })
		require.NoError(t, err)
		for _, b := range []int{1, 2, 0} {
			_, err := c.Send("Fetch", "f"+string(rune('0'+b)), b)
			require.NoError(t, err)
		}
		for range 3 {
			resp := inbox.Take("")
			if resp == nil {
				got = append(got, "broken")
				break
			}
			got = append(got, resp.Request.Name+"="+string(rune('0'+resp.Body.(int))))
		}
		_, dialErr = r.srv.Dial("again", "10.0.0.9", nil)
	})
	r.s.Go("killer", func() {
		r.s.Sleep(time.Second, "")
		r.s.Kill("killed", func(n string) bool { return strings.HasPrefix(n, "broker-1/") })
		r.srv.Kill()
	})
	r.runIdle(t)
	require.Equal(t, []string{"f1=2", "f2=4", "broken"}, got)
	require.ErrorIs(t, dialErr, ErrRefused)
	require.Len(t, apis.parked, 1)
	for _, e := range r.s.Trace() {
		if e.Actor != "client" && e.Actor != "killer" {
			require.True(t, strings.HasPrefix(e.Actor, "broker-1/"), e.Actor)
		}
		if strings.HasPrefix(string(e.Kind), "queue.") && e.Subj != "client.inbox" {
			require.True(t, strings.HasPrefix(e.Subj, "broker-1/"), e.Subj)
		}
	}
}
