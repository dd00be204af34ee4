#!/usr/bin/env python3
"""`make bench`: Glimpse's release build timed on the sample gallery, on scaled stores and
scenario sets, and side by side with Hugo on sites of the same shape. Prints tables; asserts nothing.

Wall time is the median of the runs; peak RSS is the largest the process reached (wait4's
ru_maxrss), per run, the median reported. Set BENCH_RUNS to change the number of runs (>= 5)."""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import generate  # noqa: E402

REPO = generate.REPO
GLIMPSE = REPO / ".build/release/glimpse"
CLOCK = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
RUNS = max(5, int(os.environ.get("BENCH_RUNS", "5")))
SWEEP_RUNS = 3


def timed(command, cwd=REPO):
    """Runs `command` to completion; returns (seconds, peak RSS in MB)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    errors = process.stderr.read().decode()
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{errors}")
    return elapsed, usage.ru_maxrss / 1024


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
        seconds, rss = median_runs(glimpse(out), RUNS)
        count, mean = pages(out)
        table("Default gallery (content/)", ["pages", "mean page", "median wall", "pages/s", "peak RSS"],
              [[count, f"{mean / 1024:.1f} KB", f"{seconds:.3f} s", f"{count / seconds:,.0f}", f"{rss:.0f} MB"]])
        default = (count, mean)

        stores = generate.app_stores()
        rows, previous = [], None
        for scale in (1, 10, 100):
            store = generate.data_store(scale)
            t, r = median_runs(glimpse(out, "--store", store), SWEEP_RUNS)
            n, _ = pages(out)
            rows.append([f"x{scale}", " / ".join(f"{s.PER_SCALE * scale:,}" for s in stores.values()), n,
                         f"{t:.3f} s", f"{n / t:,.0f}", f"{r:.0f} MB", f"{t / previous:.2f}x" if previous else "-"])
            previous = t
        table(f"Scale sweep, data: one store of {', '.join(stores)}",
              ["step", " / ".join(s.UNIT for s in stores.values()), "pages", "median wall", "pages/s", "peak RSS", "growth"], rows)

        rows = []
        bounded = {app: s.BOUNDS for app, s in stores.items() if hasattr(s, "BOUNDS")}
        bounds = [(f"{count:,} {stores[app].UNIT}", {app: count}) for app, count in bounded.items()]
        bounds.append(("all of these", bounded))
        if os.environ.get("BENCH_HUGE") == "1":
            bounds += [(f"{s.HUGE:,} {s.UNIT}", {app: s.HUGE}) for app, s in stores.items() if hasattr(s, "HUGE")]
        for number, (name, sizes) in enumerate(bounds):
            # Generated in another process: a child's peak RSS starts from its parent's at fork,
            # and a million rows would leave this one large.
            folder = f"bound-{number}"
            subprocess.run([sys.executable, "-c", f"import generate; generate.bounds_store({folder!r}, **{sizes!r})"],
                           cwd=pathlib.Path(__file__).resolve().parent, check=True)
            store = generate.DATA / f"bounds-{folder}"
            size = sum(f.stat().st_size for f in store.rglob("*") if f.is_file())
            t, r = timed(glimpse(out, "--store", store))
            rows.append([name, f"{size / 2**20:,.0f} MiB", f"{t:.2f} s", f"{r:.0f} MB", "yes" if r < 512 else "NO"])
            shutil.rmtree(store)
        table("Resource bounds: one build of each store (BENCH_HUGE=1 adds each app's largest, such as a ~1 GB SQLite store)",
              ["store", "on disk", "wall", "peak RSS", "under 512 MB"], rows)

        rows, previous = [], None
        for count in (10, 100, 1000):
            content = generate.scenario_content(count)
            t, r = median_runs(glimpse(out, "--content", content), SWEEP_RUNS)
            n, _ = pages(out)
            rows.append([f"{count:,} scenarios", n, f"{t:.3f} s", f"{n / t:,.0f}", f"{r:.0f} MB",
                         f"{t / previous:.2f}x" if previous else "-"])
            previous = t
        table("Scale sweep, scenarios (the sample's, repeated)", ["step", "pages", "median wall", "pages/s", "peak RSS", "growth"], rows)

        rows = []
        tenfold = generate.scenario_content(10 * generate.sample_scenario_count())
        timed(glimpse(out, "--content", tenfold))
        for name, extra, shape in (("default", [], default), ("x10", ["--content", tenfold], pages(out))):
            site = generate.hugo_site(name, shape[0], int(shape[1]))
            hugo = ["hugo", "--quiet", "--source", str(site), "--destination", str(work / "hugo-out")]
            timed(hugo)
            timed(glimpse(out, *extra))
            glimpse_times, hugo_times = [], []
            for _ in range(RUNS):  # alternately, so both see the same machine
                glimpse_times.append(timed(glimpse(out, *extra))[0])
                hugo_times.append(timed(hugo)[0])
            hugo_pages, hugo_mean = pages(work / "hugo-out" / "p")
            g, h = statistics.median(glimpse_times), statistics.median(hugo_times)
            rows.append([name, f"{shape[0]:,} × {shape[1] / 1024:.1f} KB", f"{hugo_pages:,} × {hugo_mean / 1024:.1f} KB",
                         f"{g:.3f} s", f"{h:.3f} s", f"{shape[0] / g:,.0f}", f"{hugo_pages / h:,.0f}",
                         f"{(shape[0] / g) / (hugo_pages / h):.2f}"])
        table("Glimpse and Hugo, alternating, same page count and mean page size",
              ["gallery", "Glimpse pages", "Hugo pages", "Glimpse", "Hugo", "Glimpse pages/s", "Hugo pages/s", "ratio G÷H"], rows)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
