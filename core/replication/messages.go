package replication

import "time"

// The bodies of the requests and responses the model's clients and
// brokers exchange through each broker's socket server, reduced to the
// fields the mechanisms read.

// ProduceRequest writes Records records to one partition.
type ProduceRequest struct {
	ID      string // the produce action's id (R): it names the records
	TP      TP
	Acks    int           // -1 (all), 0, 1; others are refused
	Timeout time.Duration // the DelayedProduce timeout (the producer's request.timeout.ms)
	Records int
	Batch   *ProducerBatch // the idempotent producer's header, nil without idempotence
	Values  []any          // a coordinator's records (one a record), nil for a producer's
}

// ProduceResponse is one partition's answer.
type ProduceResponse struct {
	TP         TP
	Error      string
	BaseOffset int // -1 on error
}

// InitProducerIdRequest asks for a producer id (transactionalId null: an
// idempotent producer without transactions).
type InitProducerIdRequest struct{}

// InitProducerIdResponse is a new producer id and its epoch.
type InitProducerIdResponse struct {
	Error         string
	ProducerID    int
	ProducerEpoch int
}

// FetchPartition is one partition of a fetch.
type FetchPartition struct {
	TP                 TP
	FetchOffset        int
	CurrentLeaderEpoch int // -1: not checked (a consumer here)
}

// FetchRequest is a follower's (ReplicaID ≥ 0) or a consumer's (-1) fetch.
type FetchRequest struct {
	ReplicaID  int
	MaxWait    time.Duration
	MinBytes   int
	Partitions []FetchPartition
}

// FetchPartitionData is one partition of a fetch response.
type FetchPartitionData struct {
	TP      TP
	Error   string
	HW      int
	Records []Record
}

// FetchResponse answers a FetchRequest, partition by partition.
type FetchResponse struct{ Partitions []FetchPartitionData }

// EpochRequestPartition asks for the end offset of LeaderEpoch.
type EpochRequestPartition struct {
	TP                 TP
	CurrentLeaderEpoch int
	LeaderEpoch        int
}

// OffsetsForLeaderEpochRequest is a follower's truncation question.
type OffsetsForLeaderEpochRequest struct {
	ReplicaID  int
	Partitions []EpochRequestPartition
}

// EpochEndOffset is the leader's answer for one partition.
type EpochEndOffset struct {
	TP          TP
	Error       string
	LeaderEpoch int
	EndOffset   int
}

// OffsetsForLeaderEpochResponse answers partition by partition.
type OffsetsForLeaderEpochResponse struct{ Partitions []EpochEndOffset }

// PartitionState is LeaderAndIsrPartitionState / UpdateMetadataPartitionState.
type PartitionState struct {
	TP          TP
	Leader      int
	LeaderEpoch int
	ISR         []int
	Replicas    []int
	ZkVersion   int
	IsNew       bool
}

// LeaderAndIsrRequest tells brokers their roles.
type LeaderAndIsrRequest struct {
	ControllerID    int
	ControllerEpoch int
	Partitions      []PartitionState
}

// UpdateMetadataRequest refreshes brokers' metadata caches.
type UpdateMetadataRequest struct {
	ControllerID    int
	ControllerEpoch int
	Partitions      []PartitionState
	LiveBrokers     []int
}

// ControllerResponse answers LeaderAndIsr and UpdateMetadata.
type ControllerResponse struct{ Error string }

// MetadataRequest asks for the partitions of the topics (all if empty).
type MetadataRequest struct{ Topics []string }

// PartitionMetadata is one partition of a metadata response.
type PartitionMetadata struct {
	TP          TP
	Error       string
	Leader      int
	LeaderEpoch int
	ISR         []int
	Replicas    []int
}

// MetadataResponse is what a broker's metadata cache knows.
type MetadataResponse struct {
	Brokers    []int
	Partitions []PartitionMetadata
}
