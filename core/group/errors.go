package group

import "errors"

// Error is a Kafka protocol error (Errors.java), by its upstream name.
type Error string

// The errors the group protocol answers with in this model.
const (
	None                      Error = "NONE"
	CoordinatorNotAvailable   Error = "COORDINATOR_NOT_AVAILABLE"
	NotCoordinator            Error = "NOT_COORDINATOR"
	CoordinatorLoadInProgress Error = "COORDINATOR_LOAD_IN_PROGRESS"
	RequestTimedOut           Error = "REQUEST_TIMED_OUT" // an offset append not acknowledged within offsets.commit.timeout.ms
	IllegalGeneration         Error = "ILLEGAL_GENERATION"
	InconsistentGroupProtocol Error = "INCONSISTENT_GROUP_PROTOCOL"
	InvalidGroupID            Error = "INVALID_GROUP_ID"
	UnknownMemberID           Error = "UNKNOWN_MEMBER_ID"
	InvalidSessionTimeout     Error = "INVALID_SESSION_TIMEOUT"
	RebalanceInProgress       Error = "REBALANCE_IN_PROGRESS"
	MemberIDRequired          Error = "MEMBER_ID_REQUIRED"
	GroupMaxSizeReached       Error = "GROUP_MAX_SIZE_REACHED"
	NonEmptyGroup             Error = "NON_EMPTY_GROUP"
	GroupIDNotFound           Error = "GROUP_ID_NOT_FOUND"
	FencedInstanceID          Error = "FENCED_INSTANCE_ID" // 82: static membership (static.go)
)

// The kinds of the errors of settings and paths a scenario gets wrong
// (errors.Is); their words are codes of core/msg (words_group.go).
var (
	ErrConfig      = errors.New("group: bad setting")
	ErrUnknownPath = errors.New("group: unknown state path")
)
