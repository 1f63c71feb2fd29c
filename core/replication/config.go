package replication

import (
	"errors"
	"time"

	"brokerlab/core/msg"
)

// Errors for configurations and names a scenario gets wrong.
var (
	ErrConfig = errors.New("replication: bad setting")
	ErrName   = errors.New("replication: bad name")
)

// Kafka error codes (Errors.java of Kafka 2.5) as the trace and the paths
// write them.
const (
	None                         = "NONE"
	OffsetOutOfRange             = "OFFSET_OUT_OF_RANGE"              // 1
	UnknownTopicOrPartition      = "UNKNOWN_TOPIC_OR_PARTITION"       // 3
	LeaderNotAvailable           = "LEADER_NOT_AVAILABLE"             // 5
	NotLeaderForPartition        = "NOT_LEADER_FOR_PARTITION"         // 6; NOT_LEADER_OR_FOLLOWER from 2.6.0 (KAFKA-10223)
	RequestTimedOut              = "REQUEST_TIMED_OUT"                // 7
	NetworkException             = "NETWORK_EXCEPTION"                // 13: the client's connection broke
	NotEnoughReplicas            = "NOT_ENOUGH_REPLICAS"              // 19
	NotEnoughReplicasAfterAppend = "NOT_ENOUGH_REPLICAS_AFTER_APPEND" // 20
	InvalidRequiredAcks          = "INVALID_REQUIRED_ACKS"            // 21
	StaleControllerEpoch         = "STALE_CONTROLLER_EPOCH"           // 11
	OutOfOrderSequenceNumber     = "OUT_OF_ORDER_SEQUENCE_NUMBER"     // 45
	InvalidProducerEpoch         = "INVALID_PRODUCER_EPOCH"           // 47
	FencedLeaderEpoch            = "FENCED_LEADER_EPOCH"              // 74
	UnknownLeaderEpoch           = "UNKNOWN_LEADER_EPOCH"             // 75
	KafkaStorageError            = "KAFKA_STORAGE_ERROR"              // 56, unused: no disk failures
	ConnectionRefused            = "CONNECTION_REFUSED"               // client side: no broker listens there
	DeliveryTimeout              = "TIMEOUT"                          // client side: delivery.timeout.ms passed (TimeoutException)
	Pending                      = "pending"                          // no answer yet
)

// ErrorCodes maps the error names above to their codes in Errors.java.
var ErrorCodes = map[string]int{
	None: 0, OffsetOutOfRange: 1, UnknownTopicOrPartition: 3, LeaderNotAvailable: 5, NotLeaderForPartition: 6,
	RequestTimedOut: 7, StaleControllerEpoch: 11, NetworkException: 13, NotEnoughReplicas: 19,
	NotEnoughReplicasAfterAppend: 20, InvalidRequiredAcks: 21, OutOfOrderSequenceNumber: 45, InvalidProducerEpoch: 47,
	FencedLeaderEpoch: 74, UnknownLeaderEpoch: 75,
}

// RecordBytes is the size every record counts for fetch.min.bytes: the
// model's records carry no payload.
const RecordBytes = 100

// Config is one broker's replication settings, with Kafka 2.5's names and
// defaults (KafkaConfig.scala).
type Config struct {
	ReplicaLagTimeMax    time.Duration // replica.lag.time.max.ms (30000)
	ReplicaFetchWaitMax  time.Duration // replica.fetch.wait.max.ms (500)
	ReplicaFetchMinBytes int           // replica.fetch.min.bytes (1)
	ReplicaFetchBackoff  time.Duration // replica.fetch.backoff.ms (1000)
	ReplicaSocketTimeout time.Duration // replica.socket.timeout.ms (30000)
	MinInsyncReplicas    int           // min.insync.replicas (1)

	// APITimes is how long a request handler works on a request, by
	// ApiKeys name; APITime for the others. The socket server's
	// socketserver.apiTime settings feed both.
	APITime  time.Duration
	APITimes map[string]time.Duration // looked up, never iterated
}

// DefaultConfig is Kafka 2.5's broker.
func DefaultConfig() Config {
	return Config{
		ReplicaLagTimeMax:    30 * time.Second,
		ReplicaFetchWaitMax:  500 * time.Millisecond,
		ReplicaFetchMinBytes: 1,
		ReplicaFetchBackoff:  time.Second,
		ReplicaSocketTimeout: 30 * time.Second,
		MinInsyncReplicas:    1,
		APITime:              time.Millisecond,
		APITimes:             map[string]time.Duration{},
	}
}

// Playground bounds, not upstream's: they keep a typo from freezing a run.
const (
	MaxDuration = time.Hour
	MaxMinBytes = 1 << 30
	MaxReplicas = 100
)

// Validate checks the settings.
func (c Config) Validate() error {
	for _, d := range []struct {
		name string
		v    time.Duration
		min  time.Duration
	}{
		{"replica.lag.time.max.ms", c.ReplicaLagTimeMax, time.Millisecond},
		{"replica.fetch.wait.max.ms", c.ReplicaFetchWaitMax, 0},
		{"replica.fetch.backoff.ms", c.ReplicaFetchBackoff, 0},
		{"replica.socket.timeout.ms", c.ReplicaSocketTimeout, time.Millisecond},
	} {
		if d.v < d.min || d.v > MaxDuration {
			return msg.Of(ErrConfig, "rp.duration", d.name, d.min.Milliseconds(), MaxDuration.Milliseconds(), d.v.Milliseconds())
		}
	}
	if c.ReplicaFetchMinBytes < 1 || c.ReplicaFetchMinBytes > MaxMinBytes {
		return msg.Of(ErrConfig, "rp.fetch.min.bytes", MaxMinBytes, c.ReplicaFetchMinBytes)
	}
	if c.MinInsyncReplicas < 1 || c.MinInsyncReplicas > MaxReplicas {
		return msg.Of(ErrConfig, "rp.min.isr", MaxReplicas, c.MinInsyncReplicas)
	}
	if c.ReplicaFetchWaitMax > c.ReplicaSocketTimeout {
		// KafkaConfig's own rule: a fetch must not outwait its socket.
		return msg.Of(ErrConfig, "rp.socket.timeout")
	}
	return nil
}

// TimeOf is how long a request handler works on a request of api.
func (c Config) TimeOf(api string) time.Duration {
	if d, ok := c.APITimes[api]; ok {
		return d
	}
	return c.APITime
}
