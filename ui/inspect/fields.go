package inspect

import (
	"strconv"
	"strings"

	"brokerlab/core/sim"
	"brokerlab/core/upstream"
	"brokerlab/ui/kit"
)

// Field is one line of the inspector.
type Field struct {
	K, V string
	Link string // a URL, when V links somewhere
}

// EventFields are the current event's fields, with its src linked upstream.
func EventFields(p Page) []Field {
	m, _, pos := p.Model()
	if m == nil || m.Len() == 0 {
		return nil
	}
	e := p.Unspoiled(m.Trace[pos], pos)
	f := []Field{
		{K: "seq", V: strconv.Itoa(e.Seq)},
		{K: "t", V: kit.Ms(e.T)},
		{K: "actor", V: e.Actor},
		{K: "kind", V: string(e.Kind) + " — " + kindMeaning(p.Language(), e)},
	}
	add := func(k, v string) {
		if v != "" {
			f = append(f, Field{K: k, V: v})
		}
	}
	add("subj", e.Subj)
	if e.ID != 0 {
		add("id", "#"+strconv.Itoa(e.ID))
	}
	add("item", e.Item)
	add("from", e.From)
	add("to", e.To)
	add("note", e.Note)
	if e.Src != "" {
		f = append(f, Field{K: "src", V: e.Src, Link: upstream.URL(e.Src)})
	}
	return f
}

// kindMeaning says what event e's kind means, in the page's language, with
// e's values in place of the field names sim.Kinds speaks of ("token
// #5/BrokerChange appended to queue ControllerEventManager.queue").
func kindMeaning(lang string, e sim.Event) string {
	m := sim.Kinds[e.Kind]
	if zh, ok := kindsZH[e.Kind]; ok && lang == "zh" {
		m = zh
	}
	id := ""
	if e.ID != 0 {
		id = "#" + strconv.Itoa(e.ID)
	}
	// The words (runs of ASCII letters, digits and _) that name a field
	// of sim.Event in sim.Kinds' descriptions.
	vals := map[string]string{"ID": id, "Item": e.Item, "Subj": e.Subj, "Note": e.Note, "From": e.From, "To": e.To}
	word := func(c byte) bool {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
	}
	var b strings.Builder
	for i := 0; i < len(m); {
		j := i
		for j < len(m) && word(m[j]) {
			j++
		}
		if j == i {
			b.WriteByte(m[i])
			i++
			continue
		}
		w := m[i:j]
		if v := vals[w]; v != "" && len([]rune(v)) <= 48 {
			w = v
		}
		b.WriteString(w)
		i = j
	}
	return b.String()
}

// fieldWords puts the inspector's field names, and the values that are
// words rather than names, into the page's language (the f. and v. keys).
func fieldWords(lang string, fs []Field) []Field {
	if lang != "zh" {
		return fs
	}
	out := make([]Field, len(fs))
	for i, f := range fs {
		if w, ok := Words["f."+f.K]; ok {
			f.K = w[1]
		} else if n, ok := strings.CutPrefix(f.K, "slot "); ok {
			f.K = Words["f.slot"][1] + " " + n
		}
		if w, ok := Words["v."+f.V]; ok {
			f.V = w[1]
		}
		out[i] = f
	}
	return out
}

// Words are the inspector's words, English and Chinese, by key: they
// join the one table the page's words are looked up in.
var Words = map[string][2]string{
	// The inspector's field names (f.) and word values (v.); English is the key.
	"f.seq": {"seq", "序号"}, "f.t": {"t", "时间"}, "f.actor": {"actor", "线程"}, "f.kind": {"kind", "类型"},
	"f.subj": {"subj", "对象"}, "f.id": {"id", "编号"}, "f.item": {"item", "事件"}, "f.from": {"from", "从"},
	"f.to": {"to", "到"}, "f.note": {"note", "说明"}, "f.src": {"src", "上游源码"},
	"f.status": {"status", "状态"}, "f.since": {"since", "起始于"}, "f.on": {"on", "等待于"},
	"f.last action": {"last action", "最近的动作"}, "f.holds": {"holds", "持有"}, "f.in hand": {"in hand", "正在处理"},
	"f.size": {"size", "长度"}, "f.slot": {"slot", "槽位"}, "f.holder": {"holder", "持有者"}, "f.event": {"event", "事件"},
	"f.where": {"where", "位置"}, "f.put by": {"put by", "放入者"}, "f.put at": {"put at", "放入时间"},
	"f.queue time": {"queue time", "排队时长"}, "f.callback got": {"callback got", "回调收到"}, "f.ip": {"ip", "IP"},
	"f.served by": {"served by", "服务线程"}, "f.interest / mute": {"interest / mute", "关注事件 / 静音"},
	"f.reason": {"reason", "原因"}, "f.expiry bucket": {"expiry bucket", "过期桶"}, "f.requests sent": {"requests sent", "已发请求"},
	"f.responses": {"responses", "已收响应"}, "f.request": {"request", "请求"}, "f.connection": {"connection", "连接"},
	"f.client state": {"client state", "客户端状态"}, "f.member": {"member", "成员"}, "f.member id": {"member id", "成员 id"},
	"f.last error": {"last error", "最近的错误"}, "f.owns": {"owns", "拥有"}, "f.session expires at": {"session expires at", "会话过期时间"},
	"f.deliveries": {"deliveries", "投递次数"}, "f.duplicates": {"duplicates", "重复"}, "f.fate": {"fate", "结局"},
	"f.committed offset": {"committed offset", "已提交位移"}, "f.process": {"process", "进程"},
	"f.ZooKeeper session": {"ZooKeeper session", "ZooKeeper 会话"}, "f.role": {"role", "角色"},
	"v.not put yet": {"not put yet", "尚未放入"}, "v.not started yet": {"not started yet", "尚未启动"},
	"v.not connected yet": {"not connected yet", "尚未连接"}, "v.not there yet": {"not there yet", "尚未出现"},
	"v.answered, or not sent yet": {"answered, or not sent yet", "已答复，或尚未发送"}, "v.no": {"no", "否"},
}
