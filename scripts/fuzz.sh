#!/usr/bin/env bash
# make fuzz: builds Tests/Fuzz with AddressSanitizer and libFuzzer's coverage into .build-fuzz/,
# then runs its one target once per app of the registry (GLIMPSE_FUZZ_APP=<app>) for
# FUZZ_SECONDS (default 60) from the seeds in Tests/Fuzz/corpus/<app>/, and prints executions,
# coverage and findings per app. Then, unless FUZZ_ZONES=none, builds the sample gallery in every
# time zone (scripts/zone_sweep.py); and unless FUZZ_HOSTILE=no, builds each hostile input of
# issue 20 and prints the time and memory it takes (scripts/hostile-report.sh).
#
# SwiftPM renames an executable's `main`, so `-sanitize=fuzzer` (which brings libFuzzer's own
# main) cannot link; the target calls LLVMFuzzerRunDriver from the no-main runtime instead,
# with the same instrumentation: -sanitize=address and edge, trace-cmp, inline-8bit-counters
# and pc-table coverage. Leak detection is off: Foundation on Linux leaks a CFError for every
# property list it fails to parse (swift-corelibs-foundation, not Glimpse), which would stop an
# app that reads a plist at its first malformed input.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
scratch=$PWD/.build-fuzz

runtime=$(ls "$(dirname "$(readlink -f "$(command -v swiftc)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -1)
if [[ -z "$runtime" ]]; then
  echo "libclang_rt.fuzzer_no_main is not in this Swift toolchain" >&2
  exit 1
fi
echo "Building the fuzz target (debug, ASan, libFuzzer coverage) in .build-fuzz/ ..."
(cd Tests/Fuzz && swift build -c debug --scratch-path "$scratch" \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
  -Xlinker "$runtime" -Xlinker -lstdc++ 2>&1 | grep -E "error|warning: |Build complete" | grep -v "Cannot export local symbol") || true
binary="$scratch/debug/fuzz-store"
if [[ ! -x "$binary" ]]; then
  echo "fuzz-store did not build" >&2
  exit 1
fi
# The apps, from the registry the target was built with.
mapfile -t apps < <(GLIMPSE_FUZZ_LIST=1 "$binary")
status=0
printf '\n%-10s %12s %8s %8s %10s  %s\n' app executions cov ft "corpus" findings
for app in "${apps[@]}"; do
  work="$scratch/corpus/$app"
  findings="$scratch/findings/$app"
  seeds="Tests/Fuzz/corpus/$app"
  mkdir -p "$work" "$findings" "$seeds"
  log="$scratch/fuzz-$app.log"
  GLIMPSE_FUZZ_APP="$app" ASAN_OPTIONS=detect_leaks=0 "$binary" "$work" "$seeds" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -detect_leaks=0 -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
  code=$?
  done_line=$(grep -E "^#[0-9]+[[:space:]]+DONE" "$log" | tail -1)
  executions=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}' | tail -1)
  cov=$(echo "$done_line" | grep -oE "cov: [0-9]+" | awk '{print $2}')
  ft=$(echo "$done_line" | grep -oE "ft: [0-9]+" | awk '{print $2}')
  corpus=$(echo "$done_line" | grep -oE "corp: [0-9]+/[0-9]+[a-zA-Z]*" | awk '{print $2}')
  found=$(ls "$findings" | wc -l)
  printf '%-10s %12s %8s %8s %10s  %s\n' "$app" "${executions:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}" \
    "$([[ $found -eq 0 && $code -eq 0 ]] && echo none || echo "$found in .build-fuzz/findings/$app/ (exit $code; log $log)")"
  [[ $found -eq 0 && $code -eq 0 ]] || status=1
done

# Every time zone: the sample gallery on an ordinary and a daylight-saving day (release build).
if [[ "${FUZZ_ZONES:-all}" == all || "${FUZZ_HOSTILE:-yes}" == yes ]]; then
  echo
  echo "Building glimpse (release) ..."
  swift build -c release --product glimpse 2>&1 | grep -E "error|Build of product" || true
fi
if [[ "${FUZZ_ZONES:-all}" == all ]]; then
  python3 scripts/zone_sweep.py .build/release/glimpse --all || status=1
fi
# The hostile inputs of issue 20, built whole: the time each takes, and peak memory.
if [[ "${FUZZ_HOSTILE:-yes}" == yes ]]; then
  echo
  scripts/ensure-venv.sh && GLIMPSE_BIN=.build/release/glimpse scripts/hostile-report.sh || status=1
fi
exit $status
