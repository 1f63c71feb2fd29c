package org.apache.kafka.clients.consumer.internals;
import java.util.*; import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor; import org.apache.kafka.common.TopicPartition;
public abstract class AbstractPartitionAssignor implements ConsumerPartitionAssignor {
  public abstract Map<String, List<TopicPartition>> assign(Map<String, Integer> partitionsPerTopic, Map<String, Subscription> subscriptions);
}
