package zookeeper

import (
	"testing"
	"time"

	"brokerlab/core/sim"
)

// BenchmarkFactory10kConnections100kRequests: 10,000 clients connect (one
// IP each would be the same: the limit is off), then each sends 10
// requests; the default 8-core factory (2 selectors, 16 workers) serves
// them. The trace is counted, not kept, as in the UI's branch runs.
func BenchmarkFactory10kConnections100kRequests(b *testing.B) {
	events := 0
	for b.Loop() {
		s := sim.New(1, false)
		cfg := DefaultConfig()
		cfg.MaxClientCnxns = 0
		cfg.RequestTime = 50 * time.Microsecond
		f, err := New(s, cfg)
		if err != nil {
			b.Fatal(err)
		}
		if err := f.Connect(0, Connect{Name: "c", IP: DefaultIP, Count: 10_000, Every: 10 * time.Microsecond}); err != nil {
			b.Fatal(err)
		}
		if err := f.Send(200*time.Millisecond, Send{Name: "c", N: 10, Cost: -1}); err != nil {
			b.Fatal(err)
		}
		if err := s.Run(time.Hour, true, nil); err != nil {
			b.Fatal(err)
		}
		answered := 0
		for _, c := range f.Connections() {
			answered += len(c.Responses)
		}
		if answered != 100_000 || len(f.Violations) > 0 {
			b.Fatalf("answered %d of 100000 requests, %d violations", answered, len(f.Violations))
		}
		events += s.Events()
		s.Close()
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(events)/float64(b.N), "events/run")
}
