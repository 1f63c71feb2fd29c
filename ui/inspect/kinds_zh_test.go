package inspect

import (
	"testing"

	"brokerlab/core/sim"
)

// Every trace kind has its meaning in Chinese too, and no other; the
// inspector says it on a Chinese page.
func TestKindsInChinese(t *testing.T) {
	for k := range sim.Kinds {
		if kindsZH[k] == "" {
			t.Errorf("kind %q has no Chinese meaning in kindsZH", k)
		}
	}
	for k := range kindsZH {
		if _, ok := sim.Kinds[sim.Kind(k)]; !ok {
			t.Errorf("kindsZH has %q, which is no trace kind", k)
		}
	}
	e := sim.Event{Kind: sim.QueuePut, ID: 5, Item: "BrokerChange", Subj: "q"}
	if got := kindMeaning("zh", e); got == sim.Kinds[sim.QueuePut] || got == "" {
		t.Errorf("in Chinese: %q", got)
	}
}

// The inspector's field names, and the values that are words, in Chinese.
func TestFieldWords(t *testing.T) {
	f := fieldWords("zh", []Field{{K: "status", V: "not started yet"}, {K: "slot 3", V: "x"}, {K: "seq", V: "1"}})
	if f[0].K != "状态" || f[0].V != "尚未启动" || f[1].K != "槽位 3" || f[2].K != "序号" {
		t.Fatalf("fields in zh: %+v", f)
	}
	if g := fieldWords("en", f[:1]); g[0] != f[0] {
		t.Errorf("in English the fields stay as they are: %+v", g)
	}
}
