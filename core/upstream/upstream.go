// Package upstream links a trace event's src ("ControllerEventManager.scala
// ControllerEventThread.doWork") to the file it mirrors at the reference
// version FACTS.md names: apache/kafka 2.5.0.
package upstream

import "strings"

// Kafka is the tag every Kafka link points at.
const Kafka = "https://github.com/apache/kafka/blob/2.5.0/"

// files maps a source file name to its path in its repository.
var files = map[string]string{
	"ControllerEventManager.scala":   Kafka + "core/src/main/scala/kafka/controller/ControllerEventManager.scala",
	"KafkaController.scala":          Kafka + "core/src/main/scala/kafka/controller/KafkaController.scala",
	"ControllerState.scala":          Kafka + "core/src/main/scala/kafka/controller/ControllerState.scala",
	"ControllerChannelManager.scala": Kafka + "core/src/main/scala/kafka/controller/ControllerChannelManager.scala",
	"ZooKeeperClient.scala":          Kafka + "core/src/main/scala/kafka/zookeeper/ZooKeeperClient.scala",
	"ShutdownableThread.scala":       Kafka + "core/src/main/scala/kafka/utils/ShutdownableThread.scala",
	"KafkaApis.scala":                Kafka + "core/src/main/scala/kafka/server/KafkaApis.scala",
}

// URL returns the link for src, or "" if its file is not known.
func URL(src string) string {
	file, _, _ := strings.Cut(src, " ")
	return files[file]
}

// Method returns the "Class.method" part of src.
func Method(src string) string {
	_, m, _ := strings.Cut(src, " ")
	return m
}
