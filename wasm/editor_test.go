//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The scenario editor: open a lesson's scenario, break it (the error shows
// on its line), fix it and run it with Ctrl+Enter; the edit travels in the
// link and a reload restores it.
func TestBrowserEditor(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/" + lesson)
	p.wait("the lesson", `/^event 1 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.click("#edit")
	p.wait("the editor with the lesson's scenario", `(document.querySelector("#edit-src") || {}).value.startsWith("# Lesson 01")`)
	if p.str(`document.querySelector("#edit").getAttribute("aria-pressed")`) != "true" {
		t.Fatal("the edit button is not pressed")
	}

	// Break a line: the error shows at its line and column, marked on the line.
	setText := func(js string) {
		p.t.Helper()
		p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const ta = document.querySelector("#edit-src");
			ta.value = (%s)(ta.value);
			ta.dispatchEvent(new Event("input", {bubbles: true}));
		})()`, js)))
	}
	setText(`v => v.replace("run until controller.queue.size == 2", "run until controller.queue.size = 2")`)
	line := p.num(`(v => v.slice(0, v.indexOf("controller.queue.size = 2")).split("\n").length)(document.querySelector("#edit-src").value)`)
	p.wait("the error", fmt.Sprintf(`document.querySelector("#edit-error").textContent.startsWith("line %d, column 33: expected an operator")`, line))
	p.wait("the error band", `!!document.querySelector(".errband")`)
	// In Chinese the same error, in Chinese, at the same place.
	p.click("#lang-zh")
	p.wait("the error in Chinese", fmt.Sprintf(`document.querySelector("#edit-error").textContent.startsWith('第 %d 行第 33 列：应为运算符（== != < <= > >=），实际为 "="')`, line))
	p.click("#lang-en")
	p.wait("the error in English again", fmt.Sprintf(`document.querySelector("#edit-error").textContent.startsWith("line %d, column 33: expected an operator")`, line))
	// The band sits on the line: 22 px a line below the textarea's top padding.
	if off := p.num(`Math.round(document.querySelector(".errband").getBoundingClientRect().top - document.querySelector("#edit-src").getBoundingClientRect().top)`); off != 6+(line-1)*22 {
		t.Fatalf("the band is %d px below the text's top, want %d (line %d)", off, 6+(line-1)*22, line)
	}
	p.noCrash() // the band is placed without a style attribute, which the CSP refuses
	if p.str(`document.querySelector("#edit-src").getAttribute("aria-invalid")`) != "true" || p.str(`document.querySelector("#edit-run").disabled ? "off" : "on"`) != "off" {
		t.Fatal("a text with an error is not marked invalid, or can run")
	}
	// A click on the message puts the caret on the error.
	p.click("#edit-error")
	p.wait("the caret at the error", `(ta => document.activeElement === ta && ta.value.slice(ta.selectionStart).startsWith("= 2"))(document.querySelector("#edit-src"))`)
	p.shot("editor-error.png")

	// Fix it, change the first step's text, run it with Ctrl+Enter.
	setText(`v => v.replace("controller.queue.size = 2", "controller.queue.size == 2").replace('say "The ZooKeeper watcher thread', 'say "EDITED. The ZooKeeper watcher thread')`)
	p.wait("no error", `document.querySelector("#edit-error").textContent === "" && !document.querySelector(".errband")`)
	p.do(chromedp.Focus(chromedp.CSS("#edit-src")), chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.wait("the edited run", `document.querySelector("#steps li").textContent.includes("EDITED.")`)
	p.wait("the edit in the link", `location.hash.includes("src=")`)
	if strings.Contains(p.str(`document.querySelector("#edit-src").value`), "\n\n\n") {
		t.Fatal("Ctrl+Enter typed into the text")
	}
	p.noCrash()
	p.shot("editor.png")

	// A reload restores it.
	hash := p.str(`location.hash`)
	p.open(hash)
	p.wait("the edited run again", `!!document.querySelector("#steps li") && document.querySelector("#steps li").textContent.includes("EDITED.")`)
	p.wait("the editor with the edit", `(document.querySelector("#edit-src") || {value: ""}).value.includes('say "EDITED.')`)

	// The lesson's own again.
	p.click("#edit-revert")
	p.wait("the lesson's own", `!document.querySelector("#steps li").textContent.includes("EDITED.") && !location.hash.includes("src=")`)

	// A scenario with an action the running system refuses: Ctrl+Enter runs
	// it; the editor marks the action's line and says why, and the
	// narration shows the failure in the step that was playing, credited
	// to the edited scenario.
	setText("() => " + "`" + `use group
say "One: a topic."
say.zh "一：一个主题。"
at 0ms topic t0 partitions=2
run 10ms
say "Two: C9 leaves, but it never joined."
say.zh "二：C9 离开，可它从没加入过。"
after 0ms consumer C9 leave
run 10ms
say "Three: nothing more."
say.zh "三：没有了。"
run 10ms
` + "`")
	p.wait("no parse error", `document.querySelector("#edit-error").textContent === "" && !document.querySelector(".errband")`)
	p.do(chromedp.Focus(chromedp.CSS("#edit-src")), chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	refused := "consumer C9 leave: refused, C9 is not running"
	p.wait("the refusal in the editor", `document.querySelector("#edit-error").textContent === "line 8, column 1: `+refused+`"`)
	p.wait("its line marked", `document.querySelectorAll(".errband").length === 1`)
	if off := p.num(`Math.round(document.querySelector(".errband").getBoundingClientRect().top - document.querySelector("#edit-src").getBoundingClientRect().top)`); off != 6+7*22 {
		t.Fatalf("the refusal's band is %d px below the text's top, want %d (line 8)", off, 6+7*22)
	}
	p.wait("not yet in the narration at the start", `document.querySelectorAll("#steps li").length === 3 && !document.querySelector("#steps .stepfail")`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[2].click()`))
	p.wait("the refusal in step two", `(li => !!li.querySelector(".stepfail") && li.querySelector(".stepfail").textContent === "edited.lab:8:1: `+refused+`")(document.querySelectorAll("#steps li")[1])`)
	if n := p.num(`document.querySelectorAll("#steps .stepfail").length`); n != 1 {
		t.Fatalf("%d steps show a failure, want 1 (step two)", n)
	}
	p.wait("and among the checks", `document.querySelector(".failures").textContent.includes("edited.lab:8:1: `+refused+`")`)
	p.click("#lang-zh")
	p.wait("the refusal in Chinese", `document.querySelector("#edit-error").textContent === "第 8 行第 1 列：consumer C9 leave：被拒绝，C9 没有在运行" && document.querySelectorAll("#steps li")[1].querySelector(".stepfail").textContent === "edited.lab:8:1: consumer C9 leave：被拒绝，C9 没有在运行"`)
	p.click("#lang-en")
	p.noCrash()
	p.shot("editor-refused.png")

	// A link too long to be an edit says so, and shows the lesson.
	p.open("#/lesson/" + lesson + "?src=" + strings.Repeat("A", 17000))
	p.wait("the size error", `!!document.querySelector("#notice") && document.querySelector("#notice").textContent.includes("more than the 16 KB a link may carry")`)
	p.wait("the lesson's start", `/^event 1 \//.test(document.querySelector("#pos").textContent)`)
	p.noCrash()
}
