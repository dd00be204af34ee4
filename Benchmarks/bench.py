#!/usr/bin/env python3
"""`make bench`: Glimpse's release build timed on the sample gallery, on scaled stores and
scenario sets, and side by side with Hugo on sites of the same shape. Prints tables; asserts nothing.

Wall time is the median of the runs; peak RSS is the largest the process reached (wait4's
ru_maxrss), per run, the median reported. Set BENCH_RUNS to change the number of runs (>= 5)."""
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import generate  # noqa: E402

REPO = generate.REPO
GLIMPSE = pathlib.Path(os.environ.get("BENCH_GLIMPSE", REPO / ".build/release/glimpse"))
CLOCK = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
RUNS = max(5, int(os.environ.get("BENCH_RUNS", "5")))
SWEEP_RUNS = 3
# BENCH_PARTS: which tables, of default, stores, bounds, scenarios, axes, hugo (all when unset).
PARTS = set(os.environ.get("BENCH_PARTS", "default stores bounds scenarios axes hugo").split())
# The full-axis gallery at 1x, 2x and 4x its variants: more languages, each a variant of every widget.
AXES = [["en_US"], ["en_US", "de_DE"], ["en_US", "de_DE", "ja_JP", "ar_SA"]]


def timed(command, cwd=REPO, warnings=None):
    """Runs `command` to completion; returns (seconds, peak RSS in MB), and adds its `warning:`
    lines to the list `warnings` when one is given. Its stderr goes to a file, not a pipe: a gallery
    of thousands of scenarios warns more than a pipe holds, and a pipe read only after the exit
    would stop the build mid-write."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        errors.seek(0)
        said = errors.read().decode(errors="replace")
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{' '.join(map(str, command))} failed:\n{said[-4000:]}")
        if warnings is not None:
            warnings += [line for line in said.splitlines() if line.startswith("warning:")]
    return elapsed, usage.ru_maxrss / 1024


def fails(command):
    """Why `command` failed ("out of memory past 8,192 MB"), or None when it did not. It runs with its
    data capped at half the machine's memory (8 GB at most): Hugo 0.111 on 24,000 pages grew to
    24 GB, and the machine's OOM killer may pick another process than the one that grew."""
    cap = min(8 << 30, os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2)
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors,
                                   preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_DATA, (cap, cap)))
        _, status, usage = os.wait4(process.pid, 0)
        errors.seek(0)
        said = errors.read().decode(errors="replace")
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}, peak RSS {usage.ru_maxrss / 1024:,.0f} MB"
    code = os.waitstatus_to_exitcode(status)
    if code == 0:
        return None
    memory = "out of memory" in said or "cannot allocate" in said
    return f"out of memory past {cap >> 20:,} MB" if memory else f"exit {code}"


def glimpse(out, *args):
    return [str(GLIMPSE), "build", *CLOCK, "--quiet", "--out", str(out), *map(str, args)]


def pages(folder):
    sizes = [p.stat().st_size for p in folder.rglob("*.html")]
    return len(sizes), statistics.mean(sizes)


def median_runs(command, runs, cwd=REPO):
    results = [timed(command, cwd) for _ in range(runs)]
    return statistics.median(t for t, _ in results), statistics.median(r for _, r in results)


def table(title, header, rows):
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows)]
    print(f"\n{title}")
    for i, row in enumerate([header, *rows]):
        print("  " + "  ".join(str(x).rjust(w) if j else str(x).ljust(w) for j, (x, w) in enumerate(zip(row, widths))))
        if i == 0:
            print("  " + "  ".join("-" * w for w in widths))


def spread(values, form):
    """The median of `values` and their range: "1.93 [1.85–2.04]"."""
    return f"{form(statistics.median(values))} [{form(min(values))}–{form(max(values))}]"


def against_hugo(name, extra, work, out):
    """Glimpse's gallery (with `extra` arguments) and a Hugo site of the same page count and mean
    page size, built RUNS times each, alternately, so that both see the same machine. A row, and
    each run's ratio in the order run (none when Hugo failed)."""
    timed(glimpse(out, *extra))  # warm the file cache, and a gallery in place as every run has
    count, mean = pages(out)
    site = generate.hugo_site(name, count, int(mean))
    hugo = ["hugo", "--quiet", "--source", str(site), "--destination", str(work / "hugo-out")]
    failure = fails(hugo)
    if failure:  # Hugo 0.111 holds every page: 24,000 of them took more than 24 GB
        times = [timed(glimpse(out, *extra)) for _ in range(RUNS)]
        return [name, f"{count:,} × {mean / 1024:.1f} KB", f"Hugo failed: {failure}",
                spread([t for t, _ in times], lambda t: f"{t:.3f} s"), "-",
                spread([count / t for t, _ in times], lambda r: f"{r:,.0f}"), "-",
                f"- (Glimpse peak RSS {statistics.median(r for _, r in times):.0f} MB)"], []
    hugo_pages, hugo_mean = pages(work / "hugo-out" / "p")
    glimpse_times, hugo_times = [], []
    for _ in range(RUNS):
        glimpse_times.append(timed(glimpse(out, *extra))[0])
        hugo_times.append(timed(hugo)[0])
    ratios = [(count / g) / (hugo_pages / h) for g, h in zip(glimpse_times, hugo_times)]
    return [name, f"{count:,} × {mean / 1024:.1f} KB", f"{hugo_pages:,} × {hugo_mean / 1024:.1f} KB",
            spread(glimpse_times, lambda t: f"{t:.3f} s"), spread(hugo_times, lambda t: f"{t:.3f} s"),
            spread([count / t for t in glimpse_times], lambda r: f"{r:,.0f}"),
            spread([hugo_pages / t for t in hugo_times], lambda r: f"{r:,.0f}"),
            spread(ratios, lambda r: f"{r:.2f}")], ratios


def main():
    subprocess.run(["swift", "build", "-c", "release", "--product", "glimpse"], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([str(REPO / "scripts/ensure-apt.sh"), "hugo"], check=True)
    hugo_version = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.split()[1]
    print(f"Glimpse release build · hugo {hugo_version} · {os.cpu_count()} cores · {RUNS} runs a measure (sweeps {SWEEP_RUNS})")
    work = pathlib.Path(tempfile.mkdtemp(prefix="glimpse-bench."))
    try:
        out = work / "public"
        timed(glimpse(out))  # warm the file cache
        if "default" in PARTS:
            seconds, rss = median_runs(glimpse(out), RUNS)
            count, mean = pages(out)
            table("Default gallery (content/)", ["pages", "mean page", "median wall", "pages/s", "peak RSS"],
                  [[count, f"{mean / 1024:.1f} KB", f"{seconds:.3f} s", f"{count / seconds:,.0f}", f"{rss:.0f} MB"]])

        stores = generate.app_stores()
        rows, previous = [], None
        for scale in (1, 10, 100) if "stores" in PARTS else ():
            store = generate.data_store(scale)
            t, r = median_runs(glimpse(out, "--store", store), SWEEP_RUNS)
            n, _ = pages(out)
            rows.append([f"x{scale}", " / ".join(f"{s.PER_SCALE * scale:,}" for s in stores.values()), n,
                         f"{t:.3f} s", f"{n / t:,.0f}", f"{r:.0f} MB", f"{t / previous:.2f}x" if previous else "-"])
            previous = t
        if rows:
            table(f"Scale sweep, data: one store of {', '.join(stores)}",
                  ["step", " / ".join(s.UNIT for s in stores.values()), "pages", "median wall", "pages/s", "peak RSS",
                   "growth"], rows)

        rows = []
        bounded = {app: s.BOUNDS for app, s in stores.items() if hasattr(s, "BOUNDS")}
        bounds = [(f"{count:,} {stores[app].UNIT}", {app: count}) for app, count in bounded.items()]
        bounds.append(("all of these", bounded))
        if os.environ.get("BENCH_HUGE") == "1":
            bounds += [(f"{s.HUGE:,} {s.UNIT}", {app: s.HUGE}) for app, s in stores.items() if hasattr(s, "HUGE")]
        for number, (name, sizes) in enumerate(bounds if "bounds" in PARTS else []):
            # Generated in another process: a child's peak RSS starts from its parent's at fork,
            # and a million rows would leave this one large.
            folder = f"bound-{number}"
            subprocess.run([sys.executable, "-c", f"import generate; generate.bounds_store({folder!r}, **{sizes!r})"],
                           cwd=pathlib.Path(__file__).resolve().parent, check=True)
            store = generate.DATA / f"bounds-{folder}"
            size = sum(f.stat().st_size for f in store.rglob("*") if f.is_file())
            # A store refused at a limit builds in no time: the row says so, or it would time nothing.
            warnings = []
            t, r = timed(glimpse(out, "--store", store), warnings=warnings)
            read = "yes" if not warnings else "NO: " + warnings[0].split(": ", 1)[-1][-90:]
            rows.append([name, f"{size / 2**20:,.0f} MiB", f"{t:.2f} s", f"{r:.0f} MB", "yes" if r < 512 else "NO", read])
            shutil.rmtree(store)
        if rows:
            table("Resource bounds: one build of each store (BENCH_HUGE=1 adds each app's largest, such as a ~1 GB SQLite store)",
                  ["store", "on disk", "wall", "peak RSS", "under 512 MB", "read, no warning"], rows)

        rows, previous = [], None
        for count in (10, 100, 1000) if "scenarios" in PARTS else ():
            content = generate.scenario_content(count)
            t, r = median_runs(glimpse(out, "--content", content), SWEEP_RUNS)
            n, _ = pages(out)
            rows.append([f"{count:,} scenarios", n, f"{t:.3f} s", f"{n / t:,.0f}", f"{r:.0f} MB",
                         f"{t / previous:.2f}x" if previous else "-"])
            previous = t
        if rows:
            table("Scale sweep, scenarios (the sample's, repeated)", ["step", "pages", "median wall", "pages/s", "peak RSS", "growth"], rows)

        rows, first = [], None
        for locales in AXES if "axes" in PARTS else ():
            arguments = ["--device", "all", "--text-size", "all", *(x for l in locales for x in ("--locale", l))]
            t, r = timed(glimpse(out, *arguments))
            first = first or r
            rows.append([f"x{len(locales)}: {', '.join(locales)}", f"{pages(out)[0]:,}",
                         f"{(out / 'manifest.json').stat().st_size / 2**20:,.0f} MB", f"{t:.1f} s", f"{r:.0f} MB",
                         f"{r / first:.2f}x"])
        if rows:
            table("Full-axis gallery (--device all --text-size all), more variants by more languages: one build each",
                  ["variants", "pages", "manifest", "wall", "peak RSS", "RSS growth"], rows)

        rows, each_run = [], []
        for name, scale in (("default", 1), ("x10", 10), ("x100", 100)) if "hugo" in PARTS else ():
            if scale > 1 and str(scale) not in os.environ.get("BENCH_SCALES", "10 100").split():
                continue
            extra = [] if scale == 1 else ["--content", generate.scenario_content(scale * generate.sample_scenario_count())]
            row, ratios = against_hugo(name, extra, work, out)
            rows.append(row)
            if ratios:
                each_run.append(f"  {name}: " + ", ".join(f"{r:.2f}" for r in ratios))
        if rows:
            table("Glimpse and Hugo, alternating, same page count and mean page size: pages/s, median of "
              f"{RUNS} runs [lowest–highest]; the ratio is each run's Glimpse pages/s over the Hugo run after it",
              ["gallery", "Glimpse pages", "Hugo pages", "Glimpse", "Hugo", "Glimpse pages/s", "Hugo pages/s",
               "ratio G÷H"], rows)
        if each_run:
            print("Each run's ratio G÷H, in the order run:", *each_run, sep="\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
