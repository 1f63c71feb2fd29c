package group

import (
	"math"
	"time"

	"brokerlab/core/msg"
)

// Config sets up the broker side of a scenario: the GroupCoordinator of
// one broker, its request handlers, and the defaults its consumers start with.
type Config struct {
	BrokerID       int           // broker.id: names the purgatory threads (1)
	Host           string        // in a cluster "broker-N", the prefix of the coordinator's threads; "" alone
	NumIOThreads   int           // num.io.threads: request handler threads (8)
	NetworkLatency time.Duration // one way, client to broker and back (1ms)

	InitialRebalanceDelay time.Duration // group.initial.rebalance.delay.ms (3000)
	MinSessionTimeout     time.Duration // group.min.session.timeout.ms (6000)
	MaxSessionTimeout     time.Duration // group.max.session.timeout.ms (1800000)
	MaxSize               int           // group.max.size (Int.MaxValue)

	Consumer ConsumerConfig // what a consumer gets unless its join says otherwise
	Clients  ClientOptions  // a cluster consumer's fetching and committing (fetch.go)
}

// ConsumerConfig is the part of ConsumerConfig the group protocol reads.
type ConsumerConfig struct {
	SessionTimeout    time.Duration // session.timeout.ms (10000)
	HeartbeatInterval time.Duration // heartbeat.interval.ms (3000)
	MaxPollInterval   time.Duration // max.poll.interval.ms (300000), also the rebalance timeout
	MetadataMaxAge    time.Duration // metadata.max.age.ms (300000)
	RetryBackoff      time.Duration // retry.backoff.ms (100)
	Assignors         []string      // partition.assignment.strategy, preferred first ([range])
	GroupInstanceID   string        // group.instance.id: "" (null) is a dynamic member, else a static one (static.go)
}

// NewMemberJoinTimeout bounds how long a new member may wait in JoinGroup
// (GroupCoordinator.NewMemberJoinTimeoutMs).
const NewMemberJoinTimeout = 5 * time.Minute

// DefaultConfig is Kafka 2.5's defaults (KafkaConfig.scala, OffsetConfig.scala).
func DefaultConfig() Config {
	return Config{
		BrokerID:              1,
		NumIOThreads:          8,
		NetworkLatency:        time.Millisecond,
		InitialRebalanceDelay: 3 * time.Second,
		MinSessionTimeout:     6 * time.Second,
		MaxSessionTimeout:     30 * time.Minute,
		MaxSize:               math.MaxInt32,
		Consumer: ConsumerConfig{
			SessionTimeout:    10 * time.Second,
			HeartbeatInterval: 3 * time.Second,
			MaxPollInterval:   5 * time.Minute,
			MetadataMaxAge:    5 * time.Minute,
			RetryBackoff:      100 * time.Millisecond,
			Assignors:         []string{"range"},
		},
		Clients: DefaultClientOptions(),
	}
}

// Validate checks the configuration (New does too).
func (c Config) Validate() error {
	switch {
	case c.BrokerID < 0:
		return msg.Of(ErrConfig, "gr.broker.id")
	case c.NumIOThreads < 1 || c.NumIOThreads > 64:
		return msg.Of(ErrConfig, "gr.io.threads")
	case c.NetworkLatency < 0 || c.InitialRebalanceDelay < 0:
		return msg.Of(ErrConfig, "gr.durations")
	case c.MinSessionTimeout > c.MaxSessionTimeout:
		return msg.Of(ErrConfig, "gr.session.range")
	case c.MaxSize < 1:
		return msg.Of(ErrConfig, "gr.max.size")
	}
	return c.Consumer.Validate()
}

// Validate checks a consumer's settings as KafkaConsumer's constructor does.
func (c ConsumerConfig) Validate() error {
	switch {
	case c.SessionTimeout <= 0 || c.HeartbeatInterval <= 0 || c.MaxPollInterval <= 0 || c.MetadataMaxAge <= 0 || c.RetryBackoff <= 0:
		return msg.Of(ErrConfig, "gr.timeouts")
	case c.HeartbeatInterval >= c.SessionTimeout:
		return msg.Of(ErrConfig, "gr.heartbeat")
	case len(c.Assignors) == 0:
		return msg.Of(ErrConfig, "gr.assignors.empty")
	}
	if err := checkAssignors(c.Assignors); err != nil {
		err.Kind = ErrConfig
		return err
	}
	return nil
}
