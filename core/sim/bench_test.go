package sim

import (
	"testing"
	"time"
)

// BenchmarkKernelPingPong passes a token between two simulated threads over
// two kernel queues; events/s counts trace events (4 per round trip).
func BenchmarkKernelPingPong(b *testing.B) { benchPingPong(b, false) }

// BenchmarkKernelPingPongTraced is the same with the trace kept, as the UI does.
func BenchmarkKernelPingPongTraced(b *testing.B) { benchPingPong(b, true) }

func benchPingPong(b *testing.B, keep bool) {
	s := New(1, keep)
	defer s.Close()
	pingPong(s, b.N)
	b.ResetTimer()
	if err := s.Run(time.Duration(1<<62), true, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(s.Events())/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkBarePingPong is the floor: two goroutines and unbuffered channels,
// one round trip per iteration (two switches, like the kernel's four events).
func BenchmarkBarePingPong(b *testing.B) {
	a, c := make(chan int), make(chan int)
	go func() {
		for x := range a {
			c <- x
		}
	}()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a <- i
		<-c
	}
	close(a)
	b.ReportMetric(float64(2*b.N)/b.Elapsed().Seconds(), "switches/s")
}
