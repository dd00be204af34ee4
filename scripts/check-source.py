#!/usr/bin/env python3
"""The rules of the source that no compiler or formatter holds, checked for `make test`:

- no function, initializer or accessor in Sources/ longer than 50 lines, measured on the
  compiler's own parse (`swiftc -frontend -dump-parse`), so strings and comments cannot fool it;
- no line of Swift in Sources/ or Tests/ longer than 120 characters, comments and strings
  included (swift format breaks code, not those);
- no requirement id (FR-006, SC-003, US2-2) and no PRODUCT.md, a document the repository does not
  hold, in Sources/, templates/ or content/: what a rule is goes there, its id in docs/widgets/;
- every module a target imports is one it declares in Package.swift, not one it reaches through
  another target (SwiftPM's --explicit-target-dependency-import-check lets those pass).

Prints each finding as FILE:LINE: message and exits 1 when there is one."""
import concurrent.futures
import json
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LONGEST_FUNCTION = 50
LONGEST_LINE = 120
DECLARATION = re.compile(
    r'\((func_decl|constructor_decl|accessor_decl|destructor_decl)\b[^\[\n]*range=\[([^\]]+?):(\d+):\d+ - line:(\d+):\d+\] "([^"]*)"')
REQUIREMENT = re.compile(r"\b(?:FR|SC|NFR|US)-?\d+(?:-\d+)?\b|PRODUCT\.md")
# Modules of the toolchain and the system, which no target declares. (_FoundationICU is the ICU
# Foundation ships and formats with; Widgets links it by name for CLDR's plural rules.)
SYSTEM_MODULES = {"Foundation", "FoundationNetworking", "FoundationEssentials", "Dispatch", "Glibc", "Darwin",
                  "Synchronization", "Testing", "XCTest", "PackageDescription", "_FoundationICU"}
IMPORT = re.compile(r"^\s*(?:@testable\s+)?import\s+(\w+)", re.M)
TEXT_SUFFIXES = {".swift", ".mustache", ".css", ".js", ".md", ".yaml", ".yml", ".py", ".json", ".c", ".h"}


def in_catalog(path):
    """A file of a DocC catalog (a tutorial's code, shown as a widget author writes it) is no source."""
    return any(part.endswith(".docc") for part in path.parts)


def swift_files(*folders):
    for folder in folders:
        yield from sorted(path for path in (ROOT / folder).rglob("*.swift") if not in_catalog(path))


def long_functions(path):
    """Each declaration with a body of more than LONGEST_FUNCTION lines in one file."""
    parse = subprocess.run(["swiftc", "-frontend", "-dump-parse", str(path)], capture_output=True, cwd=ROOT)
    findings = []
    for kind, _, first, last, name in DECLARATION.findall(parse.stdout.decode(errors="replace") + parse.stderr.decode(errors="replace")):
        lines = int(last) - int(first) + 1
        if lines > LONGEST_FUNCTION:
            findings.append((int(first), f"{name} is {lines} lines long; split it into named steps (at most {LONGEST_FUNCTION})"))
    return path, findings


def long_lines(path):
    findings = []
    for number, line in enumerate(path.read_text(errors="replace").split("\n"), start=1):
        if len(line) > LONGEST_LINE:
            findings.append((number, f"{len(line)} characters; at most {LONGEST_LINE}"))
    return findings


def requirement_ids(path):
    if path.suffix not in TEXT_SUFFIXES:
        return []
    findings = []
    for number, line in enumerate(path.read_text(errors="replace").split("\n"), start=1):
        for match in REQUIREMENT.finditer(line):
            findings.append((number, f"{match.group(0)}: say what the rule is; its id belongs in docs/widgets/"))
    return findings


def undeclared_imports():
    """Each import of a target's sources that its declared dependencies do not name."""
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], capture_output=True, text=True,
                                        cwd=ROOT, check=True).stdout)
    findings = []
    for target in package["targets"]:
        if target["type"] == "system":
            continue
        declared = {target["name"]}
        for dependency in target.get("dependencies", []):
            for kind, value in dependency.items():
                declared.add(value[0])
        folder = ROOT / (target.get("path") or ("Tests" if target["type"] == "test" else "Sources") + "/" + target["name"])
        for path in sorted(path for path in folder.rglob("*.swift") if not in_catalog(path)):
            text = path.read_text(errors="replace")
            for match in IMPORT.finditer(text):
                module = match.group(1)
                if module not in declared and module not in SYSTEM_MODULES:
                    line = text.count("\n", 0, match.start()) + 1
                    findings.append((path, line, f"{target['name']} imports {module} without declaring it in Package.swift"))
    return findings


def main():
    findings = undeclared_imports()
    sources = list(swift_files("Sources"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for path, found in pool.map(long_functions, sources):
            findings += [(path, line, message) for line, message in found]
    for path in swift_files("Sources", "Tests"):
        findings += [(path, line, message) for line, message in long_lines(path)]
    for folder in ("Sources", "templates", "content"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file():
                findings += [(path, line, message) for line, message in requirement_ids(path)]
    for path, line, message in sorted(findings):
        print(f"{path.relative_to(ROOT)}:{line}: {message}")
    if findings:
        print(f"{len(findings)} finding{'s' if len(findings) != 1 else ''}: see scripts/check-source.py", file=sys.stderr)
        return 1
    print(f"Source rules hold: {len(sources)} files of Sources/, functions at most {LONGEST_FUNCTION} lines, "
          f"lines at most {LONGEST_LINE} characters, no requirement ids.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
