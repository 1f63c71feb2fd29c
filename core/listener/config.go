package listener

import (
	"errors"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/msg"
)

// AckMode is ContainerProperties.AckMode: when the container commits.
type AckMode string

// The seven ack modes of Spring for Apache Kafka 2.5 (ContainerProperties.java).
const (
	Record          AckMode = "RECORD"
	Batch           AckMode = "BATCH"
	Time            AckMode = "TIME"
	Count           AckMode = "COUNT"
	CountTime       AckMode = "COUNT_TIME"
	Manual          AckMode = "MANUAL"
	ManualImmediate AckMode = "MANUAL_IMMEDIATE"
)

// AckModes lists them in the enum's order.
var AckModes = []AckMode{Record, Batch, Time, Count, CountTime, Manual, ManualImmediate}

// The error handlers the model has.
const (
	SeekToCurrent     = "SeekToCurrent"     // SeekToCurrentErrorHandler, the 2.5 default
	ContainerStopping = "ContainerStopping" // ContainerStoppingErrorHandler
)

// When a MANUAL listener calls Acknowledgment.acknowledge().
const (
	AckAfter  = "after"  // at the end of its work: the correct use
	AckBefore = "before" // as soon as the record arrives, before the work
	AckNone   = "none"   // never itself: "ack P@OFFSET" acks from another thread
)

// The kinds of the errors of settings and paths a scenario gets wrong
// (errors.Is); their words are codes of core/msg (words_listener.go).
var (
	ErrConfig      = errors.New("listener: bad setting")
	ErrUnknownPath = errors.New("listener: unknown state path")
)

// Config is the listener container's ContainerProperties with the
// consumer factory's properties, the broker of group.Config, and the
// model's listener (how long it works on a record, when it acks).
type Config struct {
	Group          group.Config // the broker and the consumers' group settings
	GroupID        string       // group.id ("G" here; upstream has no default)
	Topics         []string     // the container's topics (t0)
	ClientIDPrefix string       // @KafkaListener clientIdPrefix; "" lets Kafka name them consumer-G-N
	Concurrency    int          // ConcurrentMessageListenerContainer concurrency (1)

	AckMode         AckMode
	AckCount        int           // ackCount (1 since 2.5)
	AckTime         time.Duration // ackTime (5000 ms since 2.5)
	SyncCommits     bool          // syncCommits (true)
	CommitRetries   int           // commitRetries (3), for commitAsync
	PollTimeout     time.Duration // pollTimeout (5000 ms)
	ShutdownTimeout time.Duration // shutdownTimeout (10000 ms): how long stop() waits

	ErrorHandler       string        // SeekToCurrent (the 2.5 default) or ContainerStopping
	BackOffInterval    time.Duration // SeekToCurrentErrorHandler's FixedBackOff interval (0)
	BackOffMaxAttempts int           // its maxAttempts (9): 10 deliveries in all

	// The consumer factory: auto.offset.reset, max.poll.records,
	// auto.commit.interval.ms; EnableAutoCommit is false unless set, as
	// the container forces when the factory does not set it.
	Client group.ClientOptions

	ListenerTime time.Duration // how long the listener works on each record
	ListenerAck  string        // MANUAL modes: after, before or none
}

// Bean is the container's bean name, as @KafkaListener without an id gets it.
const Bean = "org.springframework.kafka.KafkaListenerEndpointContainer#0"

// DefaultConfig is Spring for Apache Kafka 2.5's defaults (ContainerProperties.java)
// over Kafka 2.5's.
func DefaultConfig() Config {
	client := group.DefaultClientOptions()
	client.EnableAutoCommit = false
	return Config{
		Group:              group.DefaultConfig(),
		GroupID:            "G",
		Topics:             []string{"t0"},
		Concurrency:        1,
		AckMode:            Batch,
		AckCount:           1,
		AckTime:            5 * time.Second,
		SyncCommits:        true,
		CommitRetries:      3,
		PollTimeout:        5 * time.Second,
		ShutdownTimeout:    10 * time.Second,
		ErrorHandler:       SeekToCurrent,
		BackOffMaxAttempts: 9,
		Client:             client,
		ListenerTime:       10 * time.Millisecond,
		ListenerAck:        AckAfter,
	}
}

// Validate checks the configuration as the container's start does
// (checkAckMode, determineAutoCommit) and New does.
func (c Config) Validate() error {
	for _, err := range []error{c.Group.Validate(), c.Client.Validate()} {
		if err != nil { // the group's wording, of this package's kind
			e := *err.(*msg.Error)
			e.Kind = ErrConfig
			return &e
		}
	}
	known := false
	for _, m := range AckModes {
		known = known || m == c.AckMode
	}
	anyManual := c.AckMode == Manual || c.AckMode == ManualImmediate
	switch {
	case !known:
		return msg.Of(ErrConfig, "li.ackmode", c.AckMode)
	case c.GroupID == "":
		return msg.Of(ErrConfig, "li.group.id")
	case len(c.Topics) == 0:
		return msg.Of(ErrConfig, "li.topics")
	case c.Concurrency < 1 || c.Concurrency > 1000:
		return msg.Of(ErrConfig, "li.concurrency")
	case (c.AckMode == Count || c.AckMode == CountTime) && c.AckCount <= 0:
		return msg.Of(ErrConfig, "li.ackcount")
	case c.AckTime < 0 || c.ShutdownTimeout < 0 || c.BackOffInterval < 0 || c.ListenerTime < 0:
		return msg.Of(ErrConfig, "gr.durations")
	case c.PollTimeout < time.Millisecond:
		// with 0 an idle loop would spin without virtual time passing
		return msg.Of(ErrConfig, "li.poll.timeout")
	case c.BackOffMaxAttempts < 0 || c.CommitRetries < 0:
		return msg.Of(ErrConfig, "li.attempts")
	case c.ErrorHandler != SeekToCurrent && c.ErrorHandler != ContainerStopping:
		return msg.Of(ErrConfig, "li.error.handler")
	case c.ListenerAck != AckAfter && c.ListenerAck != AckBefore && c.ListenerAck != AckNone:
		return msg.Of(ErrConfig, "li.ack")
	case anyManual && c.Client.EnableAutoCommit:
		return msg.Of(ErrConfig, "li.auto.commit", c.AckMode)
	}
	return nil
}

// nonRetryable are the exceptions FailedRecordProcessor's default
// classifier sends straight to the recoverer (Spring-Kafka 2.5 FailedRecordProcessor.java).
var nonRetryable = []string{"DeserializationException", "MessageConversionException", "ConversionException",
	"MethodArgumentResolutionException", "NoSuchMethodException", "ClassCastException"}

// Retryable reports whether SeekToCurrentErrorHandler retries exception e.
func Retryable(e string) bool {
	for _, n := range nonRetryable {
		if n == e {
			return false
		}
	}
	return true
}
