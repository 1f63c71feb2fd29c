package socketserver

import (
	"errors"
	"strconv"
	"time"

	"brokerlab/core/msg"
)

// Errors for configurations and actions a scenario gets wrong.
var (
	ErrConfig      = errors.New("socketserver: bad setting")
	ErrUnknownAPI  = errors.New("socketserver: unknown API")
	ErrName        = errors.New("socketserver: bad name")
	ErrUnknownPath = errors.New("unknown state path") // user-facing: a scenario shows it as it is
)

// Upstream defaults (KafkaConfig.scala, Defaults, Kafka 2.5) and constants.
const (
	DefaultNumNetworkThreads = 3
	DefaultNumIoThreads      = 8
	DefaultQueuedMaxRequests = 500

	// ConnectionQueueSize is Processor.ConnectionQueueSize: the capacity of
	// each processor's newConnections ArrayBlockingQueue.
	ConnectionQueueSize = 20
	// ControlPlaneQueueSize is the control plane's request queue:
	// SocketServer builds its RequestChannel with a literal 20.
	ControlPlaneQueueSize = 20

	// DataPlaneListener is the one data-plane listener, PLAINTEXT://:9092;
	// it is also the inter-broker listener the controller uses when no
	// control plane is configured.
	DataPlaneListener = "PLAINTEXT"
	dataPlanePort     = 9092
	controlPlanePort  = 9094 // as KafkaConfig's doc example, CONTROLLER://…:9094
	protocol          = "PLAINTEXT"

	brokerIDDef = 0
)

// Playground bounds, not upstream's: they keep the stage drawable and a
// typo (num.io.threads 80000) from exhausting the browser.
const (
	MaxThreads = 1000      // num.network.threads, num.io.threads
	MaxQueue   = 1_000_000 // queued.max.requests
	MaxAPITime = time.Hour // socketserver.apiTime, a request's cost
	MaxBurst   = 100_000   // connect C count=N
	MaxSend    = 10_000    // send C API n=N
)

// Config sets up the socket server of a scenario.
type Config struct {
	BrokerID          int    // broker.id, part of the network threads' names (0)
	NumNetworkThreads int    // num.network.threads: processors of the data-plane listener (3)
	NumIoThreads      int    // num.io.threads: data-plane request handlers (8)
	QueuedMaxRequests int    // queued.max.requests: the data-plane request queue's capacity (500)
	ControlPlane      string // control.plane.listener.name; "" (upstream's null) for none

	// APITime is how long a handler works on a request of an API not in
	// APITimes; APITimes is looked up by ApiKeys name, never iterated.
	APITime  time.Duration
	APITimes map[string]time.Duration

	// NetworkLatency is how long a request takes from a client's socket to
	// the broker's, and a response back (one way); 0, the default, for
	// none. With one, the network thread carries them.
	NetworkLatency time.Duration

	// Mute false is the what-if that removes Processor's mute after a read:
	// a connection's next request is read while the previous one is still in
	// the pipeline.
	Mute bool

	// Apis does the handlers' work; nil means TimedApis over APITime and
	// APITimes. The replication model plugs KafkaApis' Produce and Fetch here.
	Apis Apis

	// Host, if set, prefixes every thread and queue name with "Host/": a
	// cluster runs one socket server per broker ("broker-2"), and their
	// threads share upstream names.
	Host string
	// Clients starts the clients thread that runs the scenario's client
	// actions (Connect, Send, Close). A cluster's clients are threads of
	// their own (fetchers, producers, the controller's send threads) that
	// use Dial instead.
	Clients bool
}

// name is a thread or queue name as this server's trace shows it.
func (c Config) name(n string) string {
	if c.Host == "" {
		return n
	}
	return c.Host + "/" + n
}

// DefaultConfig is the socket server as Kafka 2.5 ships it, with API times
// chosen for watching: small, Produce and Fetch a little longer.
func DefaultConfig() Config {
	return Config{
		BrokerID:          brokerIDDef,
		NumNetworkThreads: DefaultNumNetworkThreads,
		NumIoThreads:      DefaultNumIoThreads,
		QueuedMaxRequests: DefaultQueuedMaxRequests,
		APITime:           time.Millisecond,
		APITimes:          map[string]time.Duration{"Produce": 2 * time.Millisecond, "Fetch": 2 * time.Millisecond},
		Mute:              true,
		Clients:           true,
	}
}

// Defaults lists the upstream settings and their Kafka 2.5 defaults, for
// the socketserver.default[KEY] paths.
var Defaults = []struct{ Key, Value string }{
	{"num.network.threads", strconv.Itoa(DefaultNumNetworkThreads)},
	{"num.io.threads", strconv.Itoa(DefaultNumIoThreads)},
	{"queued.max.requests", strconv.Itoa(DefaultQueuedMaxRequests)},
	{"control.plane.listener.name", "null"},
	{"ConnectionQueueSize", strconv.Itoa(ConnectionQueueSize)},
	{"controlPlane.queueSize", strconv.Itoa(ControlPlaneQueueSize)},
}

func (c Config) validate() error {
	switch {
	case c.BrokerID < 0:
		return msg.Of(ErrConfig, "ss.broker.id", c.BrokerID)
	case c.NumNetworkThreads < 1 || c.NumNetworkThreads > MaxThreads:
		return msg.Of(ErrConfig, "ss.network.threads", MaxThreads, c.NumNetworkThreads)
	case c.NumIoThreads < 1 || c.NumIoThreads > MaxThreads:
		return msg.Of(ErrConfig, "ss.io.threads", MaxThreads, c.NumIoThreads)
	case c.QueuedMaxRequests < 1 || c.QueuedMaxRequests > MaxQueue:
		return msg.Of(ErrConfig, "ss.queued.max", MaxQueue, c.QueuedMaxRequests)
	case c.NetworkLatency < 0 || c.NetworkLatency > MaxAPITime:
		return msg.Of(ErrConfig, "ss.latency", c.NetworkLatency)
	case c.APITime < 0 || c.APITime > MaxAPITime:
		return msg.Of(ErrConfig, "ss.apiTime", c.APITime)
	}
	if c.ControlPlane != "" {
		if err := CheckListenerName(c.ControlPlane); err != nil {
			return err
		}
	}
	for _, api := range APIs {
		if d := c.APITimes[api]; d < 0 || d > MaxAPITime {
			return msg.Of(ErrConfig, "ss.apiTime.api", api, d)
		}
	}
	return nil
}

// CheckListenerName checks a control.plane.listener.name: a listener name
// (KafkaConfig normalises it to upper case; here it must be written so)
// other than the inter-broker listener PLAINTEXT, as KafkaConfig requires.
func CheckListenerName(name string) error {
	if name == DataPlaneListener {
		return msg.Of(ErrConfig, "ss.plane.same", DataPlaneListener)
	}
	bad := name == ""
	for _, r := range name {
		bad = bad || (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '_'
	}
	if bad {
		return msg.Of(ErrConfig, "ss.plane.name", name)
	}
	return nil
}

// CheckName checks a connection or request name a scenario gives:
// letters, digits and - _ . only, so that it can sit in a path's brackets
// and a comma-separated list.
func CheckName(what, name string) error {
	if name == "" || len(name) > 64 {
		return msg.Of(ErrName, "ss.name.length", what, name)
	}
	for _, r := range name {
		ok := r == '-' || r == '_' || r == '.' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if !ok {
			return msg.Of(ErrName, "ss.name.chars", what, name)
		}
	}
	return nil
}

// APIs are the ApiKeys names of Kafka 2.5, in api key order (0 … 47).
var APIs = []string{
	"Produce", "Fetch", "ListOffsets", "Metadata", "LeaderAndIsr", "StopReplica", "UpdateMetadata",
	"ControlledShutdown", "OffsetCommit", "OffsetFetch", "FindCoordinator", "JoinGroup", "Heartbeat",
	"LeaveGroup", "SyncGroup", "DescribeGroups", "ListGroups", "SaslHandshake", "ApiVersions",
	"CreateTopics", "DeleteTopics", "DeleteRecords", "InitProducerId", "OffsetForLeaderEpoch",
	"AddPartitionsToTxn", "AddOffsetsToTxn", "EndTxn", "WriteTxnMarkers", "TxnOffsetCommit",
	"DescribeAcls", "CreateAcls", "DeleteAcls", "DescribeConfigs", "AlterConfigs", "AlterReplicaLogDirs",
	"DescribeLogDirs", "SaslAuthenticate", "CreatePartitions", "CreateDelegationToken",
	"RenewDelegationToken", "ExpireDelegationToken", "DescribeDelegationToken", "DeleteGroups",
	"ElectLeaders", "IncrementalAlterConfigs", "AlterPartitionReassignments",
	"ListPartitionReassignments", "OffsetDelete",
}

// CheckAPI reports whether name is an ApiKeys name of Kafka 2.5.
func CheckAPI(name string) error {
	for _, a := range APIs {
		if a == name {
			return nil
		}
	}
	return msg.Of(ErrUnknownAPI, "ss.api", name, msg.List(APIs))
}
