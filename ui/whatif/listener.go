package whatif

import (
	"strings"

	"brokerlab/ui/kit"
)

// Listener is the listener container's section: replay with another ack
// mode, error handler or acknowledgement point; crash the container or one
// consumer; make a record fail.
type Listener struct {
	P Page
	// The inputs, "" until the user types.
	Client, Rec string
}

// AckModes are Spring-Kafka 2.5's AckMode values, the default first.
var AckModes = []string{"BATCH", "RECORD", "TIME", "COUNT", "COUNT_TIME", "MANUAL", "MANUAL_IMMEDIATE"}

// Clients are the run's ListenerConsumers' client ids.
func (c *Listener) Clients() []string {
	var out []string
	if l := c.P.End().Lis; l != nil {
		for _, lc := range l.Consumers {
			out = append(out, lc.Client)
		}
	}
	return out
}

func (c *Listener) client() string { return kit.Or(c.Client, first(c.Clients())) }

// rec is the record to fail: the one selected on the stage, else typed.
func (c *Listener) rec() string {
	if r := selected(c.P, "rec"); r != "" {
		return r
	}
	return kit.Or(c.Rec, "t0-0@1")
}

// Fail makes record rec (P@OFFSET) fail on every delivery.
func (c *Listener) Fail(rec string) {
	c.P.Inject("fail " + strings.TrimSpace(rec) + " always")
}

// choose sets key to the picked value, dropped when it is the default def.
func (c *Listener) choose(key, v, def string) { set(c.P, key, ifNot(v, def)) }

// chosen is key's value: the what-if's, the scenario's, or def.
func (c *Listener) chosen(key, def string) string { return orScenario(c.P, key, def) }
