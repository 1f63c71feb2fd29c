package zookeeper

// ExpiryQueue is upstream's ExpiryQueue: elements in fixed-width time
// buckets, expired a whole bucket at a time. Times are milliseconds of
// virtual time, passed in where upstream reads Time.currentElapsedTime().
type ExpiryQueue[E comparable] struct {
	interval int64
	next     int64             // nextExpirationTime
	elems    map[E]int64       // elemMap: element → its bucket
	buckets  map[int64]*set[E] // expiryMap: bucket → elements
}

// set is a ConcurrentHashSet reduced to what the queue needs, without map
// iteration: removal swaps the last element into the hole.
type set[E comparable] struct {
	items []E
	index map[E]int
}

func (s *set[E]) add(e E) {
	if _, ok := s.index[e]; ok {
		return
	}
	s.index[e] = len(s.items)
	s.items = append(s.items, e)
}

func (s *set[E]) remove(e E) {
	i, ok := s.index[e]
	if !ok {
		return
	}
	last := len(s.items) - 1
	s.items[i] = s.items[last]
	s.index[s.items[i]] = i
	s.items = s.items[:last]
	delete(s.index, e)
}

// NewExpiryQueue returns a queue whose buckets are interval ms wide,
// created at time now (ms): its first expiration time is the next
// interval boundary after now.
func NewExpiryQueue[E comparable](interval, now int64) *ExpiryQueue[E] {
	q := &ExpiryQueue[E]{interval: interval, elems: map[E]int64{}, buckets: map[int64]*set[E]{}}
	q.next = q.roundToNextInterval(now)
	return q
}

// roundToNextInterval is strictly after t, on an interval boundary.
func (q *ExpiryQueue[E]) roundToNextInterval(t int64) int64 {
	return (t/q.interval + 1) * q.interval
}

// Update puts e in the bucket (⌊(now+timeout)/interval⌋+1)·interval,
// removing it from its old bucket, and returns the bucket.
func (q *ExpiryQueue[E]) Update(e E, timeout, now int64) int64 {
	b := q.roundToNextInterval(now + timeout)
	prev, had := q.elems[e]
	if had && prev == b {
		return b
	}
	s := q.buckets[b]
	if s == nil {
		s = &set[E]{index: map[E]int{}}
		q.buckets[b] = s
	}
	s.add(e)
	q.elems[e] = b
	if had {
		if old := q.buckets[prev]; old != nil {
			old.remove(e)
		}
	}
	return b
}

// Remove takes e out of the queue; ok is false if it was not in it.
func (q *ExpiryQueue[E]) Remove(e E) (bucket int64, ok bool) {
	b, ok := q.elems[e]
	if !ok {
		return 0, false
	}
	delete(q.elems, e)
	if s := q.buckets[b]; s != nil {
		s.remove(e)
	}
	return b, true
}

// ExpiryOf is the bucket e is in; ok is false if it is not in the queue.
func (q *ExpiryQueue[E]) ExpiryOf(e E) (bucket int64, ok bool) {
	b, ok := q.elems[e]
	return b, ok
}

// NextExpirationTime is when the next bucket comes up (ms).
func (q *ExpiryQueue[E]) NextExpirationTime() int64 { return q.next }

// GetWaitTime is how long until the next expiration time, 0 if it has passed.
func (q *ExpiryQueue[E]) GetWaitTime(now int64) int64 {
	if now < q.next {
		return q.next - now
	}
	return 0
}

// Poll returns and removes the bucket at nextExpirationTime once now has
// reached it, and advances nextExpirationTime by one interval; before
// then it returns nothing. The elements come in no particular order and
// stay known to ExpiryOf until removed, as upstream's elemMap keeps them
// until the expirer's close() calls remove.
func (q *ExpiryQueue[E]) Poll(now int64) []E {
	if now < q.next {
		return nil
	}
	t := q.next
	q.next += q.interval
	s := q.buckets[t]
	if s == nil {
		return nil
	}
	delete(q.buckets, t)
	return s.items
}
