package scenario_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// labAsk queues three events and lets the session expire in step 2, whose
// question asks what happens to them.
const labAsk = `use controller
set controller.eventTime 10ms
say "Three events are queued."
say.zh "三个事件排队。"
at 1ms put BrokerChange
at 2ms put TopicChange
at 3ms put TopicDeletion
run 3ms
say "The session expires."
say.zh "会话过期。"
ask "Which of the queued events are processed?"
ask.zh "排队的事件哪些会被处理？"
choice "Both" controller.preempted == ""
choice.zh "两个都会"
choice "None" controller.preempted == TopicChange,TopicDeletion
choice.zh "一个都不会"
choice "TopicDeletion" controller.preempted == TopicChange
at 4ms session expire
run until controller.queue == Expire
say "Done."
say.zh "完。"
run idle
`

func TestAskParses(t *testing.T) {
	sc, err := scenario.Parse("ask.lab", labAsk)
	require.NoError(t, err)
	require.Nil(t, sc.Steps[0].Ask)
	a := sc.Steps[1].Ask
	require.NotNil(t, a)
	require.Equal(t, [4]any{11, 1, "Which of the queued events are processed?", "排队的事件哪些会被处理？"}, [4]any{a.Line, a.Col, a.EN, a.ZH})
	require.Len(t, a.Choices, 3)
	got := []string{}
	for _, c := range a.Choices {
		got = append(got, c.EN+"|"+c.ZH+"|"+c.Cond.String())
	}
	require.Equal(t, []string{
		`Both|两个都会|controller.preempted == ""`,
		"None|一个都不会|controller.preempted == TopicChange,TopicDeletion",
		"TopicDeletion||controller.preempted == TopicChange",
	}, got)
}

// The simulation grades the question when the step's run completes: with
// 10 ms an event the two wait in the queue and are preempted; with 1 ms
// (a what-if) they were processed before the session expired.
func TestAskIsGradedByTheRun(t *testing.T) {
	for _, c := range []struct {
		sets  []string
		right []int
		item  string
	}{
		{nil, []int{1}, "2"},
		{[]string{"controller.eventTime 1ms"}, []int{0}, "1"},
	} {
		res := labRun(t, labAsk, scenario.Options{Sets: c.sets})
		require.Empty(t, res.Failures, "sets %v", c.sets)
		require.Len(t, res.Asks, 1)
		a := res.Asks[0]
		require.Equal(t, 1, a.Step)
		require.Equal(t, c.right, a.Right(), "sets %v", c.sets)
		// The reveal event comes after the step's last statement and
		// before the next step begins.
		ev := res.Trace[a.Seq]
		require.Equal(t, sim.Reveal, ev.Kind)
		require.Equal(t, 1, ev.ID)
		require.Equal(t, c.item, ev.Item)
		next := res.Trace[a.Seq+1]
		require.Equal(t, sim.Step, next.Kind)
		require.Equal(t, 2, next.ID)
		require.Equal(t, res.Steps[2].Seq, a.Seq+1)
	}
}

// A question in the last step is graded when the statements end; one that
// no choice answers is a failure at the ask's line.
func TestAskInTheLastStepAndUnanswered(t *testing.T) {
	src := strings.Replace(labAsk, "say \"Done.\"\nsay.zh \"完。\"\nrun idle\n", "", 1)
	src = strings.Replace(src, `choice "Both" controller.preempted == ""`, `choice "Both" controller.preempted == Nope`, 1)
	src = strings.Replace(src, `choice "None" controller.preempted == TopicChange,TopicDeletion`, `choice "None" controller.preempted == Nope2`, 1)
	res := labRun(t, src, scenario.Options{})
	require.Len(t, res.Asks, 1)
	require.Empty(t, res.Asks[0].Right())
	last := res.Trace[res.Asks[0].Seq]
	require.Equal(t, sim.Reveal, last.Kind)
	require.Equal(t, "no choice holds: controller.preempted is TopicChange,TopicDeletion", last.Note)
	require.Len(t, res.Failures, 1)
	f := res.Failures[0]
	require.Equal(t, f.Msg, f.Words.String())
	require.Equal(t, `ask "Which of the queued events are processed?"：没有一个选项成立：controller.preempted 为 TopicChange,TopicDeletion`, f.Words.Words("zh"))
	f.Words = nil
	require.Equal(t, scenario.Failure{Line: 11, Col: 1, Msg: `ask "Which of the queued events are processed?": no choice holds: controller.preempted is TopicChange,TopicDeletion`}, f)
}

func TestAskAndLetErrors(t *testing.T) {
	step := labUC + "say \"s\"\n"
	for _, c := range []struct {
		name, src string
		line, col int
		want      string
	}{
		{"ask before any step", labUC + `ask "q?"`, 2, 1, "ask belongs to a step"},
		{"ask twice", step + "ask \"a?\"\nchoice \"x\" controller.state == Idle\nchoice \"y\" controller.state != Idle\nask \"b?\"", 6, 1, "already asks a question (line 3)"},
		{"ask without text", step + "ask", 3, 4, `expected ask "QUESTION"`},
		{"ask unquoted", step + "ask what", 3, 1, `expected ask "QUESTION"`},
		{"ask.zh alone", step + `ask.zh "问"`, 3, 1, "ask.zh must follow the ask"},
		{"choice alone", step + `choice "x" controller.state == Idle`, 3, 1, "choice must follow an ask"},
		{"choice after a run", step + "ask \"q\"\nrun 1ms\nchoice \"x\" controller.state == Idle", 5, 1, "choice must follow an ask"},
		{"choice bad path", step + "ask \"q\"\nchoice \"x\" controller.nope == 1", 4, 12, `unknown state path "controller.nope"`},
		{"choice no condition", step + "ask \"q\"\nchoice \"x\"", 4, 0, "expected PATH OP VALUE"},
		{"choice.zh alone", step + "ask \"q\"\nchoice.zh \"选\"", 4, 1, "choice.zh must follow the choice"},
		{"one choice", step + "ask \"q\"\nchoice \"x\" controller.state == Idle\nrun 1ms", 3, 1, "ask needs at least two choices"},
		{"let form", "let N 2..5", 1, 7, "expected let NAME rand A..B"},
		{"let name", "let 9x rand 2..5", 1, 5, "expected a variable name"},
		{"let range", "let N rand 5..2", 1, 12, "expected a range of integers A..B"},
		{"let range words", "let N rand a..b", 1, 12, "expected a range of integers A..B"},
		{"let twice", "let N rand 1..2\nlet N rand 1..2", 2, 5, "variable N is already defined"},
		{"unknown variable", labUC + "at 1ms put ControlledShutdown id=$M", 2, 31, "unknown variable $M: define it first with let M rand A..B"},
		{"lone dollar", labUC + `say "costs $ 5"`, 2, 5, "write $$ for a dollar sign"},
		{"unterminated brace", labUC + `say "${N"`, 2, 5, "unterminated ${"},
		{"seed after let", "let N rand 1..2\nseed 3", 2, 1, "seed must come before let"},
		{"offset not a number", "let N rand 1..2\n" + labUC + `say "${N+x}"`, 3, 5, `expected ${NAME}, ${NAME+K} or ${NAME-K} with K a whole number up to 1000000, got "${N+x}"`},
		{"offset without a name", "let N rand 1..2\n" + labUC + `say "${+1}"`, 3, 5, `got "${+1}"`},
		{"offset twice", "let N rand 1..2\n" + labUC + `say "${N+1+1}"`, 3, 5, `got "${N+1+1}"`},
		{"offset unknown", "let N rand 1..2\n" + labUC + `say "${M-1}"`, 3, 5, "unknown variable $M"},
	} {
		_, err := scenario.Parse("ask.lab", c.src)
		var perr *scenario.Error
		require.True(t, errors.As(err, &perr), "%s: got %v", c.name, err)
		require.Contains(t, perr.Msg, c.want, c.name)
		require.Equal(t, c.line, perr.Line, "%s: %v", c.name, err)
		if c.col != 0 {
			require.Equal(t, c.col, perr.Col, "%s: %v", c.name, err)
		}
	}
}

const labLet = `seed 4
let N rand 2..5
let B rand 10..99
use controller
say "Broker ${B} shuts down; the queue will hold $N events. $$ is a dollar."
say.zh "Broker $B 关闭。"
at 1ms put ControlledShutdown id=$B
run idle
expect controller.processed == ControlledShutdown(id=$B)
`

// Variables are drawn from the seed: the same seed gives the same values,
// a link's seed another variant, within the range, in text and actions.
func TestLetVariants(t *testing.T) {
	seen := map[string]bool{}
	for seed := int64(0); seed <= 40; seed++ {
		sc, err := scenario.ParseSeed("let.lab", labLet, seed)
		require.NoError(t, err)
		again, _ := scenario.ParseSeed("let.lab", labLet, seed)
		require.Equal(t, sc.Vars, again.Vars)
		require.Len(t, sc.Vars, 2)
		n, b := sc.Vars[0].Value, sc.Vars[1].Value
		require.Contains(t, []string{"2", "3", "4", "5"}, n)
		require.Len(t, b, 2)
		seen[n] = true
		require.Equal(t, "Broker "+b+" shuts down; the queue will hold "+n+" events. $ is a dollar.", sc.Steps[0].EN)
		require.Equal(t, "Broker "+b+" 关闭。", sc.Steps[0].ZH)
		res := scenario.Run(sc, scenario.Options{})
		require.NoError(t, res.Err)
		require.Empty(t, res.Failures, "seed %d", seed)
		if seed == 0 {
			require.Equal(t, int64(4), sc.Seed, "no override: the file's seed")
		} else {
			require.Equal(t, seed, sc.Seed)
		}
	}
	require.Len(t, seen, 4, "forty seeds draw every value of 2..5")
}

// ${NAME+K} and ${NAME-K} are a variable's value plus or minus K, in text,
// actions and conditions alike.
func TestLetOffsets(t *testing.T) {
	const lab = `seed 4
let N rand 2..5
use controller
say "${N+1} deliveries: the first and $N retries; ${N-2} more than two."
say.zh "${N+1} 次投递。"
at 1ms put ControlledShutdown id=${N+10}
run idle
expect controller.processed == ControlledShutdown(id=${N+10})
`
	for seed := int64(1); seed <= 10; seed++ {
		sc, err := scenario.ParseSeed("off.lab", lab, seed)
		require.NoError(t, err)
		n, _ := strconv.Atoi(sc.Vars[0].Value)
		require.Equal(t, fmt.Sprintf("%d deliveries: the first and %d retries; %d more than two.", n+1, n, n-2), sc.Steps[0].EN)
		require.Equal(t, fmt.Sprintf("%d 次投递。", n+1), sc.Steps[0].ZH)
		res := scenario.Run(sc, scenario.Options{})
		require.NoError(t, res.Err)
		require.Empty(t, res.Failures, "seed %d", seed)
	}
}

// A question takes at most MaxChoices choices: one more is refused at its
// line, with the ask's, and a question of 5,000 (a link that ran the page
// out of memory) stops at the first one past the cap.
func TestAskChoicesAreCapped(t *testing.T) {
	ask := func(n int) string {
		var b strings.Builder
		b.WriteString(labUC + "say \"s\"\nask \"q\"\n")
		for i := range n {
			fmt.Fprintf(&b, "choice \"c%d\" controller.state == Idle\n", i)
		}
		return b.String()
	}
	sc, err := scenario.Parse("ask.lab", ask(scenario.MaxChoices))
	require.NoError(t, err)
	require.Len(t, sc.Steps[0].Ask.Choices, scenario.MaxChoices)
	for _, n := range []int{scenario.MaxChoices + 1, 5000} {
		_, err := scenario.Parse("ask.lab", ask(n))
		var perr *scenario.Error
		require.True(t, errors.As(err, &perr), "%d choices: got %v", n, err)
		require.Equal(t, 4+scenario.MaxChoices, perr.Line, "%d choices: %v", n, err)
		require.Equal(t, 1, perr.Col)
		require.Equal(t, "a question takes at most 8 choices: this one, asked at line 3, has more", perr.Msg)
		require.Equal(t, "sc.choice.max", perr.Data.Code)
		require.Equal(t, "一个问题最多只能有 8 个选项：第 3 行的问题超出了", perr.Data.Format("zh"))
	}
}
