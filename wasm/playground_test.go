//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The playground: #/playground draws the default cluster at once with its
// invariant monitors; a form field changes the cluster; a broker killed
// from the stage becomes a line of the scenario, which the editor shows
// and a link restores; the stage keeps its floors beside the form, at
// 1440×900 and 1280×720.
func TestBrowserPlayground(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.do(chromedp.EmulateViewport(1440, 900))
	p.open("#/")
	p.wait("the playground's card", `!!document.querySelector("#open-playground")`)
	p.shot("playground-card.png")
	p.click("#open-playground")
	p.wait("the default cluster drawn", `document.querySelectorAll('#stage [data-k^="broker:"]').length === 3`)
	p.wait("the monitors", `document.querySelectorAll("#monitors li").length === 3`)
	if got := p.str(`[...document.querySelectorAll("#monitors li .state")].map(e => e.textContent).join(",")`); got != "holds,holds,holds" {
		t.Fatalf("the monitors say %q", got)
	}
	if n := p.num(`[...document.querySelectorAll("#playground input, #playground select")].filter(e => !e.closest("label") && !e.getAttribute("aria-label")).length`); n != 0 {
		t.Fatalf("%d form controls have no label", n)
	}
	p.floors("playground@1440x900", 11, 12)
	p.shot("playground-1440x900.png")

	// A form field: four brokers.
	p.do(chromedp.Evaluate[chromedp.Void](`(e => { e.value = "4"; e.dispatchEvent(new Event("change", {bubbles: true})); })(document.querySelector("#play-brokers"))`))
	p.wait("four brokers on the stage", `document.querySelectorAll('#stage [data-k^="broker:"]').length === 4`)
	p.wait("the scenario says so", `document.querySelector("#play-lab").textContent.includes("set brokers 4\n") && location.hash.startsWith("#/playground?") && location.hash.includes("src=")`)

	// Kill broker 2 from the stage: a line of the scenario.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="broker:2"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.click("#kill")
	p.wait("the kill among the actions", `/^at \d+m?s kill broker 2$/.test(document.querySelector("#play-actions li code") ? document.querySelector("#play-actions li code").textContent : "")`)
	p.wait("broker 2 dead on the stage", `(e => !!e && e.classList.contains("dead"))(document.querySelector('#stage [data-k="broker:2"]'))`)
	line := p.text("#play-actions li code")
	if !strings.Contains(p.text("#play-lab"), line+"\n") {
		t.Fatalf("the scenario has no line %q", line)
	}
	p.noCrash()

	// The editor shows it.
	p.click("#play-edit")
	p.wait("the editor with the scenario", fmt.Sprintf(`(document.querySelector("#edit-src") || {value: ""}).value.includes(%q) && document.querySelector("#edit-src").value.includes("set brokers 4")`, line))

	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#play-lab").closest("details").open = true; document.querySelector(".narration").scrollTop = 1e6`))
	p.shot("playground-form-end.png")

	// The link restores it: the form, the line, the dead broker.
	p.wait("the link carries the kill", `location.hash.includes("src=")`)
	hash := p.str(`location.hash`)
	p.open(hash)
	p.wait("the form from the link", `(document.querySelector("#play-brokers") || {}).value === "4"`)
	p.wait("the kill from the link", fmt.Sprintf(`(document.querySelector("#play-actions") || {textContent: ""}).textContent.includes(%q)`, line))
	p.wait("four brokers", `document.querySelectorAll('#stage [data-k^="broker:"]').length === 4`)

	// In Chinese.
	p.click("#lang-zh")
	p.wait("the monitors in Chinese", `[...document.querySelectorAll("#monitors li .state")].map(e => e.textContent).join(",") === "成立,成立,成立"`)
	p.click("#lang-en")

	// 1280×720: the stage keeps its floors beside the form.
	p.do(chromedp.EmulateViewport(1280, 720))
	p.floors("playground@1280x720", 10, 11)
	p.shot("playground-1280x720.png")

	// The group system: the form's groups join, and the group panel's
	// member actions are the table's.
	p.do(chromedp.EmulateViewport(1440, 900))
	p.do(chromedp.Evaluate[chromedp.Void](`(e => { e.value = "group"; e.dispatchEvent(new Event("change", {bubbles: true})); })(document.querySelector("#play-sys"))`))
	p.wait("the group's members on the stage", `document.querySelectorAll('#stage [data-k="member:g1-c1"], #stage [data-k="member:g1-c2"]').length === 2`)
	p.wait("no brokers field, an assignor", `!document.querySelector("#play-brokers") && !!document.querySelector("#play-assignor-g1") && !document.querySelector("#play-no-groups")`)
	p.do(chromedp.Evaluate[chromedp.Void](`(e => e.dispatchEvent(new MouseEvent("click", {bubbles: true})))(document.querySelector('#stage [data-k="member:g1-c1"]').firstElementChild || document.querySelector('#stage [data-k="member:g1-c1"]'))`))
	p.wait("the leave button", `!!document.querySelector("#verb-leave")`)
	p.click("#verb-leave")
	p.wait("the leave among the actions", `document.querySelector("#play-actions").textContent.includes("consumer g1-c1 leave")`)
	p.floors("playground-group@1440x900", 11, 12)
	p.shot("playground-group-1440x900.png")
	p.noCrash()
	t.Logf("screenshots: %s", shots)
}

// floors fails unless every text of the stage is at least least px on
// screen and 90% at least p10 px (docs/ARCHITECTURE.md, "Sized for people").
func (p *page) floors(what string, least, p10 float64) {
	p.t.Helper()
	s := p.sampleStage(what)
	px := slices.Clone(s.Px)
	slices.Sort(px)
	if px[0] < least || px[len(px)/10] < p10 || s.Cut > 0 {
		b, _ := json.Marshal(s.Smallest)
		p.t.Fatalf("%s: smallest %.1f px, 10th percentile %.1f px, %d cut (want ≥ %v, ≥ %v, 0): %s", what, px[0], px[len(px)/10], s.Cut, least, p10, b)
	}
	p.t.Logf("%s: %d texts, smallest %.1f px, 10th percentile %.1f px", what, len(px), px[0], px[len(px)/10])
}

// The one world in the playground: the default cluster runs a group on
// its brokers, and the stage draws it (its coordinator, state and
// generation, each member's coordinator, positions and lag) beside the
// brokers, within the floors at 1440×900 and 1280×720. Killing the
// coordinating broker reaches the group: once the controller has moved
// its partition of __consumer_offsets, another broker loads the group,
// which stays Stable, in the same generation. A consumer selected on the
// stage has its actions.
func TestBrowserPlaygroundGroups(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.do(chromedp.EmulateViewport(1440, 900))
	p.open("#/playground")
	p.wait("the default cluster with its group", `document.querySelectorAll('#stage [data-k^="broker:"]').length === 3 && !!document.querySelector('#stage [data-k="cgroup:g1"]')`)
	if n := p.num(`document.querySelectorAll('#stage [data-k^="part:__consumer_offsets"]').length`); n != 0 {
		t.Fatalf("%d partitions of __consumer_offsets drawn as rows", n)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`(e => { e.value = e.max; e.dispatchEvent(new Event("input", {bubbles: true})); })(document.querySelector("#scrub"))`))
	group := `(document.querySelector('#stage [data-k="cgroup:g1"]') || {textContent: ""}).textContent`
	p.wait("the group Stable at the run's end", group+`.includes("Stable")`)
	coord := p.str(`(m => m ? m[1] : "")(` + group + `.match(/broker-(\d+)/))`)
	if coord == "" {
		t.Fatalf("the group names no coordinator: %q", p.str(group))
	}
	p.wait("the members know it", fmt.Sprintf(`[...document.querySelectorAll('#stage [data-k^="member:g1-"]')].filter(e => e.textContent.includes("broker-%s")).length === 2`, coord))
	p.wait("positions and lag", `[...document.querySelectorAll('#stage [data-k^="member:g1-"]')].some(e => /t0-\d @\d+ lag \d+/.test(e.textContent))`)
	p.wait("the coordinator's mark on its broker", fmt.Sprintf(`document.querySelector('#stage [data-k="broker:%s"]').textContent.includes("◆")`, coord))
	p.shot("playground-groups-1440x900.png")
	p.floors("playground-groups@1440x900", 11, 12)
	p.do(chromedp.EmulateViewport(1280, 720))
	p.shot("playground-groups-1280x720.png")
	p.floors("playground-groups@1280x720", 10, 11)
	p.do(chromedp.EmulateViewport(1440, 900))

	// Kill the coordinator, and let the run go on long enough for its
	// session to expire.
	p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector('#stage [data-k="broker:%s"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`, coord)))
	p.click("#kill")
	p.wait("the kill among the actions", fmt.Sprintf(`document.querySelector("#play-actions").textContent.includes("kill broker %s")`, coord))
	p.do(chromedp.Evaluate[chromedp.Void](`(e => { e.value = "90"; e.dispatchEvent(new Event("change", {bubbles: true})); })(document.querySelector("#play-run"))`))
	p.wait("the longer run", `document.querySelector("#play-lab").textContent.includes("run 90s")`)
	p.do(chromedp.Evaluate[chromedp.Void](`(e => { e.value = e.max; e.dispatchEvent(new Event("input", {bubbles: true})); })(document.querySelector("#scrub"))`))
	p.wait("the killed broker dead", fmt.Sprintf(`(e => !!e && e.classList.contains("dead"))(document.querySelector('#stage [data-k="broker:%s"]'))`, coord))
	p.wait("another broker coordinates the group", fmt.Sprintf(`(m => !!m && m[1] !== %q)(`+group+`.match(/broker-(\d+)/))`, coord))
	moved := p.str(`(` + group + `.match(/broker-(\d+)/))[1]`)
	if g := p.str(`document.querySelector('#stage [data-k="cgroup:g1"] title').textContent`); !strings.Contains(g, "Stable, generation 1,") {
		t.Fatalf("after the coordinator moved, the group says %q: want Stable, generation 1", g)
	}
	p.wait("the members found the new coordinator", fmt.Sprintf(`[...document.querySelectorAll('#stage [data-k^="member:g1-"]')].filter(e => e.textContent.includes("broker-%s")).length === 2`, moved))
	p.shot("playground-groups-moved-1440x900.png")
	p.floors("playground-groups-moved@1440x900", 11, 12)

	// A consumer selected on the cluster's stage acts as on the group's;
	// the produce offers the clients' partitions, not the internal ones.
	if n := p.num(`[...document.querySelectorAll("#produce-part option")].filter(o => o.value.startsWith("__")).length`); n != 0 {
		t.Fatalf("the produce offers %d partitions of __consumer_offsets", n)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="member:g1-c2"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.wait("the member's actions", `!!document.querySelector("#verb-crash")`)
	p.click("#verb-crash")
	p.wait("the crash among the actions", `document.querySelector("#play-actions").textContent.includes("consumer g1-c2 crash")`)
	p.noCrash()
	t.Logf("coordinator broker-%s, then broker-%s; screenshots: %s", coord, moved, shots)
}
