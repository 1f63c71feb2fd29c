package sim

// Kill ends every live thread whose name match accepts, where it stands,
// as a process that crashes ends its threads: none of them runs another
// instruction. Their pending wake-ups are dropped, wakes of their waits
// are ignored (a queue hands its items to the next live taker), and each
// emits thread.exit with Note note, in start order. A lock a killed
// thread holds stays held. The running thread is never killed; Kill may
// also be called from the host. It returns how many threads it ended.
func (s *Sim) Kill(note string, match func(name string) bool) int {
	n := 0
	for _, g := range s.threads {
		if g.done || g == s.cur || !match(g.Name) {
			continue
		}
		g.done, g.killed = true, true
		if g.tmoFg {
			g.tmoFg = false
			s.fg--
		}
		// Every other thread is parked on its wake channel (or has not
		// started): hand it the CPU so that its goroutine ends, and take
		// the CPU back when it has.
		g.wake <- struct{}{}
		<-g.exited
		s.Emit(Event{Kind: "thread.exit", Actor: g.Name, Note: note})
		n++
	}
	return n
}
