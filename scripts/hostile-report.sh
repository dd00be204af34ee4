#!/usr/bin/env bash
# The hostile inputs of issues 20 and 31 (special files, YAML bombs, SQLite stores made endless or
# huge, escapes in names, strings of megabytes, a million items, manifests past the readers' limits),
# each run under a 60 s timeout and a 1 GB address space: how long it takes, which bounds the time to
# refuse the input (compare "baseline", the same store unmodified), its peak resident memory (limit
# 512 MB) and what it wrote (limit 50 MB). Runs the end-to-end tests that run them (those using
# Tests/hostile_support.py) and prints their figures; exits as they do.
#
#   scripts/hostile-report.sh                              # with .build/debug/glimpse
#   GLIMPSE_BIN=.build/release/glimpse scripts/hostile-report.sh
set -uo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${GLIMPSE_BIN:-.build/debug/glimpse}")
if [[ ! -x "$binary" ]]; then
  echo "$binary is missing: run swift build" >&2
  exit 1
fi
mapfile -t files < <(grep -rl --include='test_*.py' 'from hostile_support import' Tests/EndToEnd | sort)
log=$(mktemp)
GLIMPSE_BIN="$binary" .venv/bin/python -m pytest "${files[@]}" -q -s -p no:cacheprovider >"$log" 2>&1
status=$?
printf '%s\n' "Hostile inputs, built by $binary:"
sed -n 's/^.*hostile \(.*\): exit \([0-9-]*\) in \([0-9.]*\) s, peak \([0-9]*\) MB, output \([0-9.]*\) MB$/\3\t\4\t\5\t\2\t\1/p' "$log" \
  | awk -F'\t' 'BEGIN { printf "%9s %8s %10s %5s  %s\n", "seconds", "peak MB", "output MB", "exit", "input" }
                { printf "%9s %8s %10s %5s  %s\n", $1, $2, $3, $4, $5 }'
tail -1 "$log"
[[ $status -eq 0 ]] || grep -E "^(FAILED|ERROR)" "$log"
rm -f "$log"
exit $status
