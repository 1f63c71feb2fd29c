package stage

import "regexp"

// Short is the stage's label for an upstream thread name (short labels
// on the stage, the full name in the inspector and the node's
// <title>): "data-plane-kafka-request-handler-3" is "handler-3",
// "data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-2"
// is "Processor-2", the control plane's are "ctl handler-0" and so on.
// A "broker-N/" prefix is dropped (the broker's box says which); names
// without a rule are returned as they are.
func Short(name string) string {
	if m := brokerPrefix.FindStringSubmatch(name); m != nil {
		name = m[1]
	}
	for _, r := range shortRules {
		if m := r.re.FindStringSubmatch(name); m != nil {
			return r.short(m)
		}
	}
	return name
}

var brokerPrefix = regexp.MustCompile(`^broker-\d+/(.+)$`)

// plane is "" for the data plane, the usual case, and "ctl " for the
// control plane.
func plane(p string) string {
	if p == "control" {
		return "ctl "
	}
	return ""
}

var shortRules = []struct {
	re    *regexp.Regexp
	short func(m []string) string
}{
	{regexp.MustCompile(`^(data|control)-plane-kafka-request-handler-(\d+)$`), func(m []string) string { return plane(m[1]) + "handler-" + m[2] }},
	{regexp.MustCompile(`^(data|control)-plane-kafka-network-thread-\d+-ListenerName\(\w+\)-\w+-(\d+)$`), func(m []string) string { return plane(m[1]) + "Processor-" + m[2] }},
	{regexp.MustCompile(`^(data|control)-plane-kafka-socket-acceptor-ListenerName\(\w+\)-\w+-(\d+)$`), func(m []string) string { return plane(m[1]) + "Acceptor :" + m[2] }},
	{regexp.MustCompile(`^NIOServerCxnFactory\.(SelectorThread-\d+)$`), func(m []string) string { return m[1] }},
	{regexp.MustCompile(`^NIOServerCxnFactory\.AcceptThread:.*$`), func([]string) string { return "AcceptThread" }},
	{regexp.MustCompile(`^ProcessThread\(sid:\d+ cport:\d+\):$`), func([]string) string { return "ProcessThread" }},
	{regexp.MustCompile(`^SyncThread:\d+$`), func([]string) string { return "SyncThread" }},
	{regexp.MustCompile(`^ExpirationReaper-\d+-(\w+)$`), func(m []string) string { return "Reaper-" + m[1] }},
	{regexp.MustCompile(`^Controller-\d+-to-broker-(\d+)-send-thread$`), func(m []string) string { return "send-thread → " + m[1] }},
	{regexp.MustCompile(`^kafka-coordinator-heartbeat-thread \| \S+ \((.+)\)$`), func(m []string) string { return "heartbeat " + m[1] }},
	{regexp.MustCompile(`^kafka-producer-network-thread \| (.+)$`), func(m []string) string { return m[1] + " sender" }},
	{regexp.MustCompile(`^org\.springframework\.kafka\.KafkaListenerEndpointContainer#(\d+-\d+)-C-\d+$`), func(m []string) string { return "container #" + m[1] }},
	{regexp.MustCompile(`^zk-session-expiry-handler0(-EventThread)?$`), func(m []string) string {
		if m[1] != "" {
			return "expiry EventThread"
		}
		return "zk-session-expiry"
	}},
}
