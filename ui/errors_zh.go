package ui

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
)

// Scenario errors in Chinese. core/ says what went wrong in English, in
// messages built from format strings; the page in Chinese shows them
// translated here. Each catalog entry is an English format string as core
// writes it, and its Chinese. A message is matched against the formats;
// what a placeholder captured is copied as it is (a quoted value, a
// number, a name, a path), except that a %s, %v or %w capture which is
// itself a message ("setting %q: %w") is translated in turn. A message no
// format matches stays in English.
//
// A Chinese template may reorder the placeholders with %[n]v indexes.
// Lists stay as core joins them (names separated by ", "); the words
// around them are translated.

// zhMessages are core's message formats: core/scenario's (a test checks
// that every format in its source is here) and those of the systems' ErrX
// errors that reach a scenario's author; and a malformed link's (ui/link.go
// and ui/srclink.go, checked the same way).
var zhMessages = map[string]string{
	// core/scenario: the statements.
	`expected %s`:                               `应写成 %s`,
	`expected %s %s`:                            `应写成 %s %s`,
	`unknown escape \%s (use \" \\ or \n)`:      `未知的转义 \%s（只能用 \"、\\ 或 \n）`,
	`unterminated string: expected a closing "`: `字符串没有结束：缺少收尾的 "`,

	// core/scenario: questions and variables.
	`ask belongs to a step: write it after the say of the step whose run answers it`:    `ask 属于一个步骤：请把它写在那个步骤的 say 之后，由该步骤的运行来回答它`,
	`this step already asks a question (line %d): one ask a step`:                       `这一步已经有问题了（第 %d 行）：每一步只能有一个 ask`,
	`ask.zh must follow the ask of its step`:                                            `ask.zh 必须紧跟在本步骤的 ask 之后`,
	`choice must follow an ask, its ask.zh or another choice`:                           `choice 必须紧跟在 ask、它的 ask.zh 或另一个 choice 之后`,
	`choice.zh must follow the choice it translates`:                                    `choice.zh 必须紧跟在它所翻译的 choice 之后`,
	`ask needs at least two choices: choice "LABEL" PATH OP VALUE lines right after it`: `ask 至少需要两个选项：在它后面紧接着写 choice "LABEL" PATH OP VALUE 行`,
	`expected a variable name (letters, digits, _), got %q`:                             `应为变量名（字母、数字、_），实际为 %q`,
	`variable %s is already defined`:                                                    `变量 %s 已经定义过了`,
	`expected a range of integers A..B with A ≤ B, within ±%d, got %q`:                  `应为整数范围 A..B，A ≤ B，且在 ±%d 以内，实际为 %q`,
	`unterminated ${: expected }`:                                                       `${ 没有结束：缺少 }`,
	`a $ must start a variable ($NAME or ${NAME}); write $$ for a dollar sign`:          `$ 必须开始一个变量（$NAME 或 ${NAME}）；美元符号本身要写成 $$`,
	`unknown variable $%s: define it first with let %s rand A..B`:                       `未知的变量 $%s：请先用 let %s rand A..B 定义它`,
	`expected ${NAME}, ${NAME+K} or ${NAME-K} with K a whole number up to %d, got %q`:   `应写成 ${NAME}、${NAME+K} 或 ${NAME-K}，K 为不超过 %d 的整数，实际为 %q`,

	// core/scenario: running.
	`empty action`:                       `动作为空`,
	`%d: %s`:                             `第 %d 列：%s`,
	`the scenario uses no system`:        `场景没有用 use 指定系统`,
	`setting %q: expected KEY VALUE`:     `设置 %q：应写成 KEY VALUE`,
	`setting %q: %w`:                     `设置 %q：%w`,
	`action %q: %w`:                      `动作 %q：%w`,
	`action %q: negative event index %d`: `动作 %q：事件序号 %d 为负数`,
	`the clock would pass %s, as far as a run may go`:                      `时钟将超过 %s：一次运行最远只能到这个时刻`,
	`at %s: the clock already reads %s; the action runs now`:               `at %s：时钟已经到了 %s；动作改为现在执行`,
	`run idle: still busy after %s`:                                        `run idle：%s 后仍未空闲`,
	`run until %s: not reached within %s (got %s)`:                         `run until %s：%s 内没有达到（实际为 %s）`,
	`run until %s: off the lesson's path, the step ends after %s (got %s)`: `run until %s：“假如”让运行偏离了课程的路径，本步在 %s 后结束（实际为 %s）`,
	`expect %s: got %s`:   `expect %s：实际为 %s`,
	`no choice holds: %s`: `没有一个选项成立：%s`,
	`ask %q: %s`:          `ask %q：%s`,

	// Settings, shared shapes.
	`%s: %s`: `%s：%s`,

	// The systems' errors, once the scenario drops their "pkg: " (inside
	// a message it stays, and `%s: %s` carries it).
	`bad setting: %s`:                   `设置有误：%s`,
	`bad name: %s`:                      `名称有误：%s`,
	`unknown state path %q`:             `未知的状态路径 %q`,
	`unknown state path %q: %s`:         `未知的状态路径 %q：%s`,
	`unknown state path %q (paths: %s)`: `未知的状态路径 %q（可用的路径：%s）`,
	`unknown state path %q (paths: %s, and the group's: %s)`: `未知的状态路径 %q（可用的路径：%s；以及 group 的路径：%s）`,
	`missing ]`: `缺少 ]`,
	`empty []`:  `[] 为空`,

	// group.
	`durations must be ≥ 0`:                                                     `时长必须 ≥ 0`,
	`auto.offset.reset must be latest or earliest, got %q`:                      `auto.offset.reset 必须是 latest 或 earliest，实际为 %q`,
	`max.poll.records must be ≥ 1`:                                              `max.poll.records 必须 ≥ 1`,
	`auto.commit.interval.ms must be > 0`:                                       `auto.commit.interval.ms 必须 > 0`,
	`broker.id must be ≥ 0`:                                                     `broker.id 必须 ≥ 0`,
	`num.io.threads must be from 1 to 64`:                                       `num.io.threads 必须在 1 到 64 之间`,
	`group.min.session.timeout.ms must not exceed group.max.session.timeout.ms`: `group.min.session.timeout.ms 不能大于 group.max.session.timeout.ms`,
	`group.max.size must be ≥ 1`:                                                `group.max.size 必须 ≥ 1`,
	`consumer timeouts must be > 0`:                                             `消费者的各项超时都必须 > 0`,
	`heartbeat.interval.ms must be lower than session.timeout.ms`:               `heartbeat.interval.ms 必须小于 session.timeout.ms`,
	`partition.assignment.strategy is empty`:                                    `partition.assignment.strategy 为空`,
	`a topic has .partitions`:                                                   `主题只有 .partitions 字段`,
	`expected group[G].assignment[C]`:                                           `应写成 group[G].assignment[C]`,
	`a group has .state, .generation, .leader, .members, .pending, .protocol, .assignment[C], .currentStateTimestamp and .delayedJoin`: `组的字段有 .state、.generation、.leader、.members、.pending、.protocol、.assignment[C]、.currentStateTimestamp 和 .delayedJoin`,
	`a consumer has .state, .generation, .memberId, .error, .assignment, .leader, .heartbeats and .thread`:                             `消费者的字段有 .state、.generation、.memberId、.error、.assignment、.leader、.heartbeats 和 .thread`,

	// listener.
	`unknown ackMode %q`:                                                       `未知的 ackMode %q`,
	`no group.id`:                                                              `没有设置 group.id`,
	`the container has no topics`:                                              `容器没有设置 topics`,
	`concurrency must be from 1 to 1000`:                                       `concurrency 必须在 1 到 1000 之间`,
	`'ackCount' must be > 0`:                                                   `'ackCount' 必须 > 0`,
	`pollTimeout must be ≥ 1 ms`:                                               `pollTimeout 必须 ≥ 1 ms`,
	`maxAttempts and commitRetries must be ≥ 0`:                                `maxAttempts 和 commitRetries 必须 ≥ 0`,
	`errorHandler must be SeekToCurrent or ContainerStopping`:                  `errorHandler 必须是 SeekToCurrent 或 ContainerStopping`,
	`listener.ack must be after, before or none`:                               `listener.ack 必须是 after、before 或 none`,
	`Consumer cannot be configured for auto commit for ackMode %s`:             `ackMode 为 %s 时，消费者不能配置为自动提交`,
	`expected listener.delivered[P@OFFSET] such as listener.delivered[t0-0@5]`: `应写成 listener.delivered[P@OFFSET]，如 listener.delivered[t0-0@5]`,
	`expected %s[P] with a partition such as t0-0`:                             `应写成 %s[P]，P 为分区（如 t0-0）`,

	// replication and cluster.
	`expected topic-partition such as t-0, got %q`:         `应为主题分区（如 t-0），实际为 %q`,
	`%s must be from %d to %d ms, got %d`:                  `%s 必须在 %d 到 %d ms 之间，实际为 %d`,
	`replica.fetch.min.bytes must be from 1 to %d, got %d`: `replica.fetch.min.bytes 必须在 1 到 %d 之间，实际为 %d`,
	`min.insync.replicas must be from 1 to %d, got %d`:     `min.insync.replicas 必须在 1 到 %d 之间，实际为 %d`,
	`replica.socket.timeout.ms should always be at least replica.fetch.wait.max.ms to prevent unnecessary socket timeouts`: `replica.socket.timeout.ms 应始终不小于 replica.fetch.wait.max.ms，以免发生不必要的 socket 超时`,
	`brokers must be from 1 to %d, got %d`:                                                           `brokers 必须在 1 到 %d 之间，实际为 %d`,
	`zookeeper.session.timeout.ms must be from 1 to %d, got %d`:                                      `zookeeper.session.timeout.ms 必须在 1 到 %d 之间，实际为 %d`,
	`acks must be all, -1, 0 or 1, got %d`:                                                           `acks 必须是 all、-1、0 或 1，实际为 %d`,
	`retries must be ≥ 0`:                                                                            `retries 必须 ≥ 0`,
	`%s must be from 0 to %d, got %d`:                                                                `%s 必须在 0 到 %d 之间，实际为 %d`,
	`delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms`:           `delivery.timeout.ms 必须不小于 linger.ms 与 request.timeout.ms 之和`,
	`fetch.min.bytes must be ≥ 1`:                                                                    `fetch.min.bytes 必须 ≥ 1`,
	`expected NAME[KEY].field`:                                                                       `应写成 NAME[KEY].field`,
	`a partition has .leader, .isr, .epoch, .hw, .leo, .replicas, .state, .lost and .acked`:          `分区的字段有 .leader、.isr、.epoch、.hw、.leo、.replicas、.state、.lost 和 .acked`,
	`expected replica[P,N] with a partition and a broker id, such as replica[t-0,2]`:                 `应写成 replica[P,N]，P 为分区，N 为 Broker id，如 replica[t-0,2]`,
	`a replica has .leo, .hw, .log, .epochs, .role, .epoch, .fetcher, .caughtUpAgo and .metadataIsr`: `副本的字段有 .leo、.hw、.log、.epochs、.role、.epoch、.fetcher、.caughtUpAgo 和 .metadataIsr`,
	`a %s has %s`:                         `%s 的字段有 %s`,
	`expected broker[N] with a broker id`: `应写成 broker[N]，N 为 Broker id`,
	`a broker has .state, .session, .sessionExpiresAt, .fetchers, .purgatory.produce, .purgatory.fetch and .controller`: `Broker 的字段有 .state、.session、.sessionExpiresAt、.fetchers、.purgatory.produce、.purgatory.fetch 和 .controller`,

	// core/scenario: a run that reached a budget, or a system too large for one.
	`the run stopped at its budget of %d events (at %s): run for less time or make the system smaller`:                              `运行在事件预算 %d 个处停止（虚拟时间 %s）：请缩短运行时间，或把系统规模调小`,
	`the run stopped at its memory budget, a trace of %d MB, after %d events (at %s): run for less time or make the system smaller`: `运行在内存预算处停止：轨迹已达 %d MB，共 %d 个事件（虚拟时间 %s）：请缩短运行时间，或把系统规模调小`,
	`the run stopped at its budget of %dh of virtual time: shorten its run and at lines`:                                            `运行在虚拟时间预算 %dh 处停止：请缩短 run 和 at 行的时间`,
	// Refused actions (sim.Refuse: "TEXT: refused, WHY"), by system.
	`%s: refused, %s`:                                      `%s：被拒绝，%s`,
	`%s is already running`:                                `%s 已经在运行`,
	`%s is not running`:                                    `%s 没有在运行`,
	`partitions can only be increased (it has %d)`:         `分区数只能增加（现在有 %d 个）`,
	`bad client: %s`:                                       `客户端有误：%s`,
	`%s's log ends at offset %d: records must start there`: `%s 的日志结束于位移 %d：新消息必须从这里开始`,
	`no partition %s`:                                      `没有分区 %s`,
	`the container is running`:                             `容器正在运行`,
	`the container is not running`:                         `容器没有在运行`,
	`%s has not stopped yet`:                               `%s 还没有停下来`,
	`ackMode %s gives the listener no Acknowledgment`:      `ackMode 为 %s 时，监听器拿不到 Acknowledgment`,
	`it was never delivered`:                               `这条消息从未投递过`,
	`the consumer it was delivered to died`:                `接收这条消息的消费者已经死了`,
	`topic %s already exists (TopicExistsException)`:       `主题 %s 已经存在（TopicExistsException）`,
	`Invalid partition given with record: %d is not in the range [0...%d).`: `消息指定的分区无效：%d 不在范围 [0...%d) 内`,
	`broker %d has not started`:         `Broker %d 还没有启动`,
	`broker %d is already dead`:         `Broker %d 已经宕机`,
	`broker %d is %s, not %s`:           `Broker %d 的状态是 %s，而不是 %s`,
	`no broker runs a controller`:       `没有任何 Broker 在运行控制器`,
	`the name %s is in use`:             `名称 %s 正在使用中`,
	`no open connection %s`:             `没有名为 %s 的打开的连接`,
	`%d requests at once, more than %d`: `一次发出 %d 个请求，超过了上限 %d`,
	`no connection %s`:                  `没有名为 %s 的连接`,

	// ui: a link (ParseLink, DecodeSrc) and its query (net/url).
	`malformed link`:       `链接格式有误`,
	`malformed link: %w`:   `链接格式有误：%w`,
	`no page %q`:           `没有页面 %q`,
	`unknown parameter %q`: `未知的参数 %q`,
	`events=%q is not a number from 1 to 2000000`: `events=%q 不是 1 到 2000000 之间的数`,
	`conns=%q is not a number from 1 to 10000`:    `conns=%q 不是 1 到 10000 之间的数`,
	`seed=%q is not a number`:                     `seed=%q 不是数字`,
	`pos=%q is not an event number`:               `pos=%q 不是事件序号`,
	`lang=%q: want en or zh`:                      `lang=%q：应为 en 或 zh`,
	`theme=%q: want light or dark`:                `theme=%q：应为 light 或 dark`,
	`a=%q: want EVENT:ACTION`:                     `a=%q：应写成 EVENT:ACTION`,
	`a=%q: no action`:                             `a=%q：缺少动作`,
	`set=%q: want one of the what-if settings, e.g. controller.putLock:false`: `set=%q：应为一项假设设置，例如 controller.putLock:false`,
	`src= is %d KB, more than the %d KB a link may carry`:                     `src= 有 %d KB，超过了链接最多能携带的 %d KB`,
	`src= is not an edited scenario (base64url)`:                              `src= 不是编辑过的场景（不是 base64url 编码）`,
	`src= is not an edited scenario (it does not inflate: cut short?)`:        `src= 不是编辑过的场景（无法解压：是不是被截断了？）`,
	`src= inflates past %d KB`:                                                `src= 解压后超过 %d KB`,
	`src= is not an edited scenario (not UTF-8 text)`:                         `src= 不是编辑过的场景（不是 UTF-8 文本）`,
	`invalid URL escape %q`:                                                   `无效的 URL 转义 %q`,
	`invalid semicolon separator in query`:                                    `查询串中有无效的分号分隔符`,
}

// zhParts are phrases core puts inside its messages (a list of options, a
// path's value): they are translated only there, never as a message.
var zhParts = map[string]string{
	`%s is %s`: `%s 为 %s`,
}

// zhTemplate is a catalog entry compiled.
type zhTemplate struct {
	en, zh string
	lits   []string // the English's literal text around its captures: len(verbs)+1
	verbs  []byte   // each capture's verb, in order
	out    []zhSeg  // the Chinese: text and captures
	lit    int      // the English's literal characters: more is more specific
	han    bool     // the Chinese says something of its own (not only "%s：%s")
	part   bool     // from zhParts
	note   bool     // from zhNotes (notes_zh.go): used for trace notes only
}

// zhSeg is a piece of a Chinese template: text, or capture arg (from 0).
type zhSeg struct {
	text string
	arg  int
}

var (
	zhOnce      sync.Once
	zhTemplates []*zhTemplate // most specific first
)

// zhCompile compiles the catalog once, on first use.
func zhCompile() []*zhTemplate {
	zhOnce.Do(func() {
		add := func(m map[string]string, part, note bool) {
			for en, zh := range m {
				t, err := compileZH(en, zh)
				if err != nil {
					panic(err) // the catalog is constant: TestZHCatalog reports it first
				}
				t.part, t.note = part, note
				zhTemplates = append(zhTemplates, t)
			}
		}
		add(zhMessages, false, false)
		add(zhParts, true, false)
		add(msg.Notes, false, true)
		slices.SortFunc(zhTemplates, func(a, b *zhTemplate) int {
			if a.lit != b.lit {
				return b.lit - a.lit
			}
			return strings.Compare(a.en, b.en)
		})
	})
	return zhTemplates
}

// fmtVerb is a format verb at [start, end) of a format: %s, %q, %d, %g,
// %v, %w or %%, with arg the argument index Chinese templates may give it
// (%[2]s), 0 if none.
type fmtVerb struct {
	start, end int
	verb       byte
	arg        int
}

// fmtVerbs finds the verbs of a format.
func fmtVerbs(f string) []fmtVerb {
	var out []fmtVerb
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		v := fmtVerb{start: i}
		j := i + 1
		if j < len(f) && f[j] == '[' {
			k := strings.IndexByte(f[j:], ']')
			if k < 0 {
				continue
			}
			n, err := strconv.Atoi(f[j+1 : j+k])
			if err != nil {
				continue
			}
			v.arg, j = n, j+k+1
		}
		if j < len(f) && strings.IndexByte("sqdgvw%", f[j]) >= 0 {
			v.verb, v.end = f[j], j+1
			out = append(out, v)
			i = j
		}
	}
	return out
}

func compileZH(en, zh string) (*zhTemplate, error) {
	t := &zhTemplate{en: en, zh: zh}
	lit, last := "", 0
	for _, m := range fmtVerbs(en) {
		lit += en[last:m.start]
		last = m.end
		if m.verb == '%' {
			lit += "%"
			continue
		}
		if m.arg != 0 {
			return nil, errors.New("an English format has no argument indexes: " + en)
		}
		t.lits = append(t.lits, lit)
		t.verbs = append(t.verbs, m.verb)
		lit = ""
	}
	t.lits = append(t.lits, lit+en[last:])
	for _, l := range t.lits {
		t.lit += len(l)
	}
	// The Chinese: its captures in its own order.
	last, next := 0, 0
	used := make([]bool, len(t.verbs))
	for _, m := range fmtVerbs(zh) {
		t.out = append(t.out, zhSeg{text: zh[last:m.start], arg: -1})
		last = m.end
		if m.verb == '%' {
			t.out = append(t.out, zhSeg{text: "%", arg: -1})
			continue
		}
		i := next
		if m.arg != 0 {
			i = m.arg - 1
		}
		next = i + 1
		if i < 0 || i >= len(t.verbs) || t.verbs[i] != m.verb || used[i] {
			return nil, errors.New("the Chinese's placeholders differ from the English's: " + en)
		}
		used[i] = true
		t.out = append(t.out, zhSeg{arg: i})
	}
	t.out = append(t.out, zhSeg{text: zh[last:], arg: -1})
	if slices.Contains(used, false) {
		return nil, errors.New("the Chinese drops a placeholder of the English: " + en)
	}
	for _, s := range t.out {
		t.han = t.han || strings.ContainsFunc(s.text, isHan)
	}
	return t, nil
}

// match matches a whole message against the English format and returns
// what each verb captured. As a regular expression would: %s, %v and %w
// take the shortest text that lets the rest match (at least a character),
// %d and %g the longest number, %q one double-quoted string.
func (t *zhTemplate) match(msg string) ([]string, bool) {
	args := make([]string, len(t.verbs))
	var from func(i int, rest string) bool
	from = func(i int, rest string) bool {
		rest, ok := strings.CutPrefix(rest, t.lits[i])
		if !ok {
			return false
		}
		if i == len(t.verbs) {
			return rest == ""
		}
		try := func(n int) bool {
			args[i] = rest[:n]
			return from(i+1, rest[n:])
		}
		switch t.verbs[i] {
		case 'q':
			n := quotedLen(rest)
			return n > 0 && try(n)
		case 'd', 'g':
			for n := numberLen(rest, t.verbs[i] == 'g'); n > 0; n-- {
				if rest[n-1] >= '0' && rest[n-1] <= '9' && try(n) {
					return true
				}
			}
			return false
		default:
			for n := 1; n <= len(rest); n++ {
				if try(n) {
					return true
				}
			}
			return false
		}
	}
	return args, from(0, msg)
}

// quotedLen is the length of the Go-quoted string s starts with, 0 if none.
func quotedLen(s string) int {
	if s == "" || s[0] != '"' {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return 0
}

// numberLen is the length of the longest number s starts with: an integer,
// or with float a decimal with an optional fraction and exponent.
func numberLen(s string, float bool) int {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() bool {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > j
	}
	if !digits() {
		return 0
	}
	if !float {
		return i
	}
	if end := i; i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			i = end
		}
	}
	if end := i; i < len(s) && s[i] == 'e' {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if !digits() {
			i = end
		}
	}
	return i
}

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }

// zhMessage translates an English message; ok is false when no format
// matches it (the message then stays in English). used, if not nil, hears
// each catalog entry the translation used (tests).
func zhMessage(msg string, used func(en string)) (string, bool) {
	return (&zhRun{memo: map[zhKey]zhResult{}}).whole(msg, used)
}

func (z *zhRun) whole(msg string, used func(en string)) (string, bool) {
	r := z.translate(msg, false)
	if !r.ok {
		return msg, false
	}
	if used != nil {
		for _, en := range r.used {
			used(en)
		}
	}
	return r.zh, true
}

// zhRun is one translation: formats nest ("setting %q: %w"), so a message
// may match several ways; the one that explains the most of it wins, its
// score being the English text its formats account for. A tie goes to the
// more specific outer format.
type zhRun struct {
	memo  map[zhKey]zhResult
	notes bool // translate a trace note (zhNotes), not an error
}

type zhKey struct {
	msg    string
	inside bool
}

type zhResult struct {
	zh    string
	score int
	ok    bool
	used  []string
}

func (z *zhRun) translate(msg string, inside bool) zhResult {
	k := zhKey{msg, inside}
	if r, ok := z.memo[k]; ok {
		return r
	}
	var best zhResult
	for _, t := range zhCompile() {
		if t.part && !inside || t.note != z.notes {
			continue
		}
		args, ok := t.match(msg)
		if !ok {
			continue
		}
		r := zhResult{score: t.lit, ok: t.han, used: []string{t.en}}
		for i, v := range t.verbs {
			if v != 's' && v != 'v' && v != 'w' {
				continue
			}
			if sub := z.translate(args[i], true); sub.ok {
				args[i] = sub.zh
				r.score += sub.score
				r.ok = true
				r.used = append(r.used, sub.used...)
			}
		}
		// Only punctuation of its own ("%s：%s") and nothing inside
		// translated: not this message's format.
		if !r.ok || r.score <= best.score {
			continue
		}
		var b strings.Builder
		for _, s := range t.out {
			if s.arg < 0 {
				b.WriteString(s.text)
			} else {
				b.WriteString(args[s.arg])
			}
		}
		r.zh = b.String()
		best = r
	}
	z.memo[k] = best
	return best
}

// errMsg is a message of core in the page's language.
func (a *App) errMsg(msg string) string {
	if a.Lang != "zh" {
		return msg
	}
	zh, _ := zhMessage(msg, nil)
	return zh
}

// errText is an error of core in the page's language; a scenario error
// keeps its file:line:col.
func (a *App) errText(err error) string {
	if e, ok := err.(*scenario.Error); ok {
		return e.File + ":" + strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Col) + ": " + a.scenarioMsg(e)
	}
	return a.words(err.Error(), err, nil)
}

// scenarioMsg is a scenario error's message, without its place, in the
// page's language.
func (a *App) scenarioMsg(e *scenario.Error) string { return a.words(e.Msg, e, nil) }

// words is text, the English of err or of what err wraps, in the page's
// language: an error as data (core/msg) in the catalog's words, what
// wraps it (not yet data) through the formats above. used, if not nil,
// hears the formats used (tests).
func (a *App) words(text string, err error, used func(en string)) string {
	var d *msg.Error
	if a.Lang != "zh" {
		return text
	}
	i := -1
	if errors.As(err, &d) {
		i = strings.LastIndex(text, d.Error())
	}
	if i < 0 {
		zh, _ := zhMessage(text, used)
		return zh
	}
	if i == 0 {
		return d.Format("zh")
	}
	zh, _ := zhMessage(text[:i]+"\x00", used)
	return strings.Replace(zh, "\x00", d.Format("zh"), 1)
}
