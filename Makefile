# nibviz — `make site` and `make test` are all a newcomer needs; both install what is missing.
SHELL := /bin/bash
SWIFT ?= swift
PREFIX ?= /usr/local
CONFIG ?= debug
BIN := .build/$(CONFIG)/nibviz
SITE_OUT ?= site/public
# `make fuzz`: FUZZ_CASES=N or FUZZ_SECONDS=S (default 2000 cases), FUZZ_SEED=N (same seed, same inputs).
FUZZ_CASES ?=
FUZZ_SECONDS ?=
FUZZ_SEED ?= 1
FUZZ_TEST_CASES ?= 400
CORPUS ?= ../shared/corpus/files
# Our Swift code; test fixtures (Swift sources the source reader parses) keep their own shape.
SWIFT_FILES = $(shell find Sources Tests -name '*.swift' -not -path '*/__Fixtures__/*' | sort)

.PHONY: all deps build test site bench install format lint clean corpus-render browser-test serve fuzz mermaid-test

all: build

# System packages: libgvc, libxml2 and libarchive headers + pkg-config files, and graphviz (dot, for benchmarks/baselines).
deps:
	@missing=""; \
	pkg-config --exists libgvc 2>/dev/null || missing="$$missing libgraphviz-dev"; \
	pkg-config --exists libxml-2.0 2>/dev/null || missing="$$missing libxml2-dev"; \
	pkg-config --exists libarchive 2>/dev/null || missing="$$missing libarchive-dev"; \
	command -v dot >/dev/null 2>&1 || missing="$$missing graphviz"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	if [ -n "$$missing" ]; then \
		echo "make deps: installing$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

# The tests' scratch folders (and those of the nibviz processes they start) go in a folder of this
# run, their TMPDIR: removed after a passing run, kept after a failing one to look into. Left in
# /tmp they came to 18 GB after a few hundred runs (corpus sites of 330 MB each). It is made in
# /tmp, not in the checkout, and readable by all: a test runs nibviz as `nobody` there, which
# cannot enter a clone made in `mktemp -d` (mode 0700).
test: build
	@python3 -c "import sarif_pydantic" 2>/dev/null || python3 -m pip install -q sarif-pydantic >/dev/null 2>&1 || echo "make test: sarif-pydantic not installed; the SARIF validation test will skip"
	$(SWIFT) build --build-tests
	@scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/nibviz-test.XXXXXX") && chmod 755 "$$scratch" && \
	echo "TMPDIR=$$scratch $(SWIFT) test --skip-build" && \
	if TMPDIR="$$scratch" $(SWIFT) test --skip-build; then rm -rf "$$scratch"; \
	else echo "make test: the tests' scratch folders are kept in $$scratch"; exit 1; fi
	$(SWIFT) build -c $(CONFIG) --product NibVizFuzz
	.build/$(CONFIG)/NibVizFuzz --nibviz $(BIN) --seeds Tests/Fuzz/seeds --cases $(FUZZ_TEST_CASES) --seed 1

site: build
	$(BIN) site -o $(SITE_OUT)
	@mkdir -p .build/bin && ln -sfn ../$(CONFIG)/nibviz .build/bin/nibviz
	@echo "open $(SITE_OUT)/index.html"
	@echo "nibviz is .build/bin/nibviz; for the README's tour: export PATH=\"$$PWD/.build/bin:\$$PATH\""

# Mutation fuzzer over Tests/Fuzz/seeds/<format>/ driving the built binary: fails on a crash, a
# hang, output outside the output folder or a rejection without FILE:LINE; inputs that do are
# saved in .build/fuzz/findings/seed-N/.
fuzz: build
	$(SWIFT) build -c $(CONFIG) --product NibVizFuzz
	.build/$(CONFIG)/NibVizFuzz --nibviz $(BIN) --seeds Tests/Fuzz/seeds --seed $(FUZZ_SEED) \
		$(if $(FUZZ_SECONDS),--seconds $(FUZZ_SECONDS)) $(if $(FUZZ_CASES),--cases $(FUZZ_CASES)) \
		$(if $(or $(FUZZ_SECONDS),$(FUZZ_CASES)),,--cases 2000)

bench: deps
	@command -v xmllint >/dev/null 2>&1 || { echo "make bench: installing libxml2-utils (xmllint, the parse baseline)"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libxml2-utils; }
	$(SWIFT) build -c release
	.build/release/NibVizBench --nibviz .build/release/nibviz --corpus $(CORPUS) $(if $(QUICK),--quick) $(if $(BENCH_ONLY),--only $(BENCH_ONLY))

# Headless Chromium (Debian package, installed when absent) loads the index, a concept page and a
# big document page in light and dark mode: screenshots in .build/browser-test/, console errors fail.
browser-test: build
	@command -v chromium >/dev/null 2>&1 || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }
	Tests/browser/browser-test.sh $(BIN) $(CORPUS)

# Mermaid itself (mermaid.min.js 11.16 from the artoo-mermaid wheel on PyPI, fetched with pip;
# npm is not needed) in headless Chromium parses and renders the Mermaid block of a real
# storyboard diff; screenshot in .build/mermaid-test/. The test skips when either is absent.
MERMAID_JS := .build/mermaid/mermaid.min.js
$(MERMAID_JS):
	mkdir -p .build/mermaid
	python3 -m pip download artoo-mermaid==11.16.0 --no-deps --only-binary=:all: --python-version 3.12 -d .build/mermaid -q
	python3 -c "import zipfile,sys; z=zipfile.ZipFile('.build/mermaid/artoo_mermaid-11.16.0-py3-none-any.whl'); open('$(MERMAID_JS)','wb').write(z.read('artoo_mermaid/assets/mermaid.min.js'))"

mermaid-test: build $(MERMAID_JS)
	@command -v chromium >/dev/null 2>&1 || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter MermaidTests

serve:
	@test -f $(SITE_OUT)/index.html || $(MAKE) site
	python3 -m http.server --directory $(SITE_OUT) 8000

corpus-render: build
	$(BIN) render-corpus $(CORPUS)

install: deps
	$(SWIFT) build -c release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/nibviz $(DESTDIR)$(PREFIX)/bin/nibviz
	install -d $(DESTDIR)$(PREFIX)/share/nibviz/site
	tar -C site --exclude=public -cf - . | tar -C $(DESTDIR)$(PREFIX)/share/nibviz/site -xf -

format:
	$(SWIFT) format --in-place $(SWIFT_FILES) Package.swift

lint:
	$(SWIFT) format lint --strict $(SWIFT_FILES) Package.swift

clean:
	rm -rf .build $(SITE_OUT)
