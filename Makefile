# brokerlab. A newcomer needs two targets: `make serve` and `make test`.
SHELL := /bin/bash
GO ?= go
CHROMIUM ?= /usr/bin/chromium
WASMPATH = $(shell $(GO) env GOROOT)/lib/wasm

.PHONY: docs screenshots campaign serve run dist test bench bench-browser generate prereqs check-generated vet test-native test-js fuzz test-browser check-lessons

## serve: build main.wasm and serve the site on 127.0.0.1 (prints the URL)
serve:
	$(GO) run . serve

## run: run one scenario (make run LAB=lessons/01-controller-event-queue/scenario.lab)
run:
	@test -n "$(LAB)" || { echo "usage: make run LAB=FILE.lab"; exit 2; }
	$(GO) run . run $(LAB)

## dist: write the static site to dist/ (relative URLs: works under any sub-path)
dist:
	rm -rf dist
	$(GO) run . dist dist
	@ls -l dist

## docs: write docs/REFERENCE.md (every system's settings, actions and paths) from the surface tables
docs:
	$(GO) run . docs

## test: everything CI runs
test: prereqs check-generated vet test-native test-js fuzz test-browser check-lessons
	@echo "make test: all passed"

# Say what is missing instead of failing obscurely later. Chromium is
# required under CI=true; elsewhere the browser tests say they were skipped.
prereqs:
	@command -v $(GO) >/dev/null || { echo "missing: Go 1.26 or newer (https://go.dev/dl/)"; exit 1; }
	@$(GO) version | grep -Eq 'go1\.(2[6-9]|[3-9][0-9])' || { echo "need Go 1.26 or newer, have: $$($(GO) version)"; exit 1; }
	@command -v node >/dev/null || { echo "missing: node (Node.js runs the GOOS=js tests): apt-get install nodejs"; exit 1; }
	@command -v xz >/dev/null || { echo "missing: xz (make dist compresses main.wasm with it): apt-get install xz-utils"; exit 1; }
	@test -f "$(WASMPATH)/go_js_wasm_exec" || { echo "missing: $(WASMPATH)/go_js_wasm_exec (an incomplete Go install)"; exit 1; }
	@if ! test -x "$(CHROMIUM)"; then \
		if [ "$$CI" = true ]; then echo "missing: chromium at $(CHROMIUM) (browser tests): apt-get install chromium"; exit 1; \
		else echo "note: no chromium at $(CHROMIUM): the browser tests will be skipped (apt-get install chromium)"; fi; fi

# The packages of Vugu components: ui/ and each of its folders with a .vugu.
VUGUDIRS = $(shell ls ui/*.vugu ui/*/*.vugu 2>/dev/null | xargs -n1 dirname | sort -u)

## generate: regenerate the Vugu components' *_gen.go and tidy go.mod
generate:
	for d in $(VUGUDIRS); do (cd $$d && $(GO) generate .) || exit 1; done
	gofmt -w $$(ls $(addsuffix /*_gen.go,$(VUGUDIRS)))
	$(GO) mod tidy

# The committed *_gen.go must be what vugugen makes of the .vugu files.
check-generated:
	@for d in $(VUGUDIRS); do \
		tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
		cp $$d/*.vugu $$d/*.go "$$tmp"/ && rm -f "$$tmp"/*_gen.go && \
		$(GO) tool vugugen -skip-go-mod -skip-main "$$tmp" && gofmt -w "$$tmp"/*_gen.go && \
		for f in $$d/*_gen.go; do diff -u "$$f" "$$tmp/$$(basename $$f)" || { echo "$$f is stale: run make generate"; exit 1; }; done && \
		for f in "$$tmp"/*_gen.go; do test -f "$$d/$$(basename $$f)" || { echo "$$d/$$(basename $$f) is missing: run make generate"; exit 1; }; done && \
		rm -rf "$$tmp" || exit 1; \
	done

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm ./ui/...

# The tests run with the expensive invariant checks (internal/invariants);
# the browser build, main.wasm, leaves them out.
test-native:
	$(GO) test -tags invariants $$($(GO) list ./... | grep -v '^brokerlab/wasm$$')

test-js:
	PATH="$(WASMPATH):$$PATH" GOOS=js GOARCH=wasm $(GO) test -tags invariants ./core/... ./ui/model ./ui/stage

# -fuzzminimizetime caps the minimising of a failing input (60 s by
# default, per attempt): a failure ends the target within seconds too.
fuzz:
	$(GO) test -tags invariants -run='^$$' -fuzz=FuzzParse -fuzztime=10s -fuzzminimizetime=5s ./core/scenario

test-browser:
	CHROMIUM=$(CHROMIUM) $(GO) test -count=1 -timeout 30m -v ./wasm

check-lessons:
	$(GO) run . check

## campaign: the fault campaign over many seeds of every system (CI runs 25 of each);
## failing seeds are written to campaign-out/ (SEEDS=2000 SYSTEM=cluster to change)
SEEDS ?= 2000
campaign:
	set -o pipefail; $(GO) test -tags invariants -count=1 -timeout 0 -v -run 'TestCampaign/$(SYSTEM)' ./campaign \
		-campaign.seeds $(SEEDS) -campaign.out $(CURDIR)/campaign-out -campaign.failures 10 | grep -v '^=== RUN'

## bench: native benchmarks (kernel, model jumps)
bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

## screenshots: every lesson at its crux (lesson.json's "crux"), 1440×900, into docs/lessons/NN.png (the README's gallery)
screenshots:
	CHROMIUM=$(CHROMIUM) $(GO) test -tags screenshots -count=1 -run TestScreenshots -v ./wasm

## bench-browser: sizes, load time, jump time and fps in headless Chromium
bench-browser:
	CHROMIUM=$(CHROMIUM) $(GO) test -tags measure -count=1 -run TestMeasure -v -timeout 20m ./wasm
