# nibviz — `make site` and `make test` are all a newcomer needs; both install what is missing.
SHELL := /bin/bash
SWIFT ?= swift
PREFIX ?= /usr/local
CONFIG ?= debug
BIN := .build/$(CONFIG)/nibviz
SITE_OUT ?= site/public
CORPUS ?= ../shared/corpus/files

.PHONY: all deps build test site bench install format lint clean corpus-render browser-test serve fuzz

all: build

# System packages: libgvc headers + pkg-config file, and graphviz (dot, for benchmarks/baselines).
deps:
	@missing=""; \
	pkg-config --exists libgvc 2>/dev/null || missing="$$missing libgraphviz-dev"; \
	command -v dot >/dev/null 2>&1 || missing="$$missing graphviz"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	if [ -n "$$missing" ]; then \
		echo "make deps: installing$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

test: build
	@python3 -c "import sarif_pydantic" 2>/dev/null || python3 -m pip install -q sarif-pydantic >/dev/null 2>&1 || echo "make test: sarif-pydantic not installed; the SARIF validation test will skip"
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

site: build
	$(BIN) site -o $(SITE_OUT)
	@echo "open $(SITE_OUT)/index.html"

bench: deps
	$(SWIFT) build -c release
	.build/release/NibVizBench --nibviz .build/release/nibviz --corpus $(CORPUS)

# Headless Chromium (Debian package, installed when absent) loads the index, a concept page and a
# big document page in light and dark mode: screenshots in .build/browser-test/, console errors fail.
browser-test: build
	@command -v chromium >/dev/null 2>&1 || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }
	Tests/browser/browser-test.sh $(BIN) $(CORPUS)

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
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

clean:
	rm -rf .build $(SITE_OUT)
