package stage

import "brokerlab/ui/model"

// The group stage's words for static membership: a static member's card
// names its group.instance.id, and a member whose process is gone while
// the coordinator still holds it says so (its session bar runs down).
type staticDict struct{ static, down string }

func staticWords(zh bool) staticDict {
	if zh {
		return staticDict{"静态", "进程已停止"}
	}
	return staticDict{"static", "process down"}
}

// held says whether the coordinator still holds a member whose process is gone.
func held(m model.Member) bool { return m.In && m.Down }

// memberState is the card's line for the client: its MemberState, or that
// its process is gone while it is still a member.
func memberState(m model.Member, sw staticDict) string {
	if held(m) {
		return sw.down
	}
	return m.Client
}

// instanceLine is "static ID" for a static member, "" for a dynamic one.
func instanceLine(m model.Member, sw staticDict) string {
	if m.Instance == "" {
		return ""
	}
	return sw.static + " " + m.Instance
}
