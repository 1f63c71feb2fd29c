//go:build !js && screenshots

package main

// make screenshots: every lesson at its crux (lesson.json's "crux", the end
// of that step) at 1440×900, written to docs/lessons/NN.png for the README's
// gallery; and the presenter's window at 1280×720 beside them in a temporary
// folder, to look at.

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"brokerlab/lessons"
)

func TestScreenshots(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	out := os.Getenv("SHOTS")
	if out == "" {
		out = "../docs/lessons"
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, v := range []stageView{stageViews[0], stageViews[3]} {
		p.do(chromedp.EmulateViewport(v.w, v.h))
		for _, l := range all {
			pos := moments(t, l)[1]
			p.open(fmt.Sprintf("#/%s/%s?pos=%d", v.route, l.ID, pos))
			p.wait("position", fmt.Sprintf(`(document.getElementById("stage") || {getAttribute(){return ""}}).getAttribute("aria-label").startsWith("event %d /")`, pos+1))
			p.sampleStage(l.ID)
			time.Sleep(300 * time.Millisecond)
			png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(out, l.ID[:2]+".png")
			if v.route != "lesson" {
				name = filepath.Join(shots, l.ID[:2]+"-"+v.name+".png")
			}
			if err := os.WriteFile(name, png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("presenter screenshots: %s", shots)
}
