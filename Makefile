# Diwall. `make demo` runs the main job; `make test` runs every test.
GO ?= go
BIN := bin/diwall

.PHONY: all build demo test test-go lint test-e2e check-extension check-pagescript cross release docs bench bench-peers bench-beside bench-readme bench-compare bench-fidelity bench-load bench-soak bench-recovery bench-fault-soak fuzz clean

# The version stamped into diwall: the nearest v* tag (0.2.0, or
# 0.2.0-3-gabc1234 past it), else 0.0.0-g and the commit; -dirty when the
# tree has changes. Always a semantic version, as npm needs.
VERSION ?= $(shell d=$$(git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null) && echo $${d\#v} || \
	echo 0.0.0-g$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$$(git diff --quiet HEAD 2>/dev/null || echo -dirty))
LDFLAGS := -X github.com/diwall/diwall/internal/version.Host=$(VERSION)

all: build

build:
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./host/cmd/diwall

# Archives for Linux and macOS (amd64, arm64) and Windows (amd64) with the
# version stamped in, the npm packages (npm pack), the packed extension (for
# Load unpacked, and for the Chrome Web Store), the MCP Registry's
# server.json, and SHA256SUMS, into dist/; and the root's server.json
# rewritten for the version. Only from a vX.Y.Z tag on a clean tree: any
# other VERSION is refused (docs/releases.md has the steps).
release:
	$(GO) run ./installer/cmd/release -publish -version $(VERSION) -out dist

# docs/tools.md, from the tools' definitions and host/cmd/docgen/tools_notes.md,
# and the page scripts' bundles, from their modules (host/internal/pagescript/
# bundled/; a test fails when either is stale).
docs:
	$(GO) run ./host/cmd/docgen
	$(GO) generate ./host/internal/pagescript

# Headless Chromium with the extension, driven end to end by a real MCP client.
demo: build
	$(GO) run ./e2e/demo -diwall $(BIN)

# Every test: Go vet and unit tests (with the race detector), the Go
# linters, the end-to-end tests against real headless Chromium, the
# extension's and the page scripts' type-check, lint and unit tests, and
# the macOS/Windows cross-builds.
test: build test-go lint test-e2e check-extension check-pagescript cross

# npm's node_modules can hold Go files of its own (eslint's flatted does);
# they are not ours. NPM_CI puts a go.mod at the top of each node_modules it
# installs, so that the go tool, and staticcheck or golangci-lint run on
# ./..., see another module there and leave it out.
NPM_CI = npm ci --no-audit --no-fund && echo 'module node_modules' > node_modules/go.mod
GO_PKGS = $$($(GO) list ./... | grep -v /node_modules/)

test-go:
	$(GO) vet $(GO_PKGS)
	test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) test -race -count=1 $$($(GO) list ./... | grep -v -e /node_modules/ -e /e2e)

# golangci-lint (its linters and their exclusions, each with its reason, are
# in .golangci.yml) and staticcheck with every check (staticcheck.conf),
# at pinned versions built from the Go module proxy: nothing to install.
# Another golangci-lint on the machine (another checkout) is waited for.
GOLANGCI_LINT ?= github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	$(GO) run $(GOLANGCI_LINT) run --allow-serial-runners ./...
	$(GO) run $(STATICCHECK) $(GO_PKGS)

# TestTypeScriptClient drives diwall with the official TypeScript MCP SDK
# client, pinned in e2e/tsclient.
test-e2e: build
	cd e2e/tsclient && $(NPM_CI)
	DIWALL_BIN=$(CURDIR)/$(BIN) $(GO) test -count=1 -timeout 45m ./e2e/...

check-extension:
	cd extension && $(NPM_CI) && npm run check

# The scripts the host runs in a page (host/internal/pagescript/js): their
# type-check, lint and unit tests, on the text the Go package assembles
# (its tests run `go run ./assembled`, with $(GO)).
check-pagescript:
	cd host/internal/pagescript && $(NPM_CI) && GO="$(GO)" npm run check

# The macOS and Windows builds, Windows' vet and test binaries (the named
# pipe's tests run on Windows itself), and the end-to-end tests' vet on both.
cross:
	GOOS=darwin GOARCH=arm64 $(GO) build -o /dev/null ./host/cmd/diwall
	GOOS=windows GOARCH=amd64 $(GO) build -o /dev/null ./host/cmd/diwall
	GOOS=windows GOARCH=amd64 $(GO) vet $$(GOOS=windows GOARCH=amd64 $(GO) list ./host/... ./internal/... ./installer/... ./protocol/... ./e2e/... | grep -v /node_modules/)
	GOOS=darwin GOARCH=arm64 $(GO) vet ./e2e/...
	GOOS=windows GOARCH=amd64 $(GO) test -c -o /dev/null ./internal/socket

# Speed and size of observe on generated pages of 50, 2,000 and 10,000
# elements (round trip, the host's share, tokens, host memory), Chrome's own
# capture of the viewport (the floor under observe), and the host's overhead
# per act step (click, type). Every figure is printed after the load average.
bench: build
	@echo "load average at start: $$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
	DIWALL_BIN=$(CURDIR)/$(BIN) $(GO) test -run XXX -bench 'Observe|Capture|ActStep' -benchtime 15x -timeout 20m ./e2e/

# Diwall beside Playwright MCP and Chrome DevTools MCP (pinned in
# e2e/bench/peers, installed from the npm registry; both run on the
# machine's Chromium): observe against snapshot + screenshot on five local
# pages, headless and headed (Xvfb), the text tokens of a form flow, and
# what the frame-rate flags give and cost. Figures only: nothing is timed.
bench-peers: build
	cd e2e/bench/peers && $(NPM_CI)
	DIWALL_BIN=$(CURDIR)/$(BIN) DIWALL_BENCH_PEERS=1 $(GO) test -count=1 -timeout 30m \
		-run '^(TestPeersSideBySide|TestPeersFormFlow|TestPeersPageTokens|TestLaunchFlagsCost)$$' -v ./e2e/ | grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS'

# The agent beside the person: in the everyday browser, headed on Xvfb
# (apt-get install xvfb xdotool), observe, a 14-step act and a page timer of
# 250 ms with the agent's tab in front against in the background, and the
# load average beside each figure. Figures only: nothing is timed.
bench-beside: build
	DIWALL_BIN=$(CURDIR)/$(BIN) DIWALL_BENCH_BESIDE=1 $(GO) test -count=1 -timeout 20m \
		-run '^TestBesideBench$$' -v ./e2e/ | grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS'

# Runs bench and bench-peers and writes their figures into
# docs/performance.md's speed section (the dated history is
# docs/performance-log.md).
bench-readme: build
	{ $(MAKE) -s bench; $(MAKE) -s bench-peers; } 2>&1 | tee bench.out
	$(GO) run ./e2e/benchreadme -in bench.out -readme docs/performance.md
	rm -f bench.out

# Diwall's untruncated tree against Playwright's AI snapshot of the same
# pages, and one act filling a 20-field form and submitting it against
# Playwright filling and clicking the same form (needs the npm registry
# once, for playwright-core).
bench-compare: build
	cd e2e/bench/playwright && $(NPM_CI)
	DIWALL_BIN=$(CURDIR)/$(BIN) DIWALL_BENCH_COMPARE=1 $(GO) test -count=1 -run TestCompare -v ./e2e/ | grep -v '^=== RUN'

# What observe makes of pages nobody here wrote, the W3C ARIA Authoring
# Practices examples (e2e/testdata/apg), against Chromium's own
# accessibility tree: recall and precision of the marks, role + name
# agreement, tokens, per page and in all (FIDELITY_DETAIL=1 lists each
# difference).
bench-fidelity: build
	DIWALL_BIN=$(CURDIR)/$(BIN) DIWALL_FIDELITY=1 DIWALL_FIDELITY_DETAIL=$(FIDELITY_DETAIL) \
		$(GO) test -count=1 -run '^TestFidelity$$' -v -timeout 40m ./e2e/ | grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS'

# LOAD_SESSIONS MCP sessions at once (each its own diwall mcp) against
# one host for LOAD_DURATION: calls made, p50/p95/p99 per tool, errors by
# code, and a check that no session saw or touched another's tab or mark.
LOAD_DURATION ?= 5m
LOAD_SESSIONS ?= 8
bench-load: build
	DIWALL_BIN=$(CURDIR)/$(BIN) DIWALL_LOAD_DURATION=$(LOAD_DURATION) DIWALL_LOAD_SESSIONS=$(LOAD_SESSIONS) \
		$(GO) test -count=1 -run XXX -bench '^BenchmarkLoad$$' -benchtime 1x -timeout 60m ./e2e/

# SOAK_OBSERVATIONS observations in a row of a 1,000-element page: the
# host's memory every 100, its goroutines and open files at start and end.
SOAK_OBSERVATIONS ?= 2000
bench-soak: build
	DIWALL_BIN=$(CURDIR)/$(BIN) DIWALL_SOAK_OBSERVATIONS=$(SOAK_OBSERVATIONS) \
		$(GO) test -count=1 -run XXX -bench '^BenchmarkSoak$$' -benchtime 1x -timeout 60m ./e2e/

# How long Diwall takes to recover from each fault (the launched browser
# killed; Chrome restarted, the host killed, the extension reloaded, the
# service worker stopped, in the person's browser), RECOVERY_RUNS times
# each, and an observe after RECOVERY_IDLE without a call.
RECOVERY_RUNS ?= 3
RECOVERY_IDLE ?= 10m
bench-recovery: build
	DIWALL_BIN=$(CURDIR)/$(BIN) DIWALL_RECOVERY_RUNS=$(RECOVERY_RUNS) DIWALL_RECOVERY_IDLE=$(RECOVERY_IDLE) \
		$(GO) test -count=1 -run XXX -bench '^BenchmarkRecovery$$' -benchtime 1x -timeout 60m ./e2e/

# FAULT_SOAK_SESSIONS sessions on the person's browser for
# FAULT_SOAK_DURATION, a fault every FAULT_SOAK_EVERY: every call answered,
# no session seeing another's tab, no audit record lost, host memory flat.
FAULT_SOAK_SESSIONS ?= 8
FAULT_SOAK_DURATION ?= 10m
FAULT_SOAK_EVERY ?= 1m
bench-fault-soak: build
	DIWALL_BIN=$(CURDIR)/$(BIN) DIWALL_FAULT_SOAK_SESSIONS=$(FAULT_SOAK_SESSIONS) \
		DIWALL_FAULT_SOAK_DURATION=$(FAULT_SOAK_DURATION) DIWALL_FAULT_SOAK_EVERY=$(FAULT_SOAK_EVERY) \
		$(GO) test -count=1 -run XXX -bench '^BenchmarkFaultSoak$$' -benchtime 1x -timeout 90m ./e2e/

# Every fuzz target for FUZZTIME each: the native-messaging framing and
# the chunk reassembly, the host's reading of the page serializer's output,
# the profile parser and its site edits, and image composition. To run one
# for long: go test -run XXX -fuzz '^FuzzParseAndBuild$$' -fuzztime 1h ./host/internal/observe/
FUZZTIME ?= 10s
# How long the fuzzer may spend shrinking an input it found: the default
# (a minute) would take most of a short run.
FUZZMINIMIZETIME ?= 2s
FUZZ_TARGETS = protocol:FuzzConnRead protocol:FuzzAssembler host/internal/observe:FuzzParseAndBuild host/internal/observe:FuzzUnpack \
	internal/policy:FuzzParseAndEdit host/internal/imaging:FuzzCompose \
	host/internal/audit:FuzzRead

fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "== $${t#*:} ($(FUZZTIME))"; \
		$(GO) test -run XXX -fuzz "^$${t#*:}\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) ./$${t%%:*}/; \
	done

clean:
	rm -rf bin dist
