package zookeeper

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// ZooKeeper 3.5.9 ExpiryQueue.java L56-58: update puts an element in bucket (⌊(now+timeout)/interval⌋+1)·interval,
// strictly after now+timeout, rounded up to the next interval boundary.
func TestExpiryQueueBucket(t *testing.T) {
	tests := []struct {
		interval, now, timeout int64
		want                   int64
	}{
		{10000, 0, 10000, 20000},
		{10000, 5, 10000, 20000},
		{10000, 9999, 10000, 20000},
		{10000, 10000, 10000, 30000}, // on a boundary: strictly after, so the next one
		{10000, 10500, 10000, 30000},
		{10000, 2500, 30000, 40000},
		{2000, 3999, 2000, 6000},
		{2000, 4000, 2000, 8000},
		{1, 7, 3, 11},
	}
	for _, tt := range tests {
		q := NewExpiryQueue[string](tt.interval, 0)
		got := q.Update("c", tt.timeout, tt.now)
		require.Equal(t, tt.want, got, "interval %d now %d timeout %d", tt.interval, tt.now, tt.timeout)
		b, ok := q.ExpiryOf("c")
		require.True(t, ok)
		require.Equal(t, tt.want, b)
	}
}

// ZooKeeper 3.5.9 ExpiryQueue.java L87-120: update removes the element from its old bucket; poll returns
// the bucket at nextExpirationTime once now ≥ it, then advances by one interval.
func TestExpiryQueuePoll(t *testing.T) {
	q := NewExpiryQueue[string](10000, 0)
	require.Equal(t, int64(10000), q.NextExpirationTime(), "the first expiration time is the boundary after creation")
	require.Equal(t, int64(20000), q.Update("idle", 10000, 5))
	require.Equal(t, int64(20000), q.Update("busy", 10000, 3000))
	require.Equal(t, int64(30000), q.Update("busy", 10000, 12000), "a touch after 10 s moves it on")
	require.Equal(t, int64(20000), q.Update("late", 10000, 9999))

	tests := []struct {
		now      int64
		wait     int64
		want     []string
		nextTime int64
	}{
		{9999, 1, nil, 10000},
		{10000, 0, nil, 20000}, // bucket 10000 is empty
		{19999, 1, nil, 20000},
		{20000, 0, []string{"idle", "late"}, 30000},
		{20000, 10000, nil, 30000}, // polled already: the next is 10 s away
		{30000, 0, []string{"busy"}, 40000},
	}
	for _, tt := range tests {
		require.Equal(t, tt.wait, q.GetWaitTime(tt.now), "getWaitTime at %d", tt.now)
		got := q.Poll(tt.now)
		require.ElementsMatch(t, tt.want, got, "poll at %d", tt.now)
		require.Equal(t, tt.nextTime, q.NextExpirationTime(), "after poll at %d", tt.now)
	}
}

func TestExpiryQueueRemove(t *testing.T) {
	q := NewExpiryQueue[string](10000, 0)
	q.Update("a", 10000, 0)
	q.Update("b", 10000, 0)
	q.Update("c", 10000, 0)
	b, ok := q.Remove("a")
	require.True(t, ok)
	require.Equal(t, int64(20000), b)
	_, ok = q.Remove("a")
	require.False(t, ok, "removed twice")
	_, ok = q.ExpiryOf("a")
	require.False(t, ok)
	q.Poll(10000)
	require.ElementsMatch(t, []string{"b", "c"}, q.Poll(20000))
}
