#!/bin/bash
# The man pages in docs/man/, generated from the command definitions by swift-argument-parser's
# generate-manual plugin (one page per command). `scripts/man.sh write` writes them; `scripts/man.sh
# check` generates them again and fails when docs/man/ differs, so that a page never says what
# `--help` does not. The date is fixed, so that a page changes only with its command.
set -euo pipefail
cd "$(dirname "$0")/.."
MAN_DATE=2026-11-28
OUT=.build/plugins/GenerateManual/outputs/glimpse
rm -rf "$OUT"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! ${SWIFT:-swift} package generate-manual --configuration debug --multi-page --date "$MAN_DATE" >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
case "${1:-check}" in
write)
  rm -rf docs/man && mkdir -p docs/man && cp "$OUT"/*.1 docs/man/
  echo "docs/man: $(ls docs/man | wc -l) pages"
  ;;
check)
  if ! diff -r docs/man "$OUT"; then
    echo "docs/man/ is not what the commands' --help says: run make man and commit docs/man/" >&2
    exit 1
  fi
  echo "docs/man: $(ls docs/man | wc -l) pages, as --help says"
  ;;
*) echo "usage: scripts/man.sh [write|check]" >&2; exit 2 ;;
esac
