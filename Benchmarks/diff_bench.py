#!/usr/bin/env python3
"""`make bench`, part 3: `glimpse diff`, `snapshot` and `check` on the default gallery, release build.

- Structural diff of two default galleries (one copy edit apart), as a ratio to one `glimpse build`.
- `diff --pixels` when only a shared asset changed: a stylesheet comment (its rules are the same,
  so no frame is drawn), the gallery's script (frames are drawn without it: none), one app's rule
  (its first class inverted, in the last app's stylesheet: only the frames with it are drawn), and the widgets' letters
  spaced (every frame is a candidate, everything looks different, and every image is written). Widget images drawn per second, peak RSS, and the ratio to the floor:
  one bare `chromium --headless --screenshot` of each of the same sheet pages, one after another
  (GLIMPSE_SHEET_PAGES has the diff write each sheet as a page of its own).
- The same spaced diff in 4 shards (`--shard i/4`) run one after another, then `glimpse merge`: each
  shard's time, and the merge's own time as a share of the one-process pixel work.
- `snapshot` of the whole default gallery at @3x: time and PNG count.
- With BENCH_FULL_AXIS=1 (`make bench-full-axis`), only: `diff --pixels` of two full-axis galleries
  (`--device all --text-size all`) whose widgets' letters are spaced, so that every frame is a
  candidate and looks different: one run, its time by phase and its peak memory. About an hour
  and 30 GB.

Medians of BENCH_DIFF_RUNS runs (default 3) where it says so. Prints tables; asserts nothing."""
import json
import os
import re
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from bench import CLOCK, GLIMPSE, REPO, table, timed  # noqa: E402

RUNS = max(1, int(os.environ.get("BENCH_DIFF_RUNS", "3")))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def build(work, out, *args):
    timed([str(GLIMPSE), "build", *CLOCK, "--quiet", "--out", str(work / out), *map(str, args)], cwd=work)


PHASES = re.compile(r"Time by phase, the tabs' added up: (.*); (?:report|review) ([0-9.]+) s")


def run(work, *args, env=None, phases=None):
    """glimpse ARGS in `work`: (seconds, peak RSS MB of the largest process, exit code). With a list
    as `phases`, the run's time by phase is appended to it, as {phase: seconds}."""
    with tempfile.TemporaryFile() as log:  # a file, not a pipe, which a chatty run could fill
        start = time.perf_counter()
        process = subprocess.Popen([str(GLIMPSE), *map(str, args)], cwd=work, stdout=subprocess.DEVNULL, stderr=log,
                                   env={**os.environ, **(env or {})})
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        log.seek(0)
        errors = log.read().decode()[-4000:]
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"glimpse {' '.join(map(str, args))} failed:\n{errors}")
    if phases is not None:
        found = PHASES.search(errors)
        if not found:
            sys.exit(f"glimpse {' '.join(map(str, args))} gave no time by phase:\n{errors}")
        named = {name: float(seconds) for name, seconds, _ in (part.split(" ") for part in found.group(1).split(", "))}
        phases.append({**named, "last": float(found.group(2))})
    return elapsed, usage.ru_maxrss / 1024, code


def app_rule(work):
    """The last app's stylesheet (by folder name) and the first class a rule of it names alone: `.xx-title`."""
    sheets = sorted(p for p in (work / "templates").glob("*/style.css"))
    for line in sheets[-1].read_text().splitlines():
        match = re.match(r"(\.[A-Za-z0-9_-]+) \{", line)
        if match:
            return sheets[-1], match.group(1)
    sys.exit(f"{sheets[-1]} has no rule of a class alone")


def floor(pages):
    """One bare `chromium --headless --screenshot` per sheet page, one after another: seconds."""
    started = time.perf_counter()
    for page in pages:
        width, height = page.name.split("-")[-1].split("@")[0].split("x")
        shot = page.with_suffix(".png")
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--hide-scrollbars", "--force-color-profile=srgb",
                        f"--window-size={width},{height}", f"--screenshot={shot}", page.as_uri()],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=120)
    return time.perf_counter() - started


def main():
    subprocess.run(["swift", "build", "-c", "release", "--product", "glimpse"], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    if os.environ.get("BENCH_FULL_AXIS") == "1":
        return full_axis_bench(version)
    print(f"\nglimpse diff and snapshot · {version} · {os.cpu_count()} cores · medians of {RUNS}")
    work = pathlib.Path(tempfile.mkdtemp(prefix="glimpse-diff-bench."))
    try:
        for name in ("content", "templates"):
            shutil.copytree(REPO / name, work / name)
        build(work, "base")
        builds = [timed([str(GLIMPSE), "build", *CLOCK, "--quiet", "--out", str(work / "again")], cwd=work)[0] for _ in range(RUNS)]
        copy = sorted((work / "content/copy").glob("*/*.md"))[0]
        original = copy.read_text()
        copy.write_text("Edited for the benchmark.\n")
        build(work, "edited")
        copy.write_text(original)
        diffs = [run(work, "diff", "base", "edited", "--out", "review", "--quiet")[0] for _ in range(RUNS)]
        report = json.loads((work / "review/diff.json").read_text())
        table("Structural diff of two default galleries (one copy edit)",
              ["widgets", "changed", "median diff", "median build", "diff / build"],
              [[report["summary"]["widgets"], report["summary"]["changed"], f"{statistics.median(diffs):.3f} s",
                f"{statistics.median(builds):.3f} s", f"{statistics.median(diffs) / statistics.median(builds):.2f}"]])

        css = work / "templates/gallery.css"
        original = css.read_text()
        css.write_text(original + "\n/* a comment */\n")
        build(work, "commented")
        css.write_text(original + "\n.widget { letter-spacing: 0.4px; }\n")
        build(work, "spaced")
        css.write_text(original)
        # One app's rule: only the frames with its class can differ, so only they are drawn.
        app_css, selector = app_rule(work)
        app_original = app_css.read_text()
        app_css.write_text(app_original + f"\n{selector} {{ filter: invert(1); }}\n")
        build(work, "one-app-rule")
        app_css.write_text(app_original)
        # A script: frames are drawn without the gallery's scripts, so nothing is drawn.
        shutil.copytree(work / "base", work / "scripted")
        with open(work / "scripted/assets/glimpse.js", "a") as script:
            script.write("\nconsole.log('a change');\n")
        rows = []
        sheets = work / "sheets"
        sheets.mkdir()
        spaced_phases = []
        for name in ("commented", "scripted", "one-app-rule", "spaced"):
            # The spaced diff says where its time went (not --quiet, which keeps only the verdict).
            results = [run(work, "diff", "base", name, "--pixels", "--out", f"review-{name}",
                           *([] if name == "spaced" else ["--quiet"]),
                           env={"GLIMPSE_SHEET_PAGES": str(sheets)} if name == "spaced" and index == 0 else None,
                           phases=spaced_phases if name == "spaced" else None)
                       for index in range(RUNS)]
            seconds = statistics.median(r[0] for r in results)
            rss = statistics.median(r[1] for r in results)
            pixels = json.loads((work / f"review-{name}/diff.json").read_text())["pixels"]
            drawn = 2 * pixels["imagesCompared"]
            rows.append([name, pixels["imagesCompared"], pixels["imagesChanged"], pixels["sheets"] * 2, seconds, f"{drawn / seconds:,.0f}",
                         f"{rss:.0f} MB"])
        # The floor: the same sheet pages (the spaced diff's: a comment alone draws nothing, its rules
        # being the same), each drawn by a bare chromium started for it. Both galleries' sheets, so
        # the same work as a diff.
        pages = sorted(sheets.glob("*.html"))
        bare = floor(pages)
        rows = [row[:4] + [f"{row[4]:.1f} s", row[5], f"{bare:.1f} s", f"{row[4] / bare:.2f}", row[6]] for row in rows]
        table(f"diff --pixels, only a shared asset changed: a stylesheet comment, a script, one app's rule "
              f"({selector} inverted), a rule for every widget; both galleries drawn; bare chromium: the spaced diff's sheets",
              ["change", "images compared", "changed", "sheets", "median wall", "images/s", "bare chromium", "glimpse / bare", "peak RSS"],
              rows)
        names = list(spaced_phases[0])
        table("diff --pixels of the spaced stylesheet, time by phase: both tabs' and the comparing tasks' "
              "added up, so more than the run; review: writing the review after (medians)",
              names[:-1] + ["review", "wall"],
              [[f"{statistics.median(p[n] for p in spaced_phases):.1f} s" for n in names] + [rows[-1][4]]])
        shard_bench(work, one=float(rows[-1][4].split()[0]))

        seconds, rss, _ = run(work, "snapshot", "base", "--out", "shots", "--scale", "3", "--quiet")
        count = len(list((work / "shots").rglob("*.png")))
        size = sum(p.stat().st_size for p in (work / "shots").rglob("*.png"))
        table("snapshot of the default gallery at @3x (one run)", ["PNGs", "size", "wall", "PNGs/s", "peak RSS"],
              [[f"{count:,}", f"{size / 1e6:.0f} MB", f"{seconds:.1f} s", f"{count / seconds:,.0f}", f"{rss:.0f} MB"]])
        check_bench(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def shard_bench(work, one):
    """The spaced diff in 4 shards, one after another, and their merge, against `one` (seconds, the
    median of one process); and whether the merge is byte for byte the one process's review."""
    shards = [run(work, "diff", "base", "spaced", "--pixels", "--shard", f"{i}/4", "--out", f"shard-{i}", "--quiet")
              for i in range(1, 5)]
    merges = [run(work, "merge", *[f"shard-{i}" for i in range(1, 5)], "--out", "review-merged", "--quiet")
              for _ in range(RUNS)]
    merge = statistics.median(m[0] for m in merges)
    same = identical(work / "review-spaced", work / "review-merged")
    images = [json.loads((work / f"shard-{i}/diff.json").read_text())["pixels"]["imagesCompared"] for i in range(1, 5)]
    table("diff --pixels of the spaced stylesheet in 4 shards, one after another, then glimpse merge",
          ["one process", "shards (images each)", "sum of shards", "slowest shard", "median merge", "merge / one process",
           "merge peak RSS", "merged = one process"],
          [[f"{one:.1f} s", " · ".join(f"{s[0]:.1f} s ({n:,})" for s, n in zip(shards, images)),
            f"{sum(s[0] for s in shards):.1f} s", f"{max(s[0] for s in shards):.1f} s", f"{merge:.2f} s",
            f"{100 * merge / one:.1f} %", f"{statistics.median(m[1] for m in merges):.0f} MB",
            "yes" if same else "NO"]])


def identical(one, two):
    """Whether two review folders hold the same bytes, the count of contact sheets in diff.json aside."""
    files = lambda root: sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    if files(one) != files(two):
        return False
    for path in files(one):
        a, b = (one / path).read_bytes(), (two / path).read_bytes()
        if a != b:
            if path != "diff.json":
                return False
            left, right = json.loads(a), json.loads(b)
            left["pixels"].pop("sheets"), right["pixels"].pop("sheets")
            if left != right:
                return False
    return True


def check_bench(work):
    """`glimpse check` of the default gallery (every frame in every scheme, at @2x), against `snapshot`
    of the same gallery at the same scale in the same run; and its findings per rule."""
    snapshot, _, _ = run(work, "snapshot", "base", "--out", "shots-2x", "--scale", "2", "--quiet")
    seconds, rss, _ = run(work, "check", "base", "--out", "check", "--accept", REPO / "glimpse-accepted.json",
                          "--fail-on", "never", "--quiet")
    findings = json.loads((work / "check/findings.json").read_text())
    frames = sum(1 for _ in (work / "shots-2x").rglob("*.png"))
    table("check of the default gallery at @2x, against snapshot at @2x (one run each)",
          ["frames", "check", "frames/s", "snapshot", "check / snapshot", "peak RSS"],
          [[f"{frames:,}", f"{seconds:.1f} s", f"{frames / seconds:,.0f}", f"{snapshot:.1f} s",
            f"{seconds / snapshot:.2f}", f"{rss:.0f} MB"]])
    counts = {}
    for finding in findings["findings"]:
        row = counts.setdefault(finding["rule"], [0, 0])
        row[0] += 1
        row[1] += "accepted" in finding
    table("findings of the default gallery per rule", ["rule", "findings", "accepted"],
          [[rule, total, accepted] for rule, (total, accepted) in sorted(counts.items())])


FULL_AXIS = ["--device", "all", "--text-size", "all"]


def full_axis_bench(version):
    """`diff --pixels` of two full-axis galleries a stylesheet rule for every widget apart (letters
    spaced): every frame is drawn from both, and every one differs. One run of each step."""
    print(f"\nglimpse diff --pixels of two full-axis galleries · {version} · {os.cpu_count()} cores · one run")
    work = pathlib.Path(tempfile.mkdtemp(prefix="glimpse-diff-full.", dir=os.environ.get("BENCH_WORK")))
    try:
        for name in ("content", "templates"):
            shutil.copytree(REPO / name, work / name)
        base = timed([str(GLIMPSE), "build", *CLOCK, *FULL_AXIS, "--quiet", "--out", str(work / "base")], cwd=work)
        css = work / "templates/gallery.css"
        css.write_text(css.read_text() + "\n.widget { letter-spacing: 0.4px; }\n")
        spaced = timed([str(GLIMPSE), "build", *CLOCK, *FULL_AXIS, "--quiet", "--out", str(work / "spaced")], cwd=work)
        manifest = json.loads((work / "base/manifest.json").read_text())
        frames = sum(len(widget["frames"]) for widget in manifest["widgets"])
        table("The two full-axis galleries (--device all --text-size all), one build each",
              ["widgets", "frames", "base build", "spaced build", "peak RSS"],
              [[f"{len(manifest['widgets']):,}", f"{frames:,}", f"{base[0]:.1f} s", f"{spaced[0]:.1f} s",
                f"{max(base[1], spaced[1]):.0f} MB"]])
        phases = []
        seconds, rss, _ = run(work, "diff", "base", "spaced", "--pixels", "--out", "review", phases=phases)
        pixels = json.loads((work / "review/diff.json").read_text())["pixels"]
        table("diff --pixels of the two, letters spaced in every widget: both galleries drawn",
              ["images compared", "changed", "frames not drawn", "sheets", "wall", "images/s", "peak RSS"],
              [[f"{pixels['imagesCompared']:,}", f"{pixels['imagesChanged']:,}", f"{pixels.get('framesSkipped', 0):,}",
                f"{pixels['sheets'] * 2:,}", f"{seconds:.1f} s", f"{2 * pixels['imagesCompared'] / seconds:,.0f}",
                f"{rss:.0f} MB"]])
        names = list(phases[0])
        table("Its time by phase: both tabs' and the comparing tasks' added up, so more than the run; review: "
              "writing the review after", names[:-1] + ["review", "wall"],
              [[f"{phases[0][n]:.1f} s" for n in names] + [f"{seconds:.1f} s"]])
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
