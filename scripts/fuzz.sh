#!/usr/bin/env bash
# make fuzz: builds Tests/Fuzz with AddressSanitizer and libFuzzer's coverage into .build-fuzz/,
# then runs each decoder's target for FUZZ_SECONDS (default 60) from the seeds in
# Tests/Fuzz/corpus/<target>/, and prints executions, coverage and findings per target.
# Then, unless FUZZ_ZONES=none, builds the sample gallery in every time zone (scripts/zone_sweep.py).
#
# SwiftPM renames an executable's `main`, so `-sanitize=fuzzer` (which brings libFuzzer's own
# main) cannot link; the targets call LLVMFuzzerRunDriver from the no-main runtime instead,
# with the same instrumentation: -sanitize=address and edge, trace-cmp, inline-8bit-counters
# and pc-table coverage. Leak detection is off: Foundation on Linux leaks a CFError for every
# property list it fails to parse (swift-corelibs-foundation, not Glimpse), which would stop the
# BitPal target at its first malformed input.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
scratch=$PWD/.build-fuzz
targets=(habits sessions onegoal bitpal w8trackr)

runtime=$(ls "$(dirname "$(readlink -f "$(command -v swiftc)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -1)
if [[ -z "$runtime" ]]; then
  echo "libclang_rt.fuzzer_no_main is not in this Swift toolchain" >&2
  exit 1
fi
echo "Building fuzz targets (debug, ASan, libFuzzer coverage) in .build-fuzz/ ..."
(cd Tests/Fuzz && swift build -c debug --scratch-path "$scratch" \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
  -Xlinker "$runtime" -Xlinker -lstdc++ 2>&1 | grep -E "error|warning: |Build complete" | grep -v "Cannot export local symbol") || true
status=0
printf '\n%-10s %12s %8s %8s %10s  %s\n' target executions cov ft "corpus" findings
for target in "${targets[@]}"; do
  binary="$scratch/debug/fuzz-$target"
  if [[ ! -x "$binary" ]]; then
    echo "fuzz-$target did not build" >&2
    status=1
    continue
  fi
  work="$scratch/corpus/$target"
  findings="$scratch/findings/$target"
  mkdir -p "$work" "$findings"
  log="$scratch/fuzz-$target.log"
  ASAN_OPTIONS=detect_leaks=0 "$binary" "$work" "Tests/Fuzz/corpus/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
  code=$?
  done_line=$(grep -E "^#[0-9]+[[:space:]]+DONE" "$log" | tail -1)
  executions=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}' | tail -1)
  cov=$(echo "$done_line" | grep -oE "cov: [0-9]+" | awk '{print $2}')
  ft=$(echo "$done_line" | grep -oE "ft: [0-9]+" | awk '{print $2}')
  corpus=$(echo "$done_line" | grep -oE "corp: [0-9]+/[0-9]+[a-zA-Z]*" | awk '{print $2}')
  found=$(ls "$findings" | wc -l)
  printf '%-10s %12s %8s %8s %10s  %s\n' "$target" "${executions:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}" \
    "$([[ $found -eq 0 && $code -eq 0 ]] && echo none || echo "$found in .build-fuzz/findings/$target/ (exit $code; log $log)")"
  [[ $found -eq 0 && $code -eq 0 ]] || status=1
done

# Every time zone: the sample gallery on an ordinary and a daylight-saving day (release build).
if [[ "${FUZZ_ZONES:-all}" == all ]]; then
  echo
  echo "Building glimpse (release) for the every-zone sweep ..."
  swift build -c release --product glimpse 2>&1 | grep -E "error|Build of product" || true
  python3 scripts/zone_sweep.py .build/release/glimpse --all || status=1
fi
exit $status
