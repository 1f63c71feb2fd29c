package listener

// Upstream places the steps mirror (spring-projects/spring-kafka
// v2.5.17.RELEASE, spring-kafka/src/main/java/org/springframework/kafka/listener/).
const (
	srcRun                     = "KafkaMessageListenerContainer.java ListenerConsumer.run"
	srcAppend                  = "Log.scala Log.append"
	srcPollAndInvoke           = "KafkaMessageListenerContainer.java ListenerConsumer.pollAndInvoke"
	srcProcessCommits          = "KafkaMessageListenerContainer.java ListenerConsumer.processCommits"
	srcHandleAcks              = "KafkaMessageListenerContainer.java ListenerConsumer.handleAcks"
	srcProcessAck              = "KafkaMessageListenerContainer.java ListenerConsumer.processAck"
	srcAckImmediate            = "KafkaMessageListenerContainer.java ListenerConsumer.ackImmediate"
	srcAddOffset               = "KafkaMessageListenerContainer.java ListenerConsumer.addOffset"
	srcCommitIfNecessary       = "KafkaMessageListenerContainer.java ListenerConsumer.commitIfNecessary"
	srcCheckRebalanceCommits   = "KafkaMessageListenerContainer.java ListenerConsumer.checkRebalanceCommits"
	srcAckCurrent              = "KafkaMessageListenerContainer.java ListenerConsumer.ackCurrent"
	srcDoInvokeRecordListener  = "KafkaMessageListenerContainer.java ListenerConsumer.doInvokeRecordListener"
	srcDoInvokeOnMessage       = "KafkaMessageListenerContainer.java ListenerConsumer.doInvokeOnMessage"
	srcInvokeErrorHandler      = "KafkaMessageListenerContainer.java ListenerConsumer.invokeErrorHandler"
	srcWrapUp                  = "KafkaMessageListenerContainer.java ListenerConsumer.wrapUp"
	srcAcknowledge             = "KafkaMessageListenerContainer.java ConsumerAcknowledgment.acknowledge"
	srcOnPartitionsRevoked     = "KafkaMessageListenerContainer.java ListenerConsumerRebalanceListener.onPartitionsRevoked"
	srcCollectAndCommit        = "KafkaMessageListenerContainer.java ListenerConsumerRebalanceListener.collectAndCommitIfNecessary"
	srcDoStart                 = "ConcurrentMessageListenerContainer.java ConcurrentMessageListenerContainer.doStart"
	srcDoStop                  = "ConcurrentMessageListenerContainer.java ConcurrentMessageListenerContainer.doStop"
	srcChildDoStop             = "KafkaMessageListenerContainer.java KafkaMessageListenerContainer.doStop"
	srcStop                    = "AbstractMessageListenerContainer.java AbstractMessageListenerContainer.stop"
	srcSeekToCurrentHandle     = "SeekToCurrentErrorHandler.java SeekToCurrentErrorHandler.handle"
	srcDoSeeks                 = "SeekUtils.java SeekUtils.doSeeks"
	srcSkip                    = "FailedRecordTracker.java FailedRecordTracker.skip"
	srcRecoverer               = "FailedRecordTracker.java FailedRecordTracker.attemptRecovery"
	srcGetSkipPredicate        = "FailedRecordProcessor.java FailedRecordProcessor.getSkipPredicate"
	srcContainerStoppingHandle = "ContainerStoppingErrorHandler.java ContainerStoppingErrorHandler.handle"
)
