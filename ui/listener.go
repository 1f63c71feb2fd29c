package ui

import "strings"

// The listener container's what-ifs: replay with another ack mode, error
// handler or acknowledgement point; crash the container or one consumer;
// make a record fail; produce more records.

// AckModes are Spring-Kafka 2.5's AckMode values, the default first.
var AckModes = []string{"BATCH", "RECORD", "TIME", "COUNT", "COUNT_TIME", "MANUAL", "MANUAL_IMMEDIATE"}

// ListenerClients are the run's ListenerConsumers' client ids.
func (a *App) ListenerClients() []string {
	var out []string
	if c := a.End().Lis; c != nil {
		for _, lc := range c.Consumers {
			out = append(out, lc.Client)
		}
	}
	return out
}

// FailRecord makes record rec (P@OFFSET) fail on every delivery.
func (a *App) FailRecord(rec string, always bool) {
	rec = strings.TrimSpace(rec)
	act := "fail " + rec
	if always {
		act += " always"
	}
	a.Inject(act)
}

// MoreRecords appends records A..B to partition p.
func (a *App) MoreRecords(p, from, to string) {
	a.Inject("records " + strings.TrimSpace(p) + " offsets=" + strings.TrimSpace(from) + ".." + strings.TrimSpace(to))
}
