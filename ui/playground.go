package ui

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
	"brokerlab/ui/kit"
)

// The playground (#/playground): free play with brokerlab's internals, as
// RaftScope offers for Raft. A form assembles a cluster; the form writes a
// scenario (.lab) that the page runs on the stage; each action taken from
// the stage (kill a broker, a consumer leaves, a produce) becomes a line
// of that scenario, at the virtual time it was taken. The scenario is the
// one state: the link carries it (src=), the editor opens it, Save writes
// it. The form keeps itself in the scenario's "# form:" comment, so a link
// or a reload gives the form back.
//
// What the form offers comes from the chosen system's scenario surface
// (core/<sys>/surface.go, through scenario.Surfaces): the brokers field if
// the table has a brokers setting, replication factors if its topic action
// takes replication.factor=, producers if it has produce, consumer groups
// if it has consumer C join (with assignor= and instance= when the form
// takes them, the assignors from scenario.Assignors), and every other
// setting of the table with its kind and default.

// PlayFile names the playground's scenario in messages.
const PlayFile = "playground.lab"

// The form's own bounds: a playground cluster is small enough to watch.
const (
	playMaxTopics    = 4
	playMaxParts     = 16
	playMaxProducers = 4
	playMaxRecords   = 100
	playMaxRequests  = 30
	playMaxGroups    = 3
	playMaxMembers   = 8
	playMaxRun       = 600 // seconds
	// A producer sends its first request at playProduceStart, then one every
	// playProduceEvery, round robin over its topic's partitions; consumers
	// join at playJoinAt. The run goes on playTail past the last action.
	playProduceStart = 2 * time.Second
	playProduceEvery = 2 * time.Second
	playJoinAt       = time.Second
	playTail         = 10 * time.Second
)

// PlayForm is the cluster the form assembles.
type PlayForm struct {
	System    string // the `use` line
	Brokers   int
	Topics    []PlayTopic
	Producers []PlayProducer // named p1, p2, …; request ids p1-1, p1-2, …
	Groups    []PlayGroup    // named g1, g2, …; members g1-c1, g1-c2, …
	Settings  []string       // "KEY VALUE", the form's and the what-if panel's
	Actions   []PlayAction   // taken from the stage
	RunFor    int            // seconds, at least
}

// PlayTopic is a topic: its partitions and replication factor.
type PlayTopic struct {
	Name           string
	Partitions, RF int
}

// PlayProducer sends Count produce requests of Records records to Topic.
type PlayProducer struct {
	Topic, Acks    string
	Records, Count int
}

// PlayGroup is a consumer group of Members consumers subscribed to Topic;
// Static gives each a group.instance.id.
type PlayGroup struct {
	Topic, Assignor string
	Members         int
	Static          bool
}

// PlayAction is an action taken from the stage, at virtual time At.
type PlayAction struct {
	At     time.Duration
	Action string
}

// DefaultPlayForm is the cluster the playground opens with: three
// brokers, topic t0 with three partitions on all three, a producer with
// acks=all, and a group of two consumers (where the system runs groups).
func DefaultPlayForm() PlayForm {
	f := PlayForm{System: "cluster", Brokers: 3, RunFor: 30,
		Topics:    []PlayTopic{{Name: "t0", Partitions: 3, RF: 3}},
		Producers: []PlayProducer{{Topic: "t0", Acks: "all", Records: 1, Count: 5}},
		Groups:    []PlayGroup{{Topic: "t0", Members: 2}},
	}
	if as := scenario.Assignors(); len(as) > 0 {
		f.Groups[0].Assignor = as[0]
	}
	return f
}

// AcksChoices are the acks a producer may ask for (ProducerConfig acks).
var AcksChoices = []string{"all", "1", "0"}

// playCaps is what a system's surface lets the form write.
type playCaps struct {
	brokers, rf, produce, join, assignor, instance bool
	idempotence                                    bool
	brokersMax                                     int
	settings                                       []scenario.SettingDoc // the rest, for the settings section
}

func surfaceOf(sys string) (scenario.Surface, bool) {
	for _, s := range scenario.Surfaces() {
		if s.Name == sys {
			return s, true
		}
	}
	return scenario.Surface{}, false
}

func capsOf(sys string) playCaps {
	var c playCaps
	s, ok := surfaceOf(sys)
	if !ok {
		return c
	}
	for _, r := range s.Settings {
		switch {
		case r.Key == "brokers":
			c.brokers = true
			_, c.brokersMax, _ = intRange(r.Kind)
		case r.Key == "enable.idempotence":
			c.idempotence = true
		case !family(r.Key):
			c.settings = append(c.settings, r)
		}
	}
	for _, a := range s.Actions {
		switch {
		case strings.HasPrefix(a.Form, "topic T"):
			c.rf = c.rf || strings.Contains(a.Form, "replication.factor=")
		case strings.HasPrefix(a.Form, "produce P"):
			c.produce = true
		case strings.HasPrefix(a.Form, "consumer C join G"):
			c.join = true
			c.assignor = strings.Contains(a.Form, "[assignor=")
			c.instance = strings.Contains(a.Form, "[instance=")
		}
	}
	return c
}

// family reports whether key names a family of settings, its last word
// upper-case (controller.eventTime.EVENT): the form offers single ones.
func family(key string) bool {
	last := key[strings.LastIndexByte(key, '.')+1:]
	return last != "" && last == strings.ToUpper(last) && strings.ToLower(last) != last
}

// intRange reads a table's "integer LO..HI" kind.
func intRange(kind string) (lo, hi int, ok bool) {
	r, found := strings.CutPrefix(kind, "integer ")
	a, b, cut := strings.Cut(r, "..")
	if !found || !cut {
		return 0, 0, false
	}
	lo, e1 := strconv.Atoi(a)
	hi, e2 := strconv.Atoi(b)
	return lo, hi, e1 == nil && e2 == nil
}

// PlaySystems are the systems the form can assemble: those whose table
// creates topics and has producers or consumer groups.
func PlaySystems() []string {
	var out []string
	for _, s := range scenario.Surfaces() {
		topic, clients := false, false
		for _, a := range s.Actions {
			topic = topic || strings.HasPrefix(a.Form, "topic T")
			clients = clients || strings.HasPrefix(a.Form, "produce P") || strings.HasPrefix(a.Form, "consumer C join G")
		}
		if topic && clients {
			out = append(out, s.Name)
		}
	}
	return out
}

func (f PlayForm) partitions(topic string) int {
	for _, t := range f.Topics {
		if t.Name == topic {
			return t.Partitions
		}
	}
	return 0
}

// Lab is the scenario the form writes.
func (f PlayForm) Lab() string {
	c := capsOf(f.System)
	var b strings.Builder
	b.WriteString("# brokerlab playground: the form at #/playground wrote this scenario.\n")
	b.WriteString("# form: " + f.encode() + "\n")
	b.WriteString("use " + f.System + "\n")
	if c.brokers {
		b.WriteString("set brokers " + strconv.Itoa(f.Brokers) + "\n")
	}
	for _, s := range f.Settings {
		if k, _, _ := strings.Cut(s, " "); c.idempotence || k != "enable.idempotence" {
			b.WriteString("set " + s + "\n")
		}
	}
	var at []PlayAction
	for _, t := range f.Topics {
		line := "topic " + t.Name + " partitions=" + strconv.Itoa(t.Partitions)
		if c.rf {
			line += " replication.factor=" + strconv.Itoa(max(1, min(t.RF, f.Brokers)))
		}
		at = append(at, PlayAction{0, line})
	}
	if c.produce {
		for i, p := range f.Producers {
			n := f.partitions(p.Topic)
			for k := 0; k < p.Count && n > 0; k++ {
				at = append(at, PlayAction{playProduceStart + time.Duration(k)*playProduceEvery,
					"produce " + p.Topic + "-" + strconv.Itoa(k%n) + " acks=" + p.Acks + " records=" + strconv.Itoa(p.Records) +
						" id=p" + strconv.Itoa(i+1) + "-" + strconv.Itoa(k+1)})
			}
		}
	}
	if c.join {
		for i, g := range f.Groups {
			name := "g" + strconv.Itoa(i+1)
			for m := 1; m <= g.Members; m++ {
				member := name + "-c" + strconv.Itoa(m)
				line := "consumer " + member + " join " + name + " topics=" + g.Topic
				if c.assignor && g.Assignor != "" {
					line += " assignor=" + g.Assignor
				}
				if c.instance && g.Static {
					line += " instance=" + member + "-i"
				}
				at = append(at, PlayAction{playJoinAt, line})
			}
		}
	}
	at = append(at, f.Actions...)
	slices.SortStableFunc(at, func(x, y PlayAction) int { return int(x.At - y.At) })
	end := time.Duration(f.RunFor) * time.Second
	for _, a := range at {
		b.WriteString("at " + sim.FormatDuration(a.At) + " " + a.Action + "\n")
		end = max(end, a.At+playTail)
	}
	b.WriteString("run " + sim.FormatDuration(end) + "\n")
	return b.String()
}

// encode is the form as its "# form:" comment holds it.
func (f PlayForm) encode() string {
	q := url.Values{}
	q.Set("sys", f.System)
	q.Set("brokers", strconv.Itoa(f.Brokers))
	q.Set("run", strconv.Itoa(f.RunFor))
	for _, t := range f.Topics {
		q.Add("topic", t.Name+":"+strconv.Itoa(t.Partitions)+":"+strconv.Itoa(t.RF))
	}
	for _, p := range f.Producers {
		q.Add("producer", p.Topic+":"+p.Acks+":"+strconv.Itoa(p.Records)+":"+strconv.Itoa(p.Count))
	}
	for _, g := range f.Groups {
		q.Add("group", g.Topic+":"+strconv.Itoa(g.Members)+":"+g.Assignor+":"+strconv.FormatBool(g.Static))
	}
	for _, s := range f.Settings {
		q.Add("set", s)
	}
	for _, a := range f.Actions {
		q.Add("act", strconv.FormatInt(a.At.Microseconds(), 10)+":"+a.Action)
	}
	return strings.ReplaceAll(q.Encode(), "+", "%20")
}

// FormOf reads the form back from a scenario's "# form:" comment; false
// if it has none, or one the form did not write.
func FormOf(src string) (PlayForm, bool) {
	var line string
	for l := range strings.SplitSeq(src, "\n") {
		if v, ok := strings.CutPrefix(l, "# form: "); ok {
			line = v
			break
		}
	}
	q, err := url.ParseQuery(line)
	if line == "" || err != nil {
		return PlayForm{}, false
	}
	f := PlayForm{System: q.Get("sys")}
	bad := !slices.Contains(PlaySystems(), f.System)
	num := func(s string, lo, hi int) int {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			bad = true
		}
		return n
	}
	f.Brokers = num(q.Get("brokers"), 1, 1<<20)
	f.RunFor = num(q.Get("run"), 1, playMaxRun)
	for _, v := range q["topic"] {
		p := strings.Split(v, ":")
		if len(p) != 3 {
			return PlayForm{}, false
		}
		f.Topics = append(f.Topics, PlayTopic{p[0], num(p[1], 1, playMaxParts), num(p[2], 1, 1<<20)})
	}
	for _, v := range q["producer"] {
		p := strings.Split(v, ":")
		if len(p) != 4 {
			return PlayForm{}, false
		}
		f.Producers = append(f.Producers, PlayProducer{p[0], p[1], num(p[2], 1, playMaxRecords), num(p[3], 1, playMaxRequests)})
	}
	for _, v := range q["group"] {
		p := strings.Split(v, ":")
		if len(p) != 4 {
			return PlayForm{}, false
		}
		f.Groups = append(f.Groups, PlayGroup{Topic: p[0], Members: num(p[1], 1, playMaxMembers), Assignor: p[2], Static: p[3] == "true"})
	}
	f.Settings = q["set"]
	for _, v := range q["act"] {
		us, action, ok := strings.Cut(v, ":")
		if !ok {
			return PlayForm{}, false
		}
		f.Actions = append(f.Actions, PlayAction{time.Duration(num(us, 0, 1<<40)) * time.Microsecond, action})
	}
	return f, !bad
}

// PlayState is the App's part for the playground.
type PlayState struct {
	Play PlayForm
	// playErr: the form's scenario does not parse or run; the form shows
	// it, and the stage the last run that did.
	playErr error
	// PlayEdited: the editor's text runs, not the form's (a change to the
	// form writes the form's again).
	PlayEdited bool
	hits       []monitorHit // the run's invariant violations (Monitors)
	hitsRun    int
}

func playLesson(src string) lessons.Lesson {
	return lessons.Lesson{ID: "playground", File: PlayFile, Scenario: src,
		Title: lessons.Text{EN: "Playground", ZH: "实验场"}}
}

// playScenario is what a playground link runs: the scenario it carries,
// else the default form's. Its form comes back from its "# form:" line.
func (a *App) playScenario(l Link) (lessons.Lesson, *scenario.Scenario, error) {
	a.playErr = nil
	src := l.Src
	if src == "" {
		src = DefaultPlayForm().Lab()
	}
	f, ok := FormOf(src)
	if !ok {
		f = DefaultPlayForm()
	}
	a.Play, a.PlayEdited = f, src != f.Lab()
	les := playLesson(f.Lab()) // the editor's "own" text is the form's
	if a.Ed.Open {
		a.Ed.Replace(src)
	}
	sc, err := scenario.ParseSeed(PlayFile, src, l.Seed)
	if err != nil && src != les.Scenario {
		// A link's text that does not parse opens in the editor with its
		// error, and the form's scenario runs (as a lesson's draft does).
		a.Ed.Open, a.Ed.Note = true, nil
		a.Ed.Replace(src)
		a.notice = func() string { return a.T("playBroken") }
		sc, err = scenario.ParseSeed(PlayFile, les.Scenario, l.Seed)
	}
	return les, sc, err
}

// playApply writes the form's scenario and runs it, showing the moment at
// virtual time at. A scenario that does not parse does not run: the form
// says why.
func (a *App) playApply(at time.Duration) {
	defer a.catch()
	src := a.Play.Lab()
	sc, err := scenario.ParseSeed(PlayFile, src, a.Link.Seed)
	a.playErr = err
	if err != nil {
		return
	}
	a.Lesson, a.Sc, a.PlayEdited = playLesson(src), sc, false
	a.Link = Link{Page: "playground", Seed: a.Link.Seed, Src: src}
	if a.Ed.Open {
		a.Ed.Replace(src)
	}
	a.notice, a.Crash, a.Playing = nil, "", false
	a.rerun()
	a.seekTime(at)
	if err := a.runErr(); err != nil {
		a.playErr = err
	}
}

// playEditedRun follows the editor's text, run in the playground: the
// form is its "# form:" line's, and says whether the text is the form's.
func (a *App) playEditedRun(src string) {
	a.playErr = nil
	if f, ok := FormOf(src); ok {
		a.Play = f
		a.Lesson = playLesson(f.Lab())
	}
	a.PlayEdited = src != a.Play.Lab()
}

// seekTime shows the first event at virtual time at or later.
func (a *App) seekTime(at time.Duration) {
	us := at.Microseconds()
	i, _ := slices.BinarySearchFunc(a.M.Trace, us, func(e sim.Event, t int64) int { return int(e.T - t) })
	a.seek(i)
}

// now is the current event's virtual time.
func (a *App) now() time.Duration { return time.Duration(a.Event().T) * time.Microsecond }

// playAct makes actions from the stage lines of the scenario, at the
// current event's time rounded up to the millisecond, and plays on.
func (a *App) playAct(actions ...string) {
	at := (a.now() + time.Millisecond - 1).Truncate(time.Millisecond)
	for _, act := range actions {
		a.Play.Actions = append(a.Play.Actions, PlayAction{at, act})
	}
	a.playApply(at)
	a.Playing = a.playErr == nil && a.Pos < a.Len()-1
}

// playSet folds settings from the what-if panel into the form's.
func (a *App) playSet(sets []string) {
	a.Play.Settings = sets
	a.playApply(a.now())
}

// HasSteps reports whether the run's scenario narrates (say lines written
// in the editor make the playground's scenario a lesson's draft: the
// narration shows under the form).
func (a *App) HasSteps() bool { return a.Sc != nil && len(a.Sc.Steps) > 0 }

// RevertText is the editor's button that puts the page's own scenario
// back: the lesson's, or the playground's form's.
func (a *App) RevertText() string {
	if a.Page == "playground" {
		return a.T("playRevert")
	}
	return a.T("editRevert")
}

// PlaySettingInput is the settings section's value input for key: a
// number between the table's bounds for an integer, else text.
func (a *App) PlaySettingInput(key string) (typ, lo, hi string) {
	for _, r := range a.PlayCaps().settings {
		if l, h, ok := intRange(r.Kind); ok && r.Key == key {
			return "number", strconv.Itoa(l), strconv.Itoa(h)
		}
	}
	return "text", "", ""
}

// PlayErr is the form's error, "" if none, in the page's language.
func (a *App) PlayErr() string {
	if a.playErr == nil {
		return ""
	}
	return a.errText(a.playErr)
}

// PlayCaps is what the form shows for its system.
func (a *App) PlayCaps() playCaps { return capsOf(a.Play.System) }

// The form's controls. Each change writes the scenario and reruns it, from
// the same virtual time.

func clampInt(s string, lo, hi, def int) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return def
	}
	return max(lo, min(hi, n))
}

func (a *App) playChanged() { a.playApply(a.now()) }

// SetPlaySystem switches the system the form assembles.
func (a *App) SetPlaySystem(sys string) {
	if slices.Contains(PlaySystems(), sys) {
		a.Play.System = sys
		// Settings of another system's table would not parse.
		var kept []string
		for _, s := range a.Play.Settings {
			if k, _, _ := strings.Cut(s, " "); a.playHasSetting(k) {
				kept = append(kept, s)
			}
		}
		a.Play.Settings = kept
		a.Play.Actions = nil // taken on another system's stage
		a.playChanged()
	}
}

func (a *App) playHasSetting(key string) bool {
	s, _ := surfaceOf(a.Play.System)
	for _, r := range s.Settings {
		if r.Key == key {
			return true
		}
	}
	return false
}

// SetPlayBrokers sets the number of brokers (replication factors follow).
func (a *App) SetPlayBrokers(v string) {
	a.Play.Brokers = clampInt(v, 1, max(1, a.PlayCaps().brokersMax), a.Play.Brokers)
	a.playChanged()
}

// SetPlayRun sets how long the run lasts at least, in seconds.
func (a *App) SetPlayRun(v string) {
	a.Play.RunFor = clampInt(v, 1, playMaxRun, a.Play.RunFor)
	a.playChanged()
}

// SetPlayTopic sets field ("partitions", "rf") of topic i.
func (a *App) SetPlayTopic(i int, field, v string) {
	if i < 0 || i >= len(a.Play.Topics) {
		return
	}
	t := &a.Play.Topics[i]
	switch field {
	case "partitions":
		t.Partitions = clampInt(v, 1, playMaxParts, t.Partitions)
	case "rf":
		t.RF = clampInt(v, 1, a.Play.Brokers, t.RF)
	}
	a.playChanged()
}

// AddPlayTopic adds a topic t1, t2, … like the first.
func (a *App) AddPlayTopic() {
	if len(a.Play.Topics) >= playMaxTopics {
		return
	}
	used := map[string]bool{}
	for _, t := range a.Play.Topics {
		used[t.Name] = true
	}
	a.Play.Topics = append(a.Play.Topics, PlayTopic{Name: kit.FirstFree("t", 0, used), Partitions: 2, RF: min(a.Play.Brokers, 3)})
	a.playChanged()
}

// DropPlayTopic removes topic i, and the clients of it.
func (a *App) DropPlayTopic(i int) {
	if i < 0 || i >= len(a.Play.Topics) || len(a.Play.Topics) == 1 {
		return
	}
	name := a.Play.Topics[i].Name
	a.Play.Topics = slices.Delete(a.Play.Topics, i, i+1)
	a.Play.Producers = slices.DeleteFunc(a.Play.Producers, func(p PlayProducer) bool { return p.Topic == name })
	a.Play.Groups = slices.DeleteFunc(a.Play.Groups, func(g PlayGroup) bool { return g.Topic == name })
	a.playChanged()
}

// PlayTopicNames are the form's topics, for the clients' choices.
func (a *App) PlayTopicNames() []string {
	var out []string
	for _, t := range a.Play.Topics {
		out = append(out, t.Name)
	}
	return out
}

// SetPlayProducer sets field ("topic", "acks", "records", "count") of
// producer i.
func (a *App) SetPlayProducer(i int, field, v string) {
	if i < 0 || i >= len(a.Play.Producers) {
		return
	}
	p := &a.Play.Producers[i]
	switch field {
	case "topic":
		if a.Play.partitions(v) > 0 {
			p.Topic = v
		}
	case "acks":
		if slices.Contains(AcksChoices, v) {
			p.Acks = v
		}
	case "records":
		p.Records = clampInt(v, 1, playMaxRecords, p.Records)
	case "count":
		p.Count = clampInt(v, 1, playMaxRequests, p.Count)
	}
	a.playChanged()
}

// AddPlayProducer adds a producer to the first topic.
func (a *App) AddPlayProducer() {
	if len(a.Play.Producers) < playMaxProducers {
		a.Play.Producers = append(a.Play.Producers, PlayProducer{Topic: a.Play.Topics[0].Name, Acks: "all", Records: 1, Count: 5})
		a.playChanged()
	}
}

// DropPlayProducer removes producer i.
func (a *App) DropPlayProducer(i int) {
	if i >= 0 && i < len(a.Play.Producers) {
		a.Play.Producers = slices.Delete(a.Play.Producers, i, i+1)
		a.playChanged()
	}
}

// PlayIdempotent reports whether the form sets enable.idempotence.
func (a *App) PlayIdempotent() bool { return a.playSetting("enable.idempotence") == "true" }

// SetPlayIdempotent sets enable.idempotence (the table's, when it has it).
func (a *App) SetPlayIdempotent(on bool) {
	a.Play.Settings = withSetting(a.Play.Settings, "enable.idempotence", kit.IfChecked(on, "true"))
	a.playChanged()
}

func (a *App) playSetting(key string) string {
	for _, s := range a.Play.Settings {
		if v, ok := strings.CutPrefix(s, key+" "); ok {
			return v
		}
	}
	return ""
}

// withSetting is sets with key set to val ("": dropped), in place.
func withSetting(sets []string, key, val string) []string {
	out := []string{}
	done := false
	for _, s := range sets {
		if !strings.HasPrefix(s, key+" ") {
			out = append(out, s)
		} else if val != "" && !done {
			out, done = append(out, key+" "+val), true
		}
	}
	if val != "" && !done {
		out = append(out, key+" "+val)
	}
	return out
}

// SetPlayGroup sets field ("topic", "members", "assignor", "static") of
// group i.
func (a *App) SetPlayGroup(i int, field, v string) {
	if i < 0 || i >= len(a.Play.Groups) {
		return
	}
	g := &a.Play.Groups[i]
	switch field {
	case "topic":
		if a.Play.partitions(v) > 0 {
			g.Topic = v
		}
	case "members":
		g.Members = clampInt(v, 1, playMaxMembers, g.Members)
	case "assignor":
		if slices.Contains(scenario.Assignors(), v) {
			g.Assignor = v
		}
	case "static":
		g.Static = v == "true"
	}
	a.playChanged()
}

// AddPlayGroup adds a group of two consumers of the first topic.
func (a *App) AddPlayGroup() {
	if len(a.Play.Groups) < playMaxGroups {
		a.Play.Groups = append(a.Play.Groups, PlayGroup{Topic: a.Play.Topics[0].Name, Members: 2, Assignor: DefaultPlayForm().Groups[0].Assignor})
		a.playChanged()
	}
}

// DropPlayGroup removes group i.
func (a *App) DropPlayGroup(i int) {
	if i >= 0 && i < len(a.Play.Groups) {
		a.Play.Groups = slices.Delete(a.Play.Groups, i, i+1)
		a.playChanged()
	}
}

// PlayGroupName is group i's name.
func PlayGroupName(i int) string { return "g" + strconv.Itoa(i+1) }

// PlayProducerName is producer i's name.
func PlayProducerName(i int) string { return "p" + strconv.Itoa(i+1) }

// PlayAssignors are the assignors a group may use, from the table.
func (a *App) PlayAssignors() []string { return scenario.Assignors() }

// PlaySettingKeys are the settings of the system's table the settings
// section offers.
func (a *App) PlaySettingKeys() []string {
	var out []string
	for _, r := range a.PlayCaps().settings {
		out = append(out, r.Key)
	}
	return out
}

// PlaySettingHint is what setting key takes and its default, from the
// table.
func (a *App) PlaySettingHint(key string) string {
	for _, r := range a.PlayCaps().settings {
		if r.Key == key {
			return r.Kind + " · " + a.T("default") + " " + r.Default
		}
	}
	return ""
}

// AddPlaySetting sets a setting from the settings section; the parser
// checks the value, and the form shows its error.
func (a *App) AddPlaySetting(key, val string) {
	val = strings.TrimSpace(val)
	if !slices.Contains(a.PlaySettingKeys(), key) || val == "" || strings.ContainsAny(val, " \t\n") {
		return
	}
	a.Play.Settings = withSetting(a.Play.Settings, key, val)
	a.playChanged()
}

// DropPlaySetting removes setting i.
func (a *App) DropPlaySetting(i int) {
	if i >= 0 && i < len(a.Play.Settings) {
		a.Play.Settings = slices.Delete(a.Play.Settings, i, i+1)
		a.playChanged()
	}
}

// PlayActionText is action i as the scenario writes it.
func (a *App) PlayActionText(i int) string {
	x := a.Play.Actions[i]
	return "at " + sim.FormatDuration(x.At) + " " + x.Action
}

// DropPlayAction removes action i.
func (a *App) DropPlayAction(i int) {
	if i >= 0 && i < len(a.Play.Actions) {
		a.Play.Actions = slices.Delete(a.Play.Actions, i, i+1)
		a.playChanged()
	}
}

// ResetPlay puts the default form back.
func (a *App) ResetPlay() {
	a.Play = DefaultPlayForm()
	a.playApply(0)
}

// SavePlay saves the scenario the page runs as a .lab file.
func (a *App) SavePlay() {
	if a.Web != nil {
		a.Web.Download(PlayFile, "text/plain", a.Source())
	}
}

// PlayHash is the link to the playground's scenario at this moment.
func (a *App) PlayHash() string { return a.Hash() }

// The invariant monitors: what the systems check at every step (kind
// invariant in the trace), as three lines the playground shows while it
// plays. Each is known by the notes core traces when it breaks (their
// English formats, the notes catalog's keys), and applies when the run has
// what it is about.
type monitor struct {
	key     string   // words: its name
	formats []string // the violation notes that break it
	applies func(a *App) bool
}

var monitors = []monitor{
	{key: "inv.acked", formats: []string{"acknowledged acks=all record %s@%d (%s) lost without an unclean election"},
		applies: func(a *App) bool { return a.End().Clu != nil }},
	{key: "inv.leader", formats: []string{"two leaders of %s in epoch %d: brokers %d and %d"},
		applies: func(a *App) bool { return a.End().Clu != nil }},
	{key: "inv.owner", formats: []string{"%s generation %d: %s is assigned to both %s and %s"},
		applies: func(a *App) bool { return a.End().Grp != nil && len(a.End().Grp.Groups) > 0 }},
}

type monitorHit struct {
	seq, monitor int
	note         *msg.Note
}

// MonitorView is one line of the panel: its name, its state in words, a
// class for its colour, and what broke it.
type MonitorView struct {
	Name, State, Class, Detail string
}

func (a *App) monitorHits() []monitorHit {
	if a.hitsRun != a.run || a.hits == nil {
		a.hitsRun, a.hits = a.run, []monitorHit{}
		for _, e := range a.M.Trace {
			if e.Kind != sim.Invariant || e.Words == nil {
				continue
			}
			for i, m := range monitors {
				if slices.Contains(m.formats, e.Words.Format) {
					a.hits = append(a.hits, monitorHit{e.Seq, i, e.Words})
				}
			}
		}
	}
	return a.hits
}

// Monitors are the panel's lines at the current event.
func (a *App) Monitors() []MonitorView {
	if a.M == nil {
		return nil
	}
	hits := a.monitorHits()
	var out []MonitorView
	for i, m := range monitors {
		v := MonitorView{Name: a.T(m.key), State: a.T("inv.holds"), Class: "inv holds"}
		if !m.applies(a) {
			v.State, v.Class = a.T("inv.none"), "inv none"
		}
		for _, h := range hits {
			if h.monitor == i && h.seq <= a.Pos {
				v.State, v.Class, v.Detail = a.T("inv.broken"), "inv broken", h.note.Words(a.Lang)
				break
			}
		}
		out = append(out, v)
	}
	return out
}

// Playground is the playground's form and monitors (playground.vugu).
type Playground struct {
	A *App
	// The settings section's inputs, until added.
	SetKey, SetVal string
}

func (c *Playground) inputType() string { t, _, _ := c.A.PlaySettingInput(c.setKey()); return t }
func (c *Playground) inputMin() string  { _, l, _ := c.A.PlaySettingInput(c.setKey()); return l }
func (c *Playground) inputMax() string  { _, _, h := c.A.PlaySettingInput(c.setKey()); return h }

func (c *Playground) setKey() string {
	if c.SetKey != "" {
		return c.SetKey
	}
	if k := c.A.PlaySettingKeys(); len(k) > 0 {
		return k[0]
	}
	return ""
}

// Checked is a checkbox's state as Vugu's .checked takes it.
func (c *Playground) Checked(on bool) bool { return on }

var playWords = map[string][2]string{
	"playground":     {"Playground", "实验场"},
	"playIntro":      {"Assemble a cluster, play it, and break it from the stage: the form and every action write the scenario.", "搭一个集群，播放它，再从舞台上破坏它：表单和每个操作都会写进场景。"},
	"playOpen":       {"Open the playground", "打开实验场"},
	"playCardText":   {"Free play: brokers, topics, producers and consumer groups of your own.", "自由实验：自己配置 broker、主题、生产者和消费者组。"},
	"playSystem":     {"System", "系统"},
	"playBrokers":    {"Brokers", "broker 数量"},
	"playTopics":     {"Topics", "主题"},
	"playTopic":      {"Topic", "主题"},
	"playPartitions": {"Partitions", "分区数"},
	"playRF":         {"Replicas", "副本数"},
	"playAddTopic":   {"Add a topic", "添加主题"},
	"playProducers":  {"Producers", "生产者"},
	"playRecords":    {"Records", "记录数"},
	"playRequests":   {"Requests", "请求数"},
	"playAddProd":    {"Add a producer", "添加生产者"},
	"playIdem":       {"Idempotent producers", "幂等生产者"},
	"playGroups":     {"Consumer groups", "消费者组"},
	"playMembers":    {"Members", "成员数"},
	"playAssignor":   {"Assignor", "分配器"},
	"playStatic":     {"Static members", "静态成员"},
	"playAddGroup":   {"Add a group", "添加消费者组"},
	"playNoGroups":   {"This system runs no consumer groups: choose group to play one.", "这个系统不运行消费者组：选择 group 才能实验消费者组。"},
	"playSettings":   {"Settings", "配置"},
	"playSetting":    {"Setting", "配置项"},
	"playValue":      {"Value", "值"},
	"playSet":        {"Set", "设置"},
	"playRunFor":     {"Run for (s)", "运行时长（秒）"},
	"playActions":    {"Actions from the stage", "来自舞台的操作"},
	"playNoActions":  {"None yet: select a broker or a consumer on the stage, then act in the what-if panel.", "还没有：在舞台上选中一个 broker 或消费者，再在假设面板里操作。"},
	"playScenario":   {"The scenario", "场景"},
	"playEdit":       {"Open in the editor", "在编辑器中打开"},
	"playSave":       {"Save .lab", "保存 .lab"},
	"playLink":       {"Link to this moment", "指向此刻的链接"},
	"playReset":      {"Start over", "重新开始"},
	"playEdited":     {"The editor's text runs; a change to the form writes the form's scenario again.", "现在运行的是编辑器里的文本；修改表单会重新写出表单的场景。"},
	"playRemove":     {"Remove", "移除"},
	"playRevert":     {"The form's", "恢复表单的场景"},
	"playBroken":     {"The link's scenario has an error (see the editor): the form's runs", "链接中的场景有错误（见编辑器）：现在运行表单的场景"},
	"invariants":     {"Invariants", "不变量"},
	"inv.acked":      {"No acknowledged record lost without an unclean election", "没有非干净选举，已确认的记录就不会丢失"},
	"inv.leader":     {"One leader per epoch", "每个纪元只有一个领导者副本"},
	"inv.owner":      {"One owner per partition per generation", "每一代中每个分区只有一个属主"},
	"inv.holds":      {"holds", "成立"},
	"inv.broken":     {"broken", "被打破"},
	"inv.none":       {"not in this run", "本次运行不涉及"},
	// The group panel's member actions (group.go MemberVerbs).
	"verb.leave":   {"leave", "离开"},
	"verb.crash":   {"crash", "崩溃"},
	"verb.restart": {"restart", "重启"},
}

// playWords join the one table T reads, as webWords do.
func init() {
	for k, v := range playWords {
		if _, dup := words[k]; !dup {
			words[k] = v
		}
	}
}
