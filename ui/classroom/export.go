package classroom

import (
	"strconv"
	"strings"

	"brokerlab/core/sim"
	"brokerlab/internal/jsonlite"
	"brokerlab/ui/kit"
)

// Export for slides: the stage at this moment as SVG or PNG (drawn by the
// browser: the stage is SVG outside the Vugu tree) with a caption below it
// on a 16:9 page, in the light theme unless the teacher asks for the
// page's dark one; and the run's trace as JSON lines, the format
// `go run . run -trace` writes, after one header line that says what ran.

// exportName is the files' common name: lesson, whether the scenario was
// edited, a seed other than the scenario's, and the what-ifs.
func exportName(r Run, event bool) string {
	parts := []string{"brokerlab", strings.TrimPrefix(kit.Or(r.Lesson, r.Page), "brokerlab-")}
	if r.Edited {
		parts = append(parts, "edited")
	}
	if r.OwnSeed {
		parts = append(parts, "seed"+r.Seed)
	}
	if event {
		parts = append(parts, "e"+strconv.Itoa(r.Pos+1))
	}
	if w := whatIfNames(r); len(w) > 0 {
		parts = append(parts, "whatif")
		parts = append(parts, w...)
	}
	return fileSafe(strings.Join(parts, "-"))
}

// maxWhatIfNames keeps a file name short: the rest are counted.
const maxWhatIfNames = 3

// whatIfNames names each what-if in a word a file name can carry: a
// setting turned off is "no" and its name (controller.putLock false →
// noPutLock), turned on is its name, else its name and value; an action
// is its words.
func whatIfNames(r Run) []string {
	var out []string
	for _, s := range r.Sets {
		k, v, _ := strings.Cut(s, " ")
		name := settingName(k)
		switch v {
		case "false":
			name = "no" + upperFirst(name)
		case "true":
		default:
			name += "-" + v
		}
		out = append(out, name)
	}
	for _, in := range r.Inject {
		out = append(out, in.Action)
	}
	if len(out) > maxWhatIfNames {
		out = append(out[:maxWhatIfNames:maxWhatIfNames], "plus"+strconv.Itoa(len(out)-maxWhatIfNames))
	}
	return out
}

// settingName is a setting's key in camel case, without the system it
// belongs to: controller.putLock → putLock, min.insync.replicas →
// minInsyncReplicas.
func settingName(key string) string {
	parts := strings.Split(key, ".")
	if len(parts) > 1 && systemPrefix[parts[0]] {
		parts = parts[1:]
	}
	for i := 1; i < len(parts); i++ {
		parts[i] = upperFirst(parts[i])
	}
	return strings.Join(parts, "")
}

// systemPrefix are the first words of settings that only name the system.
var systemPrefix = map[string]bool{"controller": true, "zookeeper": true, "listener": true}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// fileSafe keeps ASCII letters, digits and dots; every other run of
// characters becomes one dash.
func fileSafe(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.':
			b = append(b, c)
		case len(b) == 0 || b[len(b)-1] != '-':
			b = append(b, '-')
		}
	}
	return strings.Trim(string(b), "-.")
}

// whatIfText is the what-ifs in words, as the scenario writes them.
func (c *Class) whatIfText(r Run) []string {
	var out []string
	if r.Edited {
		out = append(out, c.P.T("editedScenario"))
	}
	out = append(out, r.Sets...)
	for _, in := range r.Inject {
		out = append(out, in.Action+" ("+c.P.T("afterEvent")+" "+strconv.Itoa(in.After+1)+")")
	}
	return out
}

// caption is the caption under an exported stage, two lines: the lesson
// and its step; the event, its time, the seed and the what-ifs.
func (c *Class) caption(r Run) []string {
	first := "brokerlab · " + r.Title
	if r.Step >= 0 {
		first += " · " + c.P.T("stepOf") + " " + strconv.Itoa(r.Step+1) + " / " + strconv.Itoa(r.Steps)
	}
	second := []string{r.PosText, r.At, c.P.T("seed") + " " + r.Seed}
	if w := c.whatIfText(r); len(w) > 0 {
		second = append(second, c.P.T("whatIf")+c.P.T("colon")+strings.Join(w, "; "))
	} else {
		second = append(second, c.P.T("noWhatIf"))
	}
	return []string{first, strings.Join(second, " · ")}
}

// ExportStage saves the stage: kind is "svg" or "png".
func (c *Class) ExportStage(kind string) {
	if c.Web == nil {
		return
	}
	r, ok := c.P.Run()
	if !ok {
		return
	}
	c.Web.ExportStage(kind, exportName(r, true)+"."+kind, strings.Join(c.caption(r), "\n"), c.ExportDark && c.Theme == "dark")
}

// SetExportDark picks the exports' theme: the page's dark one, or light.
func (c *Class) SetExportDark(on bool) { c.ExportDark = on }

// TraceJSONL is a trace as JSON lines, as `run -trace` writes it.
func TraceJSONL(trace []sim.Event) string {
	var b []byte
	for _, e := range trace {
		b = append(e.AppendJSON(b), '\n')
	}
	return string(b)
}

// TraceHeader is the exported trace's first line, itself JSON, so the file
// stays JSON lines: what ran (lesson, seed, what-ifs) and on which build.
// An event line has "seq"; the header has "brokerlab" instead.
type TraceHeader struct {
	Brokerlab string   `json:"brokerlab"` // "trace"
	Lesson    string   `json:"lesson"`
	Seed      int64    `json:"seed"`
	Sets      []string `json:"set,omitempty"`    // "KEY VALUE"
	Inject    []string `json:"inject,omitempty"` // "EVENT:ACTION", as a link's a=
	Edited    bool     `json:"edited,omitempty"` // the scenario is the editor's (its link has it)
	Build     string   `json:"build"`
}

// traceHeader is the header line for run r.
func (c *Class) traceHeader(r Run) string {
	seed, _ := strconv.ParseInt(r.Seed, 10, 64)
	h := TraceHeader{Brokerlab: "trace", Lesson: r.Lesson, Seed: seed, Sets: r.Sets, Edited: r.Edited, Build: kit.Or(c.Build, "dev")}
	for _, in := range r.Inject {
		h.Inject = append(h.Inject, strconv.Itoa(in.After)+":"+in.Action)
	}
	return string(h.AppendJSON(nil)) + "\n"
}

// AppendJSON appends h as encoding/json's Marshal writes it, its field
// tags and all.
func (h TraceHeader) AppendJSON(b []byte) []byte {
	list := func(b []byte, key string, l []string) []byte {
		if len(l) == 0 {
			return b
		}
		b = append(append(b, `,"`...), key+`":[`...)
		for i, s := range l {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonlite.AppendString(b, s)
		}
		return append(b, ']')
	}
	b = jsonlite.AppendString(append(b, `{"brokerlab":`...), h.Brokerlab)
	b = jsonlite.AppendString(append(b, `,"lesson":`...), h.Lesson)
	b = strconv.AppendInt(append(b, `,"seed":`...), h.Seed, 10)
	b = list(b, "set", h.Sets)
	b = list(b, "inject", h.Inject)
	if h.Edited {
		b = append(b, `,"edited":true`...)
	}
	b = jsonlite.AppendString(append(b, `,"build":`...), h.Build)
	return append(b, '}')
}

// ExportTrace saves the run's trace, after its header line.
func (c *Class) ExportTrace() {
	if c.Web == nil {
		return
	}
	r, ok := c.P.Run()
	if !ok {
		return
	}
	c.Web.Download(exportName(r, false)+".trace.jsonl", "application/x-ndjson", c.traceHeader(r)+TraceJSONL(r.Trace))
}
