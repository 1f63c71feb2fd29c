package sim

// Kill ends every live thread whose name match accepts, where it stands,
// as a process that crashes ends its threads: none of them runs another
// instruction. Their pending wake-ups are dropped, wakes of their waits
// are ignored (a queue hands its items to the next live taker), and each
// emits thread.exit with Note note, in start order. The locks a killed
// thread holds die with it, as a crashed JVM's do: each is released
// (lock.release, Note "holder killed") and goes to its next live waiter.
// The running thread is never killed; Kill may also be called from the
// host. It returns how many threads it ended.
func (s *Sim) Kill(note string, match func(name string) bool) int {
	return s.kill(Event{Kind: ThreadExit, Note: note}, match)
}

// Killf is Kill with the note format worded with args (Event.Notef).
func (s *Sim) Killf(match func(name string) bool, format string, args ...any) int {
	return s.kill(Event{Kind: ThreadExit}.Notef(format, args...), match)
}

// kill ends the threads match accepts; each emits exit, its actor set,
// as its thread.exit.
func (s *Sim) kill(exit Event, match func(name string) bool) int {
	// Mark them all first, so that a lock a killed thread releases never
	// passes through another thread of the same crash.
	var dead []*G
	for _, g := range s.threads {
		if g.done || g == s.cur || !match(g.Name) {
			continue
		}
		g.done, g.killed = true, true
		if g.tmoFg {
			g.tmoFg = false
			s.fg--
		}
		dead = append(dead, g)
	}
	for _, g := range dead {
		// Every other thread is parked on its wake channel (or has not
		// started): hand it the CPU so that its goroutine ends, and take
		// the CPU back when it has.
		s.unwind(g)
		exit.Actor = g.Name
		s.Emit(exit)
		for len(g.locks) > 0 {
			g.locks[0].release(g, "holder killed", "")
		}
	}
	return len(dead)
}

// unwind ends g's goroutine where it is parked. Its deferred calls still
// run (Go runs them on Goexit), but a killed thread runs no instruction
// of the simulation: while it unwinds, Emit drops what it emits and any
// primitive it enters (self) ends it at once, so a deferred Unlock neither
// panics nor waits for a CPU nobody will hand it.
func (s *Sim) unwind(g *G) {
	s.dying = g
	g.wake <- struct{}{}
	<-g.exited
	s.dying = nil
}
