package socketserver

import (
	"testing"
	"time"

	"brokerlab/core/sim"
)

// BenchmarkPipeline runs 10,000 connections that each send 10 Produce
// requests (100,000 in all) through the default pipeline, with and without
// keeping the trace; events/s is what the kernel and the model sustain.
func BenchmarkPipeline(b *testing.B) {
	for _, keep := range []bool{false, true} {
		name := "discard"
		if keep {
			name = "trace"
		}
		b.Run(name, func(b *testing.B) {
			events := 0
			for b.Loop() {
				s := sim.New(1, keep)
				srv, err := New(s, DefaultConfig())
				if err != nil {
					b.Fatal(err)
				}
				srv.Connect(0, Connect{Name: "c", Count: 10_000})
				for i := range 10 {
					srv.Send(time.Duration(10+5*i)*time.Millisecond, Send{Conn: "c", API: "Produce", N: 1, Cost: -1})
				}
				if err := s.Run(time.Hour, true, nil); err != nil {
					b.Fatal(err)
				}
				if srv.Responded != 100_000 || len(srv.Violations) != 0 {
					b.Fatalf("got %d responses and %d violations, want 100000 and 0", srv.Responded, len(srv.Violations))
				}
				events += s.Events()
				s.Close()
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
			b.ReportMetric(float64(events)/float64(b.N), "events/run")
		})
	}
}
