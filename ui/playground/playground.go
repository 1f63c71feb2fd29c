// Package playground is the playground (#/playground): free play with
// brokerlab's internals, as RaftScope offers for Raft. A form assembles a
// cluster; the form writes a scenario (.lab) that the page runs on the
// stage; each action taken from the stage (kill a broker, a consumer
// leaves, a produce) becomes a line of that scenario, at the virtual time
// it was taken. The scenario is the one state: the link carries it (src=),
// the editor opens it, Save writes it. The form keeps itself in the
// scenario's "# form:" comment, so a link or a reload gives the form back.
// The page runs it (Page).
package playground

//go:generate go tool vugugen -skip-go-mod -skip-main .

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
	"brokerlab/ui/kit"
)

// What the form offers comes from the chosen system's scenario surface
// (core/<sys>/surface.go, through scenario.Surfaces): the brokers field if
// the table has a brokers setting, replication factors if its topic action
// takes replication.factor=, producers if it has produce, consumer groups
// if it has consumer C join (with assignor= and instance= when the form
// takes them, the assignors from scenario.Assignors), and every other
// setting of the table with its kind and default.

// Page is what the playground needs from the page.
type Page interface {
	T(key string) string      // a word of the chrome in the page's language
	ErrText(err error) string // an error of core in the page's language
	Now() time.Duration       // the current event's virtual time
	// Run runs src, the form's scenario, showing the moment at virtual
	// time at; ran is false when src does not parse (err says why), else
	// err is what stopped the run, if anything.
	Run(src string, at time.Duration) (ran bool, err error)
	Source() string                   // the scenario the page runs, as text
	Hash() string                     // the link to this moment
	OpenEditor()                      // opens the running scenario in the editor
	Download(name, mime, data string) // saves a text file
	Monitors() []MonitorView          // the invariant monitors at the current event
}

// MonitorView is one line of the invariants panel: its name, its state in
// words, a class for its colour, and what broke it.
type MonitorView struct {
	Name, State, Class, Detail string
}

// File names the playground's scenario in messages.
const File = "playground.lab"

// The form's own bounds: a playground cluster is small enough to watch.
const (
	maxTopics    = 4
	maxParts     = 16
	maxProducers = 4
	maxRecords   = 100
	maxRequests  = 30
	maxGroups    = 3
	maxMembers   = 8
	maxRun       = 600 // seconds
	// A producer sends its first request at ProduceStart, then one every
	// produceEvery, round robin over its topic's partitions; consumers
	// join at joinAt. The run goes on tail past the last action.
	ProduceStart = 2 * time.Second
	produceEvery = 2 * time.Second
	joinAt       = time.Second
	tail         = 10 * time.Second
)

// Form is the cluster the form assembles.
type Form struct {
	System    string // the `use` line
	Brokers   int
	Topics    []Topic
	Producers []Producer // named p1, p2, …; request ids p1-1, p1-2, …
	Groups    []Group    // named g1, g2, …; members g1-c1, g1-c2, …
	Settings  []string   // "KEY VALUE", the form's and the what-if panel's
	Actions   []Action   // taken from the stage
	RunFor    int        // seconds, at least
}

// Topic is a topic: its partitions and replication factor.
type Topic struct {
	Name           string
	Partitions, RF int
}

// Producer sends Count produce requests of Records records to Topic.
type Producer struct {
	Topic, Acks    string
	Records, Count int
}

// Group is a consumer group of Members consumers subscribed to Topic;
// Static gives each a group.instance.id.
type Group struct {
	Topic, Assignor string
	Members         int
	Static          bool
}

// Action is an action taken from the stage, at virtual time At.
type Action struct {
	At     time.Duration
	Action string
}

// DefaultForm is the cluster the playground opens with: three
// brokers, topic t0 with three partitions on all three, a producer with
// acks=all, and a group of two consumers (where the system runs groups).
func DefaultForm() Form {
	f := Form{System: "cluster", Brokers: 3, RunFor: 30,
		Topics:    []Topic{{Name: "t0", Partitions: 3, RF: 3}},
		Producers: []Producer{{Topic: "t0", Acks: "all", Records: 1, Count: 5}},
		Groups:    []Group{{Topic: "t0", Members: 2}},
	}
	if as := scenario.Assignors(); len(as) > 0 {
		f.Groups[0].Assignor = as[0]
	}
	return f
}

// AcksChoices are the acks a producer may ask for (ProducerConfig acks).
var AcksChoices = []string{"all", "1", "0"}

// caps is what a system's surface lets the form write.
type caps struct {
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

func capsOf(sys string) caps {
	var c caps
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

// Systems are the systems the form can assemble: those whose table
// creates topics and has producers or consumer groups.
func Systems() []string {
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

func (f Form) partitions(topic string) int {
	for _, t := range f.Topics {
		if t.Name == topic {
			return t.Partitions
		}
	}
	return 0
}

// Lab is the scenario the form writes.
func (f Form) Lab() string {
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
	var at []Action
	for _, t := range f.Topics {
		line := "topic " + t.Name + " partitions=" + strconv.Itoa(t.Partitions)
		if c.rf {
			line += " replication.factor=" + strconv.Itoa(max(1, min(t.RF, f.Brokers)))
		}
		at = append(at, Action{0, line})
	}
	if c.produce {
		for i, p := range f.Producers {
			n := f.partitions(p.Topic)
			for k := 0; k < p.Count && n > 0; k++ {
				at = append(at, Action{ProduceStart + time.Duration(k)*produceEvery,
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
				at = append(at, Action{joinAt, line})
			}
		}
	}
	at = append(at, f.Actions...)
	slices.SortStableFunc(at, func(x, y Action) int { return int(x.At - y.At) })
	end := time.Duration(f.RunFor) * time.Second
	for _, a := range at {
		b.WriteString("at " + sim.FormatDuration(a.At) + " " + a.Action + "\n")
		end = max(end, a.At+tail)
	}
	b.WriteString("run " + sim.FormatDuration(end) + "\n")
	return b.String()
}

// encode is the form as its "# form:" comment holds it.
func (f Form) encode() string {
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
func FormOf(src string) (Form, bool) {
	var line string
	for l := range strings.SplitSeq(src, "\n") {
		if v, ok := strings.CutPrefix(l, "# form: "); ok {
			line = v
			break
		}
	}
	q, err := url.ParseQuery(line)
	if line == "" || err != nil {
		return Form{}, false
	}
	f := Form{System: q.Get("sys")}
	bad := !slices.Contains(Systems(), f.System)
	num := func(s string, lo, hi int) int {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			bad = true
		}
		return n
	}
	f.Brokers = num(q.Get("brokers"), 1, 1<<20)
	f.RunFor = num(q.Get("run"), 1, maxRun)
	for _, v := range q["topic"] {
		p := strings.Split(v, ":")
		if len(p) != 3 {
			return Form{}, false
		}
		f.Topics = append(f.Topics, Topic{p[0], num(p[1], 1, maxParts), num(p[2], 1, 1<<20)})
	}
	for _, v := range q["producer"] {
		p := strings.Split(v, ":")
		if len(p) != 4 {
			return Form{}, false
		}
		f.Producers = append(f.Producers, Producer{p[0], p[1], num(p[2], 1, maxRecords), num(p[3], 1, maxRequests)})
	}
	for _, v := range q["group"] {
		p := strings.Split(v, ":")
		if len(p) != 4 {
			return Form{}, false
		}
		f.Groups = append(f.Groups, Group{Topic: p[0], Members: num(p[1], 1, maxMembers), Assignor: p[2], Static: p[3] == "true"})
	}
	f.Settings = q["set"]
	for _, v := range q["act"] {
		us, action, ok := strings.Cut(v, ":")
		if !ok {
			return Form{}, false
		}
		f.Actions = append(f.Actions, Action{time.Duration(num(us, 0, 1<<40)) * time.Microsecond, action})
	}
	return f, !bad
}

// Playground is the playground's state: the form, and how its last run
// went.
type Playground struct {
	P    Page
	Form Form
	// Failed: the form's scenario does not parse or run; the form shows
	// it, and the stage the last run that did.
	Failed error
	// Edited: the editor's text runs, not the form's (a change to the form
	// writes the form's again).
	Edited bool
}

func Lesson(src string) lessons.Lesson {
	return lessons.Lesson{ID: "playground", File: File, Scenario: src,
		Title: lessons.Text{EN: "Playground", ZH: "实验场"}}
}

// apply writes the form's scenario and runs it, showing the moment at
// virtual time at. A scenario that does not parse does not run: the form
// says why.
func (g *Playground) apply(at time.Duration) {
	ran, err := g.P.Run(g.Form.Lab(), at)
	g.Failed = err
	if ran {
		g.Edited = false
	}
}

// Act makes actions from the stage lines of the scenario, at the current
// event's time rounded up to the millisecond; it reports whether they run.
func (g *Playground) Act(actions ...string) bool {
	at := (g.P.Now() + time.Millisecond - 1).Truncate(time.Millisecond)
	for _, act := range actions {
		g.Form.Actions = append(g.Form.Actions, Action{at, act})
	}
	g.apply(at)
	return g.Failed == nil
}

// Set folds settings from the what-if panel into the form's.
func (g *Playground) Set(sets []string) {
	g.Form.Settings = sets
	g.changed()
}

// DropActions drops the actions taken from the stage.
func (g *Playground) DropActions() {
	g.Form.Actions = nil
	g.changed()
}

// SettingInput is the settings section's value input for key: a
// number between the table's bounds for an integer, else text.
func (g *Playground) SettingInput(key string) (typ, lo, hi string) {
	for _, r := range g.Caps().settings {
		if l, h, ok := intRange(r.Kind); ok && r.Key == key {
			return "number", strconv.Itoa(l), strconv.Itoa(h)
		}
	}
	return "text", "", ""
}

// Err is the form's error, "" if none, in the page's language.
func (g *Playground) Err() string {
	if g.Failed == nil {
		return ""
	}
	return g.P.ErrText(g.Failed)
}

// Caps is what the form shows for its system.
func (g *Playground) Caps() caps { return capsOf(g.Form.System) }

// The form's controls. Each change writes the scenario and reruns it, from
// the same virtual time.

func clampInt(s string, lo, hi, def int) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return def
	}
	return max(lo, min(hi, n))
}

func (g *Playground) changed() { g.apply(g.P.Now()) }

// SetSystem switches the system the form assembles.
func (g *Playground) SetSystem(sys string) {
	if slices.Contains(Systems(), sys) {
		g.Form.System = sys
		// Settings of another system's table would not parse.
		var kept []string
		for _, s := range g.Form.Settings {
			if k, _, _ := strings.Cut(s, " "); g.hasSetting(k) {
				kept = append(kept, s)
			}
		}
		g.Form.Settings = kept
		g.Form.Actions = nil // taken on another system's stage
		g.changed()
	}
}

func (g *Playground) hasSetting(key string) bool {
	s, _ := surfaceOf(g.Form.System)
	for _, r := range s.Settings {
		if r.Key == key {
			return true
		}
	}
	return false
}

// SetBrokers sets the number of brokers (replication factors follow).
func (g *Playground) SetBrokers(v string) {
	g.Form.Brokers = clampInt(v, 1, max(1, g.Caps().brokersMax), g.Form.Brokers)
	g.changed()
}

// SetRun sets how long the run lasts at least, in seconds.
func (g *Playground) SetRun(v string) {
	g.Form.RunFor = clampInt(v, 1, maxRun, g.Form.RunFor)
	g.changed()
}

// SetTopic sets field ("partitions", "rf") of topic i.
func (g *Playground) SetTopic(i int, field, v string) {
	if i < 0 || i >= len(g.Form.Topics) {
		return
	}
	t := &g.Form.Topics[i]
	switch field {
	case "partitions":
		t.Partitions = clampInt(v, 1, maxParts, t.Partitions)
	case "rf":
		t.RF = clampInt(v, 1, g.Form.Brokers, t.RF)
	}
	g.changed()
}

// AddTopic adds a topic t1, t2, … like the first.
func (g *Playground) AddTopic() {
	if len(g.Form.Topics) >= maxTopics {
		return
	}
	used := map[string]bool{}
	for _, t := range g.Form.Topics {
		used[t.Name] = true
	}
	g.Form.Topics = append(g.Form.Topics, Topic{Name: kit.FirstFree("t", 0, used), Partitions: 2, RF: min(g.Form.Brokers, 3)})
	g.changed()
}

// DropTopic removes topic i, and the clients of it.
func (g *Playground) DropTopic(i int) {
	if i < 0 || i >= len(g.Form.Topics) || len(g.Form.Topics) == 1 {
		return
	}
	name := g.Form.Topics[i].Name
	g.Form.Topics = slices.Delete(g.Form.Topics, i, i+1)
	g.Form.Producers = slices.DeleteFunc(g.Form.Producers, func(p Producer) bool { return p.Topic == name })
	g.Form.Groups = slices.DeleteFunc(g.Form.Groups, func(g Group) bool { return g.Topic == name })
	g.changed()
}

// TopicNames are the form's topics, for the clients' choices.
func (g *Playground) TopicNames() []string {
	var out []string
	for _, t := range g.Form.Topics {
		out = append(out, t.Name)
	}
	return out
}

// SetProducer sets field ("topic", "acks", "records", "count") of
// producer i.
func (g *Playground) SetProducer(i int, field, v string) {
	if i < 0 || i >= len(g.Form.Producers) {
		return
	}
	p := &g.Form.Producers[i]
	switch field {
	case "topic":
		if g.Form.partitions(v) > 0 {
			p.Topic = v
		}
	case "acks":
		if slices.Contains(AcksChoices, v) {
			p.Acks = v
		}
	case "records":
		p.Records = clampInt(v, 1, maxRecords, p.Records)
	case "count":
		p.Count = clampInt(v, 1, maxRequests, p.Count)
	}
	g.changed()
}

// AddProducer adds a producer to the first topic.
func (g *Playground) AddProducer() {
	if len(g.Form.Producers) < maxProducers {
		g.Form.Producers = append(g.Form.Producers, Producer{Topic: g.Form.Topics[0].Name, Acks: "all", Records: 1, Count: 5})
		g.changed()
	}
}

// DropProducer removes producer i.
func (g *Playground) DropProducer(i int) {
	if i >= 0 && i < len(g.Form.Producers) {
		g.Form.Producers = slices.Delete(g.Form.Producers, i, i+1)
		g.changed()
	}
}

// Idempotent reports whether the form sets enable.idempotence.
func (g *Playground) Idempotent() bool { return g.Setting("enable.idempotence") == "true" }

// SetIdempotent sets enable.idempotence (the table's, when it has it).
func (g *Playground) SetIdempotent(on bool) {
	g.Form.Settings = withSetting(g.Form.Settings, "enable.idempotence", kit.IfChecked(on, "true"))
	g.changed()
}

func (g *Playground) Setting(key string) string {
	for _, s := range g.Form.Settings {
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

// SetGroup sets field ("topic", "members", "assignor", "static") of
// group i.
func (g *Playground) SetGroup(i int, field, v string) {
	if i < 0 || i >= len(g.Form.Groups) {
		return
	}
	gr := &g.Form.Groups[i]
	switch field {
	case "topic":
		if g.Form.partitions(v) > 0 {
			gr.Topic = v
		}
	case "members":
		gr.Members = clampInt(v, 1, maxMembers, gr.Members)
	case "assignor":
		if slices.Contains(scenario.Assignors(), v) {
			gr.Assignor = v
		}
	case "static":
		gr.Static = v == "true"
	}
	g.changed()
}

// AddGroup adds a group of two consumers of the first topic.
func (g *Playground) AddGroup() {
	if len(g.Form.Groups) < maxGroups {
		g.Form.Groups = append(g.Form.Groups, Group{Topic: g.Form.Topics[0].Name, Members: 2, Assignor: DefaultForm().Groups[0].Assignor})
		g.changed()
	}
}

// DropGroup removes group i.
func (g *Playground) DropGroup(i int) {
	if i >= 0 && i < len(g.Form.Groups) {
		g.Form.Groups = slices.Delete(g.Form.Groups, i, i+1)
		g.changed()
	}
}

// GroupName is group i's name.
func GroupName(i int) string { return "g" + strconv.Itoa(i+1) }

// ProducerName is producer i's name.
func ProducerName(i int) string { return "p" + strconv.Itoa(i+1) }

// Assignors are the assignors a group may use, from the table.
func (g *Playground) Assignors() []string { return scenario.Assignors() }

// SettingKeys are the settings of the system's table the settings
// section offers.
func (g *Playground) SettingKeys() []string {
	var out []string
	for _, r := range g.Caps().settings {
		out = append(out, r.Key)
	}
	return out
}

// SettingHint is what setting key takes and its default, from the
// table.
func (g *Playground) SettingHint(key string) string {
	for _, r := range g.Caps().settings {
		if r.Key == key {
			return r.Kind + " · " + g.P.T("default") + " " + r.Default
		}
	}
	return ""
}

// AddSetting sets a setting from the settings section; the parser
// checks the value, and the form shows its error.
func (g *Playground) AddSetting(key, val string) {
	val = strings.TrimSpace(val)
	if !slices.Contains(g.SettingKeys(), key) || val == "" || strings.ContainsAny(val, " \t\n") {
		return
	}
	g.Form.Settings = withSetting(g.Form.Settings, key, val)
	g.changed()
}

// DropSetting removes setting i.
func (g *Playground) DropSetting(i int) {
	if i >= 0 && i < len(g.Form.Settings) {
		g.Form.Settings = slices.Delete(g.Form.Settings, i, i+1)
		g.changed()
	}
}

// ActionText is action i as the scenario writes it.
func (g *Playground) ActionText(i int) string {
	x := g.Form.Actions[i]
	return "at " + sim.FormatDuration(x.At) + " " + x.Action
}

// DropAction removes action i.
func (g *Playground) DropAction(i int) {
	if i >= 0 && i < len(g.Form.Actions) {
		g.Form.Actions = slices.Delete(g.Form.Actions, i, i+1)
		g.changed()
	}
}

// Reset puts the default form back.
func (g *Playground) Reset() {
	g.Form = DefaultForm()
	g.apply(0)
}

// Save saves the scenario the page runs as a .lab file.
func (g *Playground) Save() {
	g.P.Download(File, "text/plain", g.P.Source())
}

// Panel is the playground's form and monitors.
type Panel struct {
	G *Playground
	// The settings section's inputs, until added.
	SetKey, SetVal string
}

func (c *Panel) inputType() string { t, _, _ := c.G.SettingInput(c.setKey()); return t }
func (c *Panel) inputMin() string  { _, l, _ := c.G.SettingInput(c.setKey()); return l }
func (c *Panel) inputMax() string  { _, _, h := c.G.SettingInput(c.setKey()); return h }

func (c *Panel) setKey() string {
	if c.SetKey != "" {
		return c.SetKey
	}
	if k := c.G.SettingKeys(); len(k) > 0 {
		return k[0]
	}
	return ""
}

// Checked is a checkbox's state as Vugu's .checked takes it.
func (c *Panel) Checked(on bool) bool { return on }

// Words are the playground's words, English and Chinese, by key: they
// join the one table the page's words are looked up in.
var Words = map[string][2]string{
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
}
