#!/usr/bin/env python3
"""`make bench`, part 4: `glimpse review` (release) on a diff of about 200 changed widgets.

- Time to first page: from the command's start to the first byte-complete answer of `/`, beside
  `hugo server`'s from its start to its first page, on a Hugo site of as many pages of the same
  mean size, measured in the same run (medians of BENCH_REVIEW_RUNS, default 5).
The diff: one app (the one whose widgets on all seven screen classes come nearest 200) built with
`--device all`, then again with each of its copy files edited.
- From a click on Approve (Playwright, a row of the summary) to the decision in the approvals file
  on disk, and the POST alone: medians and 90th percentiles of 40 decisions.

Prints tables; asserts nothing."""
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import generate  # noqa: E402
from bench import CLOCK, GLIMPSE, REPO, table  # noqa: E402
from serve_bench import free_port  # noqa: E402

RUNS = max(1, int(os.environ.get("BENCH_REVIEW_RUNS", "5")))
TARGET = 200


def pick_app(work):
    """The app whose widgets on all seven screen classes come nearest TARGET, from a default build."""
    subprocess.run([str(GLIMPSE), "build", *CLOCK, "--quiet", "--out", "probe"], cwd=work, check=True,
                   stderr=subprocess.DEVNULL)
    counts = {}
    for widget in json.loads((work / "probe/manifest.json").read_text())["widgets"]:
        counts[widget["app"]] = counts.get(widget["app"], 0) + 1
    return min(sorted(counts), key=lambda app: abs(counts[app] * 7 - TARGET))


def first_page(command, cwd, url):
    """Seconds from starting `command` to a 200 of `url`; the process, still running."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                response.read()
                return time.perf_counter() - started, process
        except OSError:
            if process.poll() is not None or time.perf_counter() - started > 120:
                sys.exit(f"{command[0]} did not serve {url}")
            time.sleep(0.001)


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def percentile(values, share):
    return sorted(values)[min(len(values) - 1, int(share * len(values)))]


def decided(folder, key):
    """Whether the decisions folder holds a file of `key`'s (named after it, `/` as `.`)."""
    prefix = key.replace("/", ".") + "."
    return folder.exists() and any(name.startswith(prefix) for name in os.listdir(folder))


def clicks(url, folder, keys):
    """Milliseconds from each click on a row's Approve to its file in the decisions folder."""
    from playwright.sync_api import sync_playwright
    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                             args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(url)
        for key in keys:
            button = page.locator(f'tr[data-key="{key}"] button[data-verdict=approve]')
            button.scroll_into_view_if_needed()
            started = time.perf_counter()
            button.click()
            while not decided(folder, key):
                time.sleep(0.0005)
            times.append((time.perf_counter() - started) * 1000)
        browser.close()
    return times


def posts(url, keys):
    """Milliseconds of each decision's POST, answered."""
    times = []
    for key in keys:
        body = json.dumps({"key": key, "verdict": "request-changes"}).encode()
        request = urllib.request.Request(url + "_glimpse/decide", data=body, method="POST",
                                         headers={"Content-Type": "application/json", "Origin": url.rstrip("/")})
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()
        times.append((time.perf_counter() - started) * 1000)
    return times


def main():
    work = pathlib.Path(tempfile.mkdtemp(prefix="glimpse-review-bench."))
    try:
        for name in ("content", "templates"):
            shutil.copytree(REPO / name, work / name)
        app = pick_app(work)
        gallery = ["--app", app, "--device", "all"]
        subprocess.run([str(GLIMPSE), "build", *CLOCK, "--quiet", "--out", "base", *gallery], cwd=work, check=True,
                       stderr=subprocess.DEVNULL)
        for path in sorted((work / "content/copy" / app).glob("*.md")):
            text = path.read_text()
            path.write_text(text.replace("\n", " (edited)\n", 1) if "\n" in text else text + " (edited)")
        subprocess.run([str(GLIMPSE), "build", *CLOCK, "--quiet", "--out", "new", *gallery], cwd=work, check=True,
                       stderr=subprocess.DEVNULL)
        subprocess.run([str(GLIMPSE), "diff", "base", "new", "--out", "static"], cwd=work, stderr=subprocess.DEVNULL)
        report = json.loads((work / "static/diff.json").read_text())
        keys = [w["key"] for w in report["widgets"] if w["status"] != "unchanged"]
        sizes = [p.stat().st_size for p in (work / "static/widgets").rglob("*.html")]
        hugo_site = generate.hugo_site("review", len(sizes) + 1, int(statistics.mean(sizes)))

        review_times, hugo_times = [], []
        for run in range(RUNS):
            shutil.rmtree(work / "glimpse-decisions", ignore_errors=True)
            port = free_port()
            seconds, process = first_page([str(GLIMPSE), "review", "base", "new", "--port", str(port), "--by", "bench"],
                                          work, f"http://127.0.0.1:{port}/")
            review_times.append(seconds)
            if run < RUNS - 1:
                stop(process)
            hugo_port = free_port()
            seconds, hugo = first_page(["hugo", "server", "--source", str(hugo_site), "--port", str(hugo_port),
                                        "--bind", "127.0.0.1", "--baseURL", f"http://127.0.0.1:{hugo_port}",
                                        "--appendPort=false"], hugo_site, f"http://127.0.0.1:{hugo_port}/p/page-00000/")
            hugo_times.append(seconds)
            stop(hugo)
        url = f"http://127.0.0.1:{port}/"
        try:
            click_ms = clicks(url, work / "glimpse-decisions", keys[:40])
            post_ms = posts(url, keys[40:80])
        finally:
            stop(process)
        review, hugo = statistics.median(review_times), statistics.median(hugo_times)
        table(f"glimpse review: {len(keys)} changed widgets of {len(report['widgets'])} ({app}, --device all)",
              ["", "time to first page", "ratio"],
              [["glimpse review", f"{review * 1000:.0f} ms", f"{review / hugo:.2f}"],
               [f"hugo server ({len(sizes) + 1} pages)", f"{hugo * 1000:.0f} ms", "1.00"]])
        table("A decision, written", ["", "median", "p90", "n"],
              [["click on Approve → in glimpse-decisions/", f"{statistics.median(click_ms):.1f} ms",
                f"{percentile(click_ms, 0.9):.1f} ms", len(click_ms)],
               ["POST /_glimpse/decide → answered (folder written)", f"{statistics.median(post_ms):.1f} ms",
                f"{percentile(post_ms, 0.9):.1f} ms", len(post_ms)]])
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
