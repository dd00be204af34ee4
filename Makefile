# Glimpse. The two commands a newcomer needs: `make preview` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := preview

SWIFT ?= swift
GLIMPSE := .build/debug/glimpse
BUILD_PACKAGES := libcmark-dev libssl-dev libsqlite3-dev libpng-dev libxml2-dev fonts-inter
TEST_PACKAGES := chromium fonts-noto-color-emoji fonts-noto-cjk default-jre-headless
# The clock the test gallery is built with, so runs are reproducible.
TEST_NOW ?= 2026-11-22T09:00:00-05:00
TEST_ZONE ?= America/New_York
# The Dynamic Type sample make test checks: the smallest, the default and the largest text size on the
# smallest and the largest screen class (docs/DYNAMIC-TYPE.md).
SAMPLE_VARIANTS := --text-size xSmall --text-size Large --text-size AX5 --device 320x568 --device 430x932
# GlimpseKit and the targets whose declarations it re-exports (Sources/GlimpseKit/Exports.swift).
DOC_TARGETS := GlimpseKit GlimpseCLI Widgets WidgetTimeline GlimpseCore AppGroupStore

.PHONY: preview test sweep screenshots bench bench-full-axis fuzz registry sixth-widget docs man clean deps test-deps build

## Install what is missing, build, and write the sample gallery to public/ (under --strict).
preview: deps build
	$(GLIMPSE) build --strict --out public
	@echo "Open public/index.html in a browser."

## Install what the tests need, then check the source (formatting, each import declared, function and
## line lengths, no requirement ids), and run the Swift tests and the browser and end-to-end tests; last,
## build Examples/StepStreak and a package glimpse init writes, from outside, as a widget team would
## (Tests/Packages/, in this build folder: they share its compiled modules).
test: deps test-deps
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Package.swift
	python3 scripts/check-source.py
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	$(SWIFT) test --skip-build
	scripts/man.sh check
	@tmp=$$(mktemp -d /tmp/glimpse-test-gallery.XXXXXX); \
	$(GLIMPSE) build --now $(TEST_NOW) --time-zone $(TEST_ZONE) --out $$tmp/public --quiet \
	  && GLIMPSE_GALLERY=$$tmp/public GLIMPSE_BIN=$(CURDIR)/$(GLIMPSE) .venv/bin/python -m pytest Tests/EndToEnd Tests/Browser -q -p no:cacheprovider -n 2 --dist loadgroup --no-loadscope-reorder \
	  && $(GLIMPSE) build --now $(TEST_NOW) --time-zone $(TEST_ZONE) --out $$tmp/sizes --quiet $(SAMPLE_VARIANTS) \
	  && .venv/bin/python scripts/text-size-check.py --states-only $$tmp/sizes \
	  && .venv/bin/python -m pytest Tests/Packages -q -p no:cacheprovider; \
	status=$$?; rm -rf $$tmp; exit $$status

## Every widget at all twelve text sizes on all seven screen classes (each state's first frame, the
## placeholder and the storyboard) checked in Chromium (scripts/text-size-check.py): boxes checked and
## violations. Long: about an hour on two cores.
sweep: deps test-deps build
	@mkdir -p Benchmarks/.data; tmp=$$(mktemp -d /tmp/glimpse-sweep.XXXXXX); \
	/usr/bin/time -f "build of every variant: %e s, peak %M KB" $(GLIMPSE) build --now $(TEST_NOW) --time-zone $(TEST_ZONE) \
	  --out $$tmp/public --quiet --device all --text-size all \
	  && .venv/bin/python scripts/text-size-check.py --states-only $$tmp/public --json Benchmarks/.data/sweep.json; \
	status=$$?; rm -rf $$tmp; exit $$status

## A PNG of every app page and detail page, light and dark, in public/_screens/ (after make preview).
screenshots: preview test-deps
	.venv/bin/python scripts/screenshots.py public

## Release-build timings: the sample gallery, scale sweeps, Hugo on a site of the same shape; glimpse serve beside hugo server; diff and snapshot against bare chromium.
bench: deps test-deps
	python3 Benchmarks/bench.py
	@scripts/ensure-apt.sh hugo wrk
	.venv/bin/python Benchmarks/serve_bench.py
	python3 Benchmarks/diff_bench.py
	.venv/bin/python Benchmarks/review_bench.py

## diff --pixels of two full-axis galleries whose widgets' letters are spaced (every frame drawn from both): time,
## phases, peak memory. About an hour and 30 GB in a temporary folder (BENCH_WORK chooses where).
bench-full-axis: deps test-deps
	BENCH_FULL_AXIS=1 python3 Benchmarks/diff_bench.py

## libFuzzer on every store decoder, FUZZ_SECONDS each (default 60); prints executions and coverage, then the
## time and peak memory each hostile input of issue 20 takes to build (scripts/hostile-report.sh).
fuzz: deps
	scripts/fuzz.sh

## Regenerate what lists the apps (docs/APPS-AND-STORES.md's tables, make fuzz's list) from Sources/GlimpseRegistry/Registry.swift.
registry: build
	$(GLIMPSE) registry --write

## What a sixth widget costs: the registry's first app copied under a new id, one registry line, built and tested (in .build-sixth/).
sixth-widget: deps test-deps
	scripts/sixth-widget.sh

## GlimpseKit's documentation, in .build/plugins/Swift-DocC/outputs/Glimpse.doccarchive: its catalog (the
## tutorial, the API article) with a symbol page for each declaration it re-exports. DocC documents a
## declaration in the module that declares it, so those modules are documented too and merged with it
## (the docs plugin's combined documentation); scripts/check-docs.py checks every page is there.
docs: deps
	$(SWIFT) package generate-documentation --enable-experimental-combined-documentation \
	  $(addprefix --target ,$(DOC_TARGETS))
	python3 scripts/check-docs.py

## The man pages in docs/man/, one per command, from the commands' definitions (generate-manual);
## make test fails when they differ from what --help says.
man: deps
	scripts/man.sh write

build: deps
	$(SWIFT) build

deps:
	@scripts/ensure-apt.sh $(BUILD_PACKAGES)

test-deps:
	@scripts/ensure-apt.sh $(TEST_PACKAGES)
	@scripts/ensure-venv.sh

clean:
	rm -rf .build .build-fuzz .build-sixth public .venv Benchmarks/.data
