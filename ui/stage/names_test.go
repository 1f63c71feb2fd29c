package stage

import "testing"

func TestShort(t *testing.T) {
	for full, want := range map[string]string{
		"data-plane-kafka-request-handler-3":                                               "handler-3",
		"control-plane-kafka-request-handler-0":                                            "ctl handler-0",
		"data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-2":            "Processor-2",
		"broker-2/data-plane-kafka-network-thread-2-ListenerName(PLAINTEXT)-PLAINTEXT-0":   "Processor-0",
		"broker-1/data-plane-kafka-socket-acceptor-ListenerName(PLAINTEXT)-PLAINTEXT-9092": "Acceptor :9092",
		"NIOServerCxnFactory.SelectorThread-1":                                             "SelectorThread-1",
		"NIOServerCxnFactory.AcceptThread:0.0.0.0/0.0.0.0:2181":                            "AcceptThread",
		"broker-3/ExpirationReaper-3-Produce":                                              "Reaper-Produce",
		"kafka-coordinator-heartbeat-thread | G (C2)":                                      "heartbeat C2",
		"org.springframework.kafka.KafkaListenerEndpointContainer#0-1-C-1":                 "container #0-1",
		"controller-event-thread":                                                          "controller-event-thread",
		"control-plane-kafka-socket-acceptor-ListenerName(CONTROLLER)-CONTROLLER-9093":     "ctl Acceptor :9093",
		"other-plane-kafka-request-handler-3":                                              "other-plane-kafka-request-handler-3",
		"data-plane-kafka-request-handler-":                                                "data-plane-kafka-request-handler-",
		"data-plane-kafka-request-handler-3a":                                              "data-plane-kafka-request-handler-3a",
		"NIOServerCxnFactory.AcceptThread:":                                                "AcceptThread",
		"ProcessThread(sid:0 cport:2181):":                                                 "ProcessThread",
		"SyncThread:0":                                                                     "SyncThread",
		"SyncThread:":                                                                      "SyncThread:",
		"Controller-1-to-broker-2-send-thread":                                             "send-thread → 2",
		"kafka-coordinator-heartbeat-thread | G (C (2))":                                   "heartbeat C (2)",
		"kafka-coordinator-heartbeat-thread | G H (C2)":                                    "kafka-coordinator-heartbeat-thread | G H (C2)",
		"kafka-producer-network-thread | producer-1":                                       "producer-1 sender",
		"zk-session-expiry-handler0":                                                       "zk-session-expiry",
		"zk-session-expiry-handler0-EventThread":                                           "expiry EventThread",
		"broker-1/":                                                                        "broker-1/",
		"broker-x/SyncThread:0":                                                            "broker-x/SyncThread:0",
	} {
		if got := Short(full); got != want {
			t.Errorf("Short(%q) = %q, want %q", full, got, want)
		}
	}
}
