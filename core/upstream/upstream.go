// Package upstream links a trace event's src ("ControllerEventManager.scala
// ControllerEventThread.doWork") to the file it mirrors at the reference
// version the playground models: apache/kafka 2.5.0, apache/zookeeper 3.5.9,
// spring-projects/spring-kafka v2.5.17.RELEASE.
package upstream

import "strings"

// Kafka is the tag every Kafka link points at.
const Kafka = "https://github.com/apache/kafka/blob/2.5.0/"

// ZooKeeper is the tag every ZooKeeper link points at.
const ZooKeeper = "https://github.com/apache/zookeeper/blob/release-3.5.9/"

const zks = ZooKeeper + "zookeeper-server/src/main/java/org/apache/zookeeper/server/"

// SpringKafka is the tag every Spring for Apache Kafka link points at.
const SpringKafka = "https://github.com/spring-projects/spring-kafka/blob/v2.5.17.RELEASE/"

const skl = SpringKafka + "spring-kafka/src/main/java/org/springframework/kafka/listener/"

// files maps a source file name to its path in its repository.
var files = map[string]string{
	"ControllerEventManager.scala":            Kafka + "core/src/main/scala/kafka/controller/ControllerEventManager.scala",
	"KafkaController.scala":                   Kafka + "core/src/main/scala/kafka/controller/KafkaController.scala",
	"ControllerState.scala":                   Kafka + "core/src/main/scala/kafka/controller/ControllerState.scala",
	"ControllerChannelManager.scala":          Kafka + "core/src/main/scala/kafka/controller/ControllerChannelManager.scala",
	"ZooKeeperClient.scala":                   Kafka + "core/src/main/scala/kafka/zookeeper/ZooKeeperClient.scala",
	"ShutdownableThread.scala":                Kafka + "core/src/main/scala/kafka/utils/ShutdownableThread.scala",
	"KafkaApis.scala":                         Kafka + "core/src/main/scala/kafka/server/KafkaApis.scala",
	"SocketServer.scala":                      Kafka + "core/src/main/scala/kafka/network/SocketServer.scala",
	"RequestChannel.scala":                    Kafka + "core/src/main/scala/kafka/network/RequestChannel.scala",
	"KafkaRequestHandler.scala":               Kafka + "core/src/main/scala/kafka/server/KafkaRequestHandler.scala",
	"KafkaChannel.java":                       Kafka + "clients/src/main/java/org/apache/kafka/common/network/KafkaChannel.java",
	"Selector.java":                           Kafka + "clients/src/main/java/org/apache/kafka/common/network/Selector.java",
	"GroupCoordinator.scala":                  Kafka + "core/src/main/scala/kafka/coordinator/group/GroupCoordinator.scala",
	"GroupMetadata.scala":                     Kafka + "core/src/main/scala/kafka/coordinator/group/GroupMetadata.scala",
	"GroupMetadataManager.scala":              Kafka + "core/src/main/scala/kafka/coordinator/group/GroupMetadataManager.scala",
	"DelayedJoin.scala":                       Kafka + "core/src/main/scala/kafka/coordinator/group/DelayedJoin.scala",
	"DelayedOperation.scala":                  Kafka + "core/src/main/scala/kafka/server/DelayedOperation.scala",
	"Timer.scala":                             Kafka + "core/src/main/scala/kafka/utils/timer/Timer.scala",
	"AbstractCoordinator.java":                Kafka + "clients/src/main/java/org/apache/kafka/clients/consumer/internals/AbstractCoordinator.java",
	"ConsumerCoordinator.java":                Kafka + "clients/src/main/java/org/apache/kafka/clients/consumer/internals/ConsumerCoordinator.java",
	"KafkaConsumer.java":                      Kafka + "clients/src/main/java/org/apache/kafka/clients/consumer/KafkaConsumer.java",
	"KafkaAdminClient.java":                   Kafka + "clients/src/main/java/org/apache/kafka/clients/admin/KafkaAdminClient.java",
	"Fetcher.java":                            Kafka + "clients/src/main/java/org/apache/kafka/clients/consumer/internals/Fetcher.java",
	"Log.scala":                               Kafka + "core/src/main/scala/kafka/log/Log.scala",
	"NIOServerCnxnFactory.java":               zks + "NIOServerCnxnFactory.java",
	"NIOServerCnxn.java":                      zks + "NIOServerCnxn.java",
	"ExpiryQueue.java":                        zks + "ExpiryQueue.java",
	"WorkerService.java":                      zks + "WorkerService.java",
	"ZooKeeperServer.java":                    zks + "ZooKeeperServer.java",
	"PrepRequestProcessor.java":               zks + "PrepRequestProcessor.java",
	"SyncRequestProcessor.java":               zks + "SyncRequestProcessor.java",
	"FinalRequestProcessor.java":              zks + "FinalRequestProcessor.java",
	"KafkaMessageListenerContainer.java":      skl + "KafkaMessageListenerContainer.java",
	"ConcurrentMessageListenerContainer.java": skl + "ConcurrentMessageListenerContainer.java",
	"AbstractMessageListenerContainer.java":   skl + "AbstractMessageListenerContainer.java",
	"ContainerProperties.java":                skl + "ContainerProperties.java",
	"SeekToCurrentErrorHandler.java":          skl + "SeekToCurrentErrorHandler.java",
	"SeekUtils.java":                          skl + "SeekUtils.java",
	"FailedRecordTracker.java":                skl + "FailedRecordTracker.java",
	"FailedRecordProcessor.java":              skl + "FailedRecordProcessor.java",
	"ContainerStoppingErrorHandler.java":      skl + "ContainerStoppingErrorHandler.java",
	"AbstractFetcherManager.scala":            Kafka + "core/src/main/scala/kafka/server/AbstractFetcherManager.scala",
	"AbstractFetcherThread.scala":             Kafka + "core/src/main/scala/kafka/server/AbstractFetcherThread.scala",
	"ConfigCommand.scala":                     Kafka + "core/src/main/scala/kafka/admin/ConfigCommand.scala",
	"DelayedFetch.scala":                      Kafka + "core/src/main/scala/kafka/server/DelayedFetch.scala",
	"DelayedProduce.scala":                    Kafka + "core/src/main/scala/kafka/server/DelayedProduce.scala",
	"DynamicBrokerConfig.scala":               Kafka + "core/src/main/scala/kafka/server/DynamicBrokerConfig.scala",
	"Kafka.scala":                             Kafka + "core/src/main/scala/kafka/Kafka.scala",
	"KafkaProducer.java":                      Kafka + "clients/src/main/java/org/apache/kafka/clients/producer/KafkaProducer.java",
	"KafkaScheduler.scala":                    Kafka + "core/src/main/scala/kafka/utils/KafkaScheduler.scala",
	"KafkaServer.scala":                       Kafka + "core/src/main/scala/kafka/server/KafkaServer.scala",
	"KafkaZkClient.scala":                     Kafka + "core/src/main/scala/kafka/zk/KafkaZkClient.scala",
	"LeaderEpochFileCache.scala":              Kafka + "core/src/main/scala/kafka/server/epoch/LeaderEpochFileCache.scala",
	"MetadataCache.scala":                     Kafka + "core/src/main/scala/kafka/server/MetadataCache.scala",
	"NetworkClient.java":                      Kafka + "clients/src/main/java/org/apache/kafka/clients/NetworkClient.java",
	"Partition.scala":                         Kafka + "core/src/main/scala/kafka/cluster/Partition.scala",
	"PartitionStateMachine.scala":             Kafka + "core/src/main/scala/kafka/controller/PartitionStateMachine.scala",
	"ReplicaFetcherBlockingSend.scala":        Kafka + "core/src/main/scala/kafka/server/ReplicaFetcherBlockingSend.scala",
	"ReplicaFetcherThread.scala":              Kafka + "core/src/main/scala/kafka/server/ReplicaFetcherThread.scala",
	"ReplicaManager.scala":                    Kafka + "core/src/main/scala/kafka/server/ReplicaManager.scala",
	"ReplicaStateMachine.scala":               Kafka + "core/src/main/scala/kafka/controller/ReplicaStateMachine.scala",
	"Sender.java":                             Kafka + "clients/src/main/java/org/apache/kafka/clients/producer/internals/Sender.java",
	"TopicCommand.scala":                      Kafka + "core/src/main/scala/kafka/admin/TopicCommand.scala",
	"ZkNodeChangeNotificationListener.scala":  Kafka + "core/src/main/scala/kafka/common/ZkNodeChangeNotificationListener.scala",
	"ClientCnxn.java":                         ZooKeeper + "zookeeper-server/src/main/java/org/apache/zookeeper/ClientCnxn.java",
	"ZooKeeper.java":                          ZooKeeper + "zookeeper-server/src/main/java/org/apache/zookeeper/ZooKeeper.java",
	"SessionTrackerImpl.java":                 zks + "SessionTrackerImpl.java",
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
