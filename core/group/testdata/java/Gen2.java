import java.util.*; import org.apache.kafka.clients.consumer.*; import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Subscription; import org.apache.kafka.clients.consumer.internals.AbstractStickyAssignor; import org.apache.kafka.common.TopicPartition;
public class Gen2 {
  static Map<String, AbstractStickyAssignor.MemberData> data = new HashMap<>();
  static class S extends AbstractStickyAssignor {
    public String name() { return "sticky"; }
    protected MemberData memberData(Subscription s) { return data.get(s.topics().get(0) + "\u0000" + System.identityHashCode(s)); }
  }
  public static void main(String[] a) {
    Random rnd = new Random(7);
    String[] topicNames = {"t0","t1","topic2","abc"};
    StringBuilder out = new StringBuilder();
    for (int c = 0; c < 300; c++) {
      int nt = 1 + rnd.nextInt(3);
      Map<String,Integer> sizes = new LinkedHashMap<>();
      for (int i = 0; i < nt; i++) sizes.put(topicNames[i], 1 + rnd.nextInt(c % 3 == 0 ? 20 : 8));
      List<String> members = new ArrayList<>();
      Map<String,List<String>> topicsOf = new HashMap<>();
      int nm = 1 + rnd.nextInt(6);
      for (int i = 0; i < nm; i++) members.add(Gen.newMember(rnd, i));
      boolean sameSubs = rnd.nextBoolean();
      for (String m : members) topicsOf.put(m, Gen.subsFor(rnd, sizes, sameSubs));
      Map<String, AbstractStickyAssignor.MemberData> memory = new HashMap<>();
      int rounds = 1 + rnd.nextInt(5);
      for (int r = 0; r < rounds; r++) {
        Map<String, Subscription> subs = new HashMap<>();
        data.clear();
        StringBuilder line = new StringBuilder();
        for (Map.Entry<String,Integer> e : sizes.entrySet()) line.append(e.getKey()).append('=').append(e.getValue()).append(' ');
        line.append('|');
        for (String m : members) {
          Subscription s = new Subscription(topicsOf.get(m), null, Collections.emptyList());
          AbstractStickyAssignor.MemberData md = memory.getOrDefault(m, new AbstractStickyAssignor.MemberData(Collections.emptyList(), Optional.empty()));
          data.put(s.topics().get(0) + "\u0000" + System.identityHashCode(s), md);
          subs.put(m, s);
          line.append(' ').append(m).append(':').append(String.join(",", topicsOf.get(m))).append(':')
              .append(md.generation.isPresent() ? String.valueOf(md.generation.get()) : "-").append(':').append(Gen.tps(md.partitions));
        }
        Set<String> all = new HashSet<>();
        for (Map.Entry<String, Subscription> e : subs.entrySet()) all.addAll(e.getValue().topics());
        Map<String,Integer> ppt = new HashMap<>();
        for (String t : all) if (sizes.containsKey(t)) ppt.put(t, sizes.get(t));
        Map<String, List<TopicPartition>> res = new S().assign(ppt, subs);
        line.append(" |");
        for (String m : members) line.append(' ').append(m).append('=').append(Gen.tps(res.get(m)));
        out.append(line).append('\n');
        for (String m : members) if (rnd.nextInt(5) != 0) memory.put(m, new AbstractStickyAssignor.MemberData(new ArrayList<>(res.get(m)), Optional.of(r + 1)));
        int ev = rnd.nextInt(3);
        if (ev == 0 && members.size() > 1) { String gone = members.remove(rnd.nextInt(members.size())); memory.remove(gone); }
        else if (ev == 1) { String n = Gen.newMember(rnd, members.size() + 10); members.add(n); topicsOf.put(n, Gen.subsFor(rnd, sizes, sameSubs)); }
      }
    }
    System.out.print(out);
  }
}
