#!/usr/bin/env python3
"""Checks GlimpseKit's DocC archive (make docs): a symbol page for every declaration
Sources/GlimpseKit/Exports.swift re-exports, in the module that holds it, and the catalog's pages.

DocC documents a declaration in the module that declares it, never in one that re-exports it, so
GlimpseKit's own archive has no symbol pages; make docs documents those modules too and merges
them with GlimpseKit's catalog, whose API article links each declaration to its page."""
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXPORTS = REPO / "Sources/GlimpseKit/Exports.swift"
DEFAULT = REPO / ".build/plugins/Swift-DocC/outputs/Glimpse.doccarchive"
DECLARATION = re.compile(r"^@_exported import (?:struct|enum|protocol|class|typealias|func) (\w+)\.(\w+)$", re.M)
MODULE = re.compile(r"^@_exported import (\w+)$", re.M)


def main():
    archive = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    pages = archive / "data/documentation"
    text = EXPORTS.read_text()
    wanted = [f"{module.lower()}/{name.lower()}.json" for module, name in DECLARATION.findall(text)]
    wanted += ["glimpsekit.json", "glimpsekit/api.json"]
    missing = [page for page in wanted if not (pages / page).is_file()]
    for module in MODULE.findall(text):  # re-exported whole: its module page and some symbols
        if len(list((pages / module.lower()).glob("*.json"))) < 10:
            missing.append(f"{module.lower()}/*.json")
    if not (archive / "data/tutorials/glimpsekit/preview-your-widget.json").is_file():
        missing.append("tutorials/glimpsekit/preview-your-widget.json")
    if missing:
        sys.exit(f"{archive}: no page for\n  " + "\n  ".join(missing))
    count = sum(1 for _ in pages.rglob("*.json"))
    print(f"{archive}: {count} documentation pages; every declaration GlimpseKit re-exports has one")


if __name__ == "__main__":
    main()
