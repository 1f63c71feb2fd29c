package cluster

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// Kafka 2.5's config/zookeeper.properties (L16-23) leaves tickTime unset,
// so it is 3000 ms; sessions are negotiated within [6 s, 60 s] (ZooKeeper
// 3.5.9 ZooKeeperServer.java L100, L951-963); the ExpiryQueue expires a
// session at the first tick boundary strictly after its last touch plus
// the timeout (ExpiryQueue.java L56-58: last heard at 1 s → 21 s,
// at 3 s → 24 s); an idle client pings every readTimeout/2 (6 s of 18 s).
func TestSessionsExpireOnThreeSecondTicks(t *testing.T) {
	s := sim.New(1, true)
	t.Cleanup(s.Close)
	zk := newZooKeeper(s)
	zk.tracker = s.NewWorker("zookeeper/SessionTracker", "zookeeper/SessionTracker.sessionsWithTimeout")
	c := &zkClient{zk: zk, broker: 1}

	require.Equal(t, 6*time.Second, zk.openSession(c, 4*time.Second).Timeout)
	require.Equal(t, 60*time.Second, zk.openSession(c, 90*time.Second).Timeout)
	require.Equal(t, 18*time.Second, zk.openSession(c, 18*time.Second).Timeout)
	require.Equal(t, 6*time.Second, pingInterval(18*time.Second))
	require.Equal(t, 2*time.Second, pingInterval(6*time.Second))

	cases := []struct{ lastOp, kill, want time.Duration }{
		{1 * time.Second, 5 * time.Second, 21 * time.Second},          // heard at 1 s
		{3 * time.Second, 8 * time.Second, 24 * time.Second},          // heard at 3 s: 21 s is not strictly after
		{1 * time.Second, 13500 * time.Millisecond, 33 * time.Second}, // pings at 7 s and 13 s
	}
	op := s.NewWorker("test/main", "test/main.queue")
	for _, tc := range cases {
		sess := &Session{Broker: 1, Timeout: 18 * time.Second, State: SessionConnected, lastOp: tc.lastOp}
		op.Post(tc.kill, func() { zk.disconnect(sess) })
		require.NoError(t, s.Run(tc.kill, false, func() bool { return sess.State != SessionConnected }))
		require.Equal(t, tc.want, sess.Deadline, "last op %v, killed at %v", tc.lastOp, tc.kill)
	}
}
