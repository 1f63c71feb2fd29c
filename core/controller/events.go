package controller

import "strconv"

// State is a ControllerState of Kafka 2.5 (ControllerState.scala).
type State struct {
	Name   string
	Value  byte
	Metric string // its RateAndTimeMs timer, "" if it has none
}

// States are the 17 ControllerStates of Kafka 2.5 in value order. Every one
// has a "<Name>RateAndTimeMs" timer except Idle and
// UpdateMetadataResponseReceived; BrokerChange keeps its old name
// LeaderElectionRateAndTimeMs and AlterPartitionReassignment is
// PartitionReassignmentRateAndTimeMs. (UpdateFeatures, value 17, came in 2.7.)
var States = []State{
	{"Idle", 0, ""},
	{"ControllerChange", 1, "ControllerChangeRateAndTimeMs"},
	{"BrokerChange", 2, "LeaderElectionRateAndTimeMs"},
	{"TopicChange", 3, "TopicChangeRateAndTimeMs"},
	{"TopicDeletion", 4, "TopicDeletionRateAndTimeMs"},
	{"AlterPartitionReassignment", 5, "PartitionReassignmentRateAndTimeMs"},
	{"AutoLeaderBalance", 6, "AutoLeaderBalanceRateAndTimeMs"},
	{"ManualLeaderBalance", 7, "ManualLeaderBalanceRateAndTimeMs"},
	{"ControlledShutdown", 8, "ControlledShutdownRateAndTimeMs"},
	{"IsrChange", 9, "IsrChangeRateAndTimeMs"},
	{"LeaderAndIsrResponseReceived", 10, "LeaderAndIsrResponseReceivedRateAndTimeMs"},
	{"LogDirChange", 11, "LogDirChangeRateAndTimeMs"},
	{"ControllerShutdown", 12, "ControllerShutdownRateAndTimeMs"},
	{"UncleanLeaderElectionEnable", 13, "UncleanLeaderElectionEnableRateAndTimeMs"},
	{"TopicUncleanLeaderElectionEnable", 14, "TopicUncleanLeaderElectionEnableRateAndTimeMs"},
	{"ListPartitionReassignment", 15, "ListPartitionReassignmentRateAndTimeMs"},
	{"UpdateMetadataResponseReceived", 16, ""},
}

// Upstream thread names of the threads that put events.
const (
	ZkWatcherThread     = "main-EventThread" // the ZooKeeper client's event thread
	RequestHandler      = "data-plane-kafka-request-handler-0"
	SchedulerThread     = "kafka-scheduler-0" // runs auto-leader-rebalance-task
	SessionExpiryThread = "zk-session-expiry-handler0"
	ShutdownHookThread  = "kafka-shutdown-hook"
	StartupThread       = "main"
	ConfigChangeThread  = "/config/changes-event-process-thread"
	EventThread         = "controller-event-thread"
)

// SendThread names the controller's channel to a broker, which puts the
// response events.
func SendThread(controllerID, brokerID int) string {
	return "Controller-" + strconv.Itoa(controllerID) + "-to-broker-" + strconv.Itoa(brokerID) + "-send-thread"
}

// EventType is one of the 25 ControllerEvent types of Kafka 2.5.
type EventType struct {
	Name     string
	State    string   // the ControllerState it runs in
	Producer string   // the thread that puts it ("" = depends on arguments)
	Args     []string // its fields a scenario may set, named as upstream
	Callback bool     // it carries a client callback (answered on preempt)
	Trigger  string   // what makes upstream put it, for the inspector
	Src      string   // where upstream puts it
}

// Events are the 25 ControllerEvent types of Kafka 2.5 (KafkaController.scala),
// grouped by the state they run in.
var Events = []EventType{
	{Name: "ControllerChange", Src: "KafkaController.scala ControllerChangeHandler.handleDataChange", State: "ControllerChange", Producer: ZkWatcherThread, Trigger: "/controller znode created or changed"},
	{Name: "Reelect", Src: "KafkaController.scala ControllerChangeHandler.handleDeletion", State: "ControllerChange", Producer: ZkWatcherThread, Trigger: "/controller znode deleted"},
	{Name: "RegisterBrokerAndReelect", Src: "KafkaController.scala KafkaController.startup", State: "ControllerChange", Producer: SessionExpiryThread, Trigger: "afterInitializingSession: a new ZooKeeper session is up"},
	{Name: "Expire", Src: "KafkaController.scala KafkaController.startup", State: "ControllerChange", Producer: SessionExpiryThread, Trigger: "beforeInitializingSession: the ZooKeeper session expired"},
	{Name: "Startup", Src: "KafkaController.scala KafkaController.startup", State: "ControllerChange", Producer: StartupThread, Trigger: "KafkaController.startup"},
	{Name: "ShutdownEventThread", Src: "ControllerEventManager.scala ControllerEventManager.close", State: "ControllerShutdown", Producer: ShutdownHookThread, Trigger: "ControllerEventManager.close"},
	{Name: "AutoPreferredReplicaLeaderElection", Src: "KafkaController.scala KafkaController.scheduleAutoLeaderRebalanceTask", State: "AutoLeaderBalance", Producer: SchedulerThread, Trigger: "auto-leader-rebalance-task (every leader.imbalance.check.interval.seconds)"},
	{Name: "ReplicaLeaderElection", Src: "KafkaController.scala KafkaController.electLeaders", State: "ManualLeaderBalance", Args: []string{"partitions", "electionType"}, Callback: true, Trigger: "ElectLeaders request, or /admin/preferred_replica_election created"},
	{Name: "UncleanLeaderElectionEnable", Src: "KafkaController.scala KafkaController.enableDefaultUncleanLeaderElection", State: "UncleanLeaderElectionEnable", Producer: ConfigChangeThread, Trigger: "unclean.leader.election.enable turned on for the broker"},
	{Name: "TopicUncleanLeaderElectionEnable", Src: "KafkaController.scala KafkaController.enableTopicUncleanLeaderElection", State: "TopicUncleanLeaderElectionEnable", Producer: ConfigChangeThread, Args: []string{"topic"}, Trigger: "unclean.leader.election.enable turned on for a topic"},
	{Name: "ControlledShutdown", Src: "KafkaController.scala KafkaController.controlledShutdown", State: "ControlledShutdown", Producer: RequestHandler, Args: []string{"id", "brokerEpoch"}, Callback: true, Trigger: "ControlledShutdown request from a broker"},
	{Name: "LeaderAndIsrResponseReceived", Src: "ControllerChannelManager.scala RequestSendThread.doWork", State: "LeaderAndIsrResponseReceived", Args: []string{"brokerId"}, Trigger: "a broker answered LeaderAndIsr"},
	{Name: "UpdateMetadataResponseReceived", Src: "ControllerChannelManager.scala RequestSendThread.doWork", State: "UpdateMetadataResponseReceived", Args: []string{"brokerId"}, Trigger: "a broker answered UpdateMetadata"},
	{Name: "TopicDeletionStopReplicaResponseReceived", Src: "ControllerChannelManager.scala RequestSendThread.doWork", State: "TopicDeletion", Args: []string{"replicaId"}, Trigger: "a broker answered StopReplica(delete)"},
	{Name: "TopicDeletion", Src: "KafkaController.scala TopicDeletionHandler.handleChildChange", State: "TopicDeletion", Producer: ZkWatcherThread, Trigger: "/admin/delete_topics children changed"},
	{Name: "BrokerChange", Src: "KafkaController.scala BrokerChangeHandler.handleChildChange", State: "BrokerChange", Producer: ZkWatcherThread, Trigger: "/brokers/ids children changed"},
	{Name: "BrokerModifications", Src: "KafkaController.scala BrokerModificationsHandler.handleDataChange", State: "BrokerChange", Producer: ZkWatcherThread, Args: []string{"brokerId"}, Trigger: "/brokers/ids/<id> data changed"},
	{Name: "TopicChange", Src: "KafkaController.scala TopicChangeHandler.handleChildChange", State: "TopicChange", Producer: ZkWatcherThread, Trigger: "/brokers/topics children changed"},
	{Name: "PartitionModifications", Src: "KafkaController.scala PartitionModificationsHandler.handleDataChange", State: "TopicChange", Producer: ZkWatcherThread, Args: []string{"topic"}, Trigger: "/brokers/topics/<topic> data changed"},
	{Name: "LogDirEventNotification", Src: "KafkaController.scala LogDirEventNotificationHandler.handleChildChange", State: "LogDirChange", Producer: ZkWatcherThread, Trigger: "/log_dir_event_notification children changed"},
	{Name: "ZkPartitionReassignment", Src: "KafkaController.scala PartitionReassignmentHandler.handleCreation", State: "AlterPartitionReassignment", Producer: ZkWatcherThread, Trigger: "/admin/reassign_partitions created"},
	{Name: "ApiPartitionReassignment", Src: "KafkaController.scala KafkaController.alterPartitionReassignments", State: "AlterPartitionReassignment", Producer: RequestHandler, Args: []string{"partitions"}, Callback: true, Trigger: "AlterPartitionReassignments request"},
	{Name: "PartitionReassignmentIsrChange", Src: "KafkaController.scala PartitionReassignmentIsrChangeHandler.handleDataChange", State: "AlterPartitionReassignment", Producer: ZkWatcherThread, Args: []string{"partition"}, Trigger: "a reassigned partition's state znode changed"},
	{Name: "IsrChangeNotification", Src: "KafkaController.scala IsrChangeNotificationHandler.handleChildChange", State: "IsrChange", Producer: ZkWatcherThread, Trigger: "/isr_change_notification children changed"},
	{Name: "ListPartitionReassignments", Src: "KafkaController.scala KafkaController.listPartitionReassignments", State: "ListPartitionReassignment", Producer: RequestHandler, Args: []string{"partitions"}, Callback: true, Trigger: "ListPartitionReassignments request"},
}

// EventNames lists the 25 event names in the order of Events.
func EventNames() []string {
	out := make([]string, len(Events))
	for i, e := range Events {
		out[i] = e.Name
	}
	return out
}

// LookupEvent finds an event type by name.
func LookupEvent(name string) (*EventType, bool) {
	for i := range Events {
		if Events[i].Name == name {
			return &Events[i], true
		}
	}
	return nil, false
}

// LookupState finds a state by name.
func LookupState(name string) (*State, bool) {
	for i := range States {
		if States[i].Name == name {
			return &States[i], true
		}
	}
	return nil, false
}
