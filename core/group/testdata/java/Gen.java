import java.util.*; import org.apache.kafka.clients.consumer.*; import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Subscription; import org.apache.kafka.common.TopicPartition;
public class Gen {
  public static void main(String[] a) {
    Random rnd = new Random(42);
    String[] topicNames = {"t0","t1","topic2","abc"};
    StringBuilder out = new StringBuilder();
    for (int c = 0; c < 300; c++) {
      int nt = 1 + rnd.nextInt(3);
      Map<String,Integer> sizes = new LinkedHashMap<>();
      for (int i = 0; i < nt; i++) sizes.put(topicNames[i], 1 + rnd.nextInt(c % 3 == 0 ? 20 : 8));
      List<String> members = new ArrayList<>();
      Map<String,List<String>> topicsOf = new HashMap<>();
      int nm = 1 + rnd.nextInt(6);
      for (int i = 0; i < nm; i++) members.add(newMember(rnd, i));
      boolean sameSubs = rnd.nextBoolean();
      for (String m : members) topicsOf.put(m, subsFor(rnd, sizes, sameSubs));
      Map<String,List<TopicPartition>> owned = new HashMap<>();
      for (String m : members) owned.put(m, new ArrayList<>());
      int rounds = 1 + rnd.nextInt(4);
      for (int r = 0; r < rounds; r++) {
        Map<String, Subscription> subs = new HashMap<>();
        StringBuilder line = new StringBuilder();
        for (Map.Entry<String,Integer> e : sizes.entrySet()) line.append(e.getKey()).append('=').append(e.getValue()).append(' ');
        line.append('|');
        for (String m : members) {
          subs.put(m, new Subscription(topicsOf.get(m), null, owned.get(m)));
          line.append(' ').append(m).append(':').append(String.join(",", topicsOf.get(m))).append(':').append(tps(owned.get(m)));
        }
        Set<String> all = new HashSet<>();
        for (Map.Entry<String, Subscription> e : subs.entrySet()) all.addAll(e.getValue().topics());
        Map<String,Integer> ppt = new HashMap<>();
        for (String t : all) if (sizes.containsKey(t)) ppt.put(t, sizes.get(t));
        Map<String, List<TopicPartition>> res = new CooperativeStickyAssignor().assign(ppt, subs);
        line.append(" |");
        for (String m : members) line.append(' ').append(m).append('=').append(tps(res.get(m)));
        out.append(line).append('\n');
        // next round: owned = result; maybe a member leaves or joins
        for (String m : members) owned.put(m, new ArrayList<>(res.get(m)));
        int ev = rnd.nextInt(3);
        if (ev == 0 && members.size() > 1) { String gone = members.remove(rnd.nextInt(members.size())); owned.remove(gone); }
        else if (ev == 1) { String n = newMember(rnd, members.size() + 10); members.add(n); topicsOf.put(n, subsFor(rnd, sizes, sameSubs)); owned.put(n, new ArrayList<>()); }
      }
    }
    System.out.print(out);
  }
  static String newMember(Random rnd, int i) { return "C" + i + "-" + Integer.toHexString(0x1000 + rnd.nextInt(0xefff)); }
  static List<String> subsFor(Random rnd, Map<String,Integer> sizes, boolean all) {
    List<String> t = new ArrayList<>();
    for (String s : sizes.keySet()) if (all || rnd.nextBoolean()) t.add(s);
    if (t.isEmpty()) t.add(sizes.keySet().iterator().next());
    return t;
  }
  static String tps(List<TopicPartition> l) { StringBuilder b = new StringBuilder(); for (TopicPartition tp : l) { if (b.length() > 0) b.append(','); b.append(tp.topic()).append('-').append(tp.partition()); } return b.toString(); }
}
