package main

// The Go↔JavaScript boundary, declared once (docs/ARCHITECTURE.md, "The
// UI's structure"); static/web.js's header comment lists the same.
//
// jsAPI are the objects JavaScript puts on window and the methods Go calls
// on them (draw_wasm.go, host_wasm.go, web_wasm.go); goAPI are the
// functions Go puts on window for JavaScript to call. TestBoundaryIsDeclared
// holds the Go code to this list, TestBrowserBoundary finds each one on the
// loaded page.
var jsAPI = map[string][]string{
	"brokerlabStage": {"buffer", "draw", "log", "relog"},                                                        // static/stage.js
	"brokerlabWeb":   {"showStep", "exportStage", "download", "editNeeds", "editSync", "editFocus", "editList"}, // static/web.js
}

var goAPI = []string{"brokerlabSelect", "brokerlabSeek", "brokerlabUpdateReady", "brokerlabThemeChanged"}
