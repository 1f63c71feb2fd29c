package org.apache.kafka.clients.consumer;
import java.nio.ByteBuffer; import java.util.*; import org.apache.kafka.common.TopicPartition;
public interface ConsumerPartitionAssignor {
  String name();
  default List<RebalanceProtocol> supportedProtocols() { return Collections.singletonList(RebalanceProtocol.EAGER); }
  enum RebalanceProtocol { EAGER, COOPERATIVE }
  final class Subscription {
    private final List<String> topics; private final ByteBuffer userData; private final List<TopicPartition> owned;
    public Subscription(List<String> t, ByteBuffer u, List<TopicPartition> o){topics=t;userData=u;owned=o;}
    public List<String> topics(){return topics;} public ByteBuffer userData(){return userData;} public List<TopicPartition> ownedPartitions(){return owned;}
  }
}
