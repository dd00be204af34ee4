#!/usr/bin/env python3
"""`make bench`, part 2: `glimpse serve` (release) beside `hugo server`, measured in the same run.

- Save to bytes: a Markdown copy file saved, to the new text in the page's bytes over HTTP (polled
  every millisecond), median and p90 of EDITS, alternately with Hugo on a site of the same page
  count and mean page size; and where Glimpse's time went, from its log.
- Copy edit: a Markdown copy file saved, to the new text in an open page (Playwright), median of
  EDITS; Hugo the same.
- Template edit (the layout: every page): to the new page in the browser, as a ratio to a whole
  `glimpse build` of the same gallery.
- Event: a POST of an app event and the GET of the view it answers, as a ratio to one unit's
  rebuild (the unit's scenario.yaml saved, to the new page served).
- Soak: SOAK edits in a loop; peak RSS and open file descriptors of the server, sampled.
- Load: 64 connections of wrk for LOAD_SECONDS while edits land, on both servers.
Prints tables; asserts nothing. Run with the venv's Python (Playwright)."""
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import generate  # noqa: E402
from bench import table  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

REPO = generate.REPO
GLIMPSE = pathlib.Path(os.environ.get("BENCH_GLIMPSE", REPO / ".build/release/glimpse"))
CLOCK = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
EDITS = int(os.environ.get("BENCH_EDITS", "20"))
# BENCH_SERVE_PARTS: which tables, of bytes, browser, layout, event, soak, load (all when unset).
PARTS = set(os.environ.get("BENCH_SERVE_PARTS", "bytes browser layout event soak load").split())
SOAK = int(os.environ.get("BENCH_SOAK", "1000"))
LOAD_SECONDS = int(os.environ.get("BENCH_LOAD_SECONDS", "30"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url, text, timeout=30, pause=0.002):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if text in response.read().decode():
                    return
        except OSError:
            pass
        time.sleep(pause)
    raise RuntimeError(f"{url} never showed {text!r}")


def save_to_bytes(path, text, url, expected):
    """Saves `text` to `path`, then GETs `url` every millisecond until its bytes hold `expected`;
    the time from the save, in ms."""
    started = time.perf_counter()
    path.write_text(text)
    wait_for(url, expected, timeout=10, pause=0.001)
    return (time.perf_counter() - started) * 1000


def phases(log, first_line):
    """Each phase's median over the rebuild lines of Glimpse's log from `first_line` on:
    "Rebuilt 1 unit in 31 ms (after 9 ms of saves and quiet; load 1, render 21, assemble 6, swap 2 ms)"."""
    found = {}
    for line in log.read_text().splitlines()[first_line:]:
        match = re.search(r"in (\d+) ms \(after (\d+) ms of saves and quiet; load (\d+), render (\d+), "
                          r"assemble (\d+), swap (\d+) ms\)", line)
        if match:
            for name, value in zip(("rebuild", "quiet", "load", "render", "assemble", "swap"), match.groups()):
                found.setdefault(name, []).append(int(value))
    return {name: statistics.median(values) for name, values in found.items()}


def start(command, cwd, url, ready, log=None):
    output = open(log, "w") if log else subprocess.DEVNULL
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=output)
    wait_for(url, ready, timeout=60)
    return process


def proc(pid):
    status = pathlib.Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


MISSES = {}


def edit_in_browser(page, path, make, wait_expression, count, name=""):
    """Saves `make(i)` to `path` and waits for the page to show it; the times, in ms. A page still
    showing the old text after 10 s missed the change (its reload came too early, or never): it is
    counted in MISSES[name], reloaded by hand, and left out of the times."""
    times = []
    for i in range(count):
        text, expected = make(i)
        start_time = time.perf_counter()
        path.write_text(text)
        try:
            page.wait_for_function(wait_expression, arg=expected, timeout=10000, polling=5)
            times.append((time.perf_counter() - start_time) * 1000)
        except PlaywrightTimeout:
            MISSES[name] = MISSES.get(name, 0) + 1
            page.reload()
        page.wait_for_load_state()
        # A page that loaded again connects its live-reload socket after the load: time for that,
        # so that the next save is not missed (Hugo's livereload.js missed half at 50 ms).
        time.sleep(0.5)
    return times


def copy_on_a_page(work, manifest):
    """A one-line copy file, the first widget whose first frame shows its text, and the text."""
    for widget in manifest["widgets"]:
        for path in sorted((work / "content/copy" / widget["app"]).glob("*.md")):
            text = path.read_text().strip()
            if text and not any(mark in text for mark in "{*_\n`[") and text in widget["frames"][0]["texts"]:
                return path, widget, text
    sys.exit("no copy file's text is on a first frame")


def event_page(base, work, manifest):
    """A widget page whose scenario has a scenario.yaml and whose app has an event without fields:
    (page, event type, the scenario.yaml)."""
    for widget in manifest["widgets"]:
        settings = work / "content/scenarios" / widget["app"] / widget["scenario"] / "scenario.yaml"
        if not settings.is_file():
            continue
        html = urllib.request.urlopen(f"{base}/{widget['page']}").read().decode()
        marker = '<script type="application/json" id="glimpse-serve-state">'
        state = json.loads(html[html.index(marker) + len(marker):html.index("</script>", html.index(marker))])
        for kind in (state.get("app") or {}).get("events", []):
            if not kind["fields"]:
                return "/" + widget["page"], kind["name"], settings
    sys.exit("no app has an event without fields")


def wrk(url, paths, seconds, work):
    script = work / "paths.lua"
    script.write_text("paths = {" + ",".join(f'"{p}"' for p in paths) + "}\ncounter = 0\n"
                      "request = function()\n  counter = counter + 1\n  return wrk.format('GET', paths[counter % #paths + 1])\nend\n")
    output = subprocess.run(["wrk", "-t2", "-c64", f"-d{seconds}s", "--latency", "-s", str(script), url],
                            capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", output)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return rate, p99_ms, errors + (int(non2xx.group(1)) if non2xx else 0)


def main():
    work = pathlib.Path(tempfile.mkdtemp(prefix="glimpse-serve-bench."))
    servers = []
    try:
        for name in ("content", "templates"):
            shutil.copytree(REPO / name, work / name)
        out = work / "built"
        subprocess.run([str(GLIMPSE), "build", *CLOCK, "--quiet", "--out", str(out)], cwd=work, check=True, stderr=subprocess.DEVNULL)
        sizes = [p.stat().st_size for p in out.rglob("*.html")]
        count, mean = len(sizes), statistics.mean(sizes)
        hugo_site = generate.hugo_site("serve", count, int(mean))

        port, hugo_port = free_port(), free_port()
        base, hugo_base = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{hugo_port}"
        manifest = json.loads((out / "manifest.json").read_text())
        copy, widget, copy_text = copy_on_a_page(work, manifest)
        page_path = "/" + widget["page"]
        log = work / "serve.log"
        glimpse = start([str(GLIMPSE), "serve", *CLOCK, "--port", str(port)], work, base + page_path, copy_text,
                        log=log)
        hugo = start(["hugo", "server", "--source", str(hugo_site), "--port", str(hugo_port), "--bind", "127.0.0.1",
                      "--baseURL", hugo_base, "--appendPort=false"], hugo_site, hugo_base + "/p/page-00000/", "Page 0")
        servers = [glimpse, hugo]
        hugo_file = hugo_site / "content/p/page-00000.md"
        hugo_original = hugo_file.read_text()
        contains = "text => document.body && document.body.innerText.includes(text)"

        if "bytes" in PARTS:
            first_line = len(log.read_text().splitlines())
            g_times, h_times = [], []
            for i in range(EDITS):  # alternately, so both see the same machine
                g_times.append(save_to_bytes(copy, f"Bytes edit {i} 🌸\n", base + page_path, f"Bytes edit {i} "))
                h_times.append(save_to_bytes(
                    hugo_file, hugo_original.replace("title: Page 0", f"title: Page 0 bytes {i}", 1) + f"\nBytes {i}.\n",
                    hugo_base + "/p/page-00000/", f"Bytes {i}."))
                time.sleep(0.05)
            g, h = statistics.median(g_times), statistics.median(h_times)
            p90 = lambda times: sorted(times)[int(0.9 * len(times))]
            table(f"Save to fresh bytes over HTTP (a copy file; GET every ms), median of {EDITS}, alternately, "
                  f"{count} pages × {mean / 1024:.1f} KB",
                  ["server", "median", "p90", "ratio G÷H (median)"],
                  [["glimpse serve", f"{g:.0f} ms", f"{p90(g_times):.0f} ms", f"{g / h:.2f}"],
                   ["hugo server", f"{h:.0f} ms", f"{p90(h_times):.0f} ms", "1.00"]])
            found = phases(log, first_line)
            table("Where glimpse serve's time went (its log, median of each phase over the same saves)",
                  ["from the first change seen: quiet", "load", "render", "assemble", "swap", "rebuild in all",
                   "save to bytes"],
                  [[f"{found.get(name, 0):.0f} ms" for name in ("quiet", "load", "render", "assemble", "swap", "rebuild")]
                   + [f"{g:.0f} ms"]])
            copy.write_text(copy_text + "\n")
            wait_for(base + page_path, copy_text)
        if not PARTS - {"bytes"}:
            return

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            g_page, h_page = browser.new_page(), browser.new_page()
            g_page.goto(base + page_path)
            h_page.goto(hugo_base + "/p/page-00000/")
            g_times, h_times = [], []
            for i in range(EDITS):  # alternately, so both see the same machine
                g_times += edit_in_browser(g_page, copy, lambda _: (f"Copy edit {i} 🌸\n", f"Copy edit {i}"), contains, 1, "glimpse")
                h_times += edit_in_browser(h_page, hugo_file, lambda _: (hugo_original.replace("title: Page 0", f"title: Page 0 edit {i}", 1)
                                                                          + f"\nEdited {i}.\n", f"Edited {i}."), contains, 1, "hugo")
            g, h = statistics.median(g_times), statistics.median(h_times)
            table(f"Copy edit to the new text in the open page (Playwright), median of {EDITS}, {count} pages × {mean / 1024:.1f} KB",
                  ["server", "median", "p90", "missed (no new text in 10 s)", "ratio G÷H"],
                  [["glimpse serve", f"{g:.0f} ms", f"{sorted(g_times)[int(0.9 * len(g_times))]:.0f} ms", MISSES.get("glimpse", 0),
                    f"{g / h:.2f}"],
                   ["hugo server", f"{h:.0f} ms", f"{sorted(h_times)[int(0.9 * len(h_times))]:.0f} ms", MISSES.get("hugo", 0), "1.00"]])

            layout = work / "templates/layout.mustache"
            layout_original = layout.read_text()
            marker = "m => document.querySelector('meta[name=x-edit]') && document.querySelector('meta[name=x-edit]').content === m"
            t_times = edit_in_browser(g_page, layout, lambda i: (layout_original.replace(
                "<title>", f'<meta name="x-edit" content="{i}">\n<title>', 1), str(i)), marker, max(5, EDITS // 2), "layout")
            layout.write_text(layout_original)
            builds = []
            for _ in range(5):
                started = time.perf_counter()
                subprocess.run([str(GLIMPSE), "build", *CLOCK, "--quiet", "--out", str(out)], cwd=work, check=True, stderr=subprocess.DEVNULL)
                builds.append((time.perf_counter() - started) * 1000)
            t, b = statistics.median(t_times), statistics.median(builds)
            table("Template edit (the layout: every page) to the new page in the browser, against a whole build",
                  ["measure", "median", "ratio"], [["glimpse serve, layout saved", f"{t:.0f} ms", f"{t / b:.2f}"],
                                                   ["glimpse build, whole gallery", f"{b:.0f} ms", "1.00"]])
            browser.close()

        # An event against one unit's rebuild: the scenario's description edited, which only its
        # own pages show.
        target, event_type, settings = event_page(base, work, manifest)
        settings_original = settings.read_text()
        unit_times, event_times = [], []
        for i in range(EDITS):
            started = time.perf_counter()
            settings.write_text("\n".join(line for line in settings_original.splitlines() if not line.startswith("description:"))
                                + f"\ndescription: Bench edit {i}\n")
            wait_for(base + target, f"Bench edit {i}")
            unit_times.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            request = urllib.request.Request(base + "/_glimpse/event", method="POST", data=json.dumps(
                {"page": target, "query": "", "at": 60 * (i + 1), "type": event_type}).encode(),
                headers={"Content-Type": "application/json", "Origin": base})
            url = json.loads(urllib.request.urlopen(request).read())["url"]
            urllib.request.urlopen(base + url.split("#")[0]).read()
            event_times.append((time.perf_counter() - started) * 1000)
        settings.write_text(settings_original)
        u, e = statistics.median(unit_times), statistics.median(event_times)
        table("An app event (POST, then the view it answers) against one unit's rebuild (its scenario.yaml saved, to the page served)",
              ["measure", "median", "ratio"], [["event to re-simulated frames", f"{e:.0f} ms", f"{e / u:.2f}"],
                                               ["one unit rebuilt", f"{u:.0f} ms", "1.00"]])

        # Soak.
        time.sleep(0.5)
        for i in range(20):
            copy.write_text(f"Warm {i}\n")
            wait_for(base + page_path, f"Warm {i}")
        rss0, fd0 = proc(glimpse.pid)
        peak, fds = rss0, [fd0]
        started = time.perf_counter()
        for i in range(SOAK):
            copy.write_text(f"Soak {i} 🌸\n")
            wait_for(base + page_path, f"Soak {i} ")
            if i % 50 == 49:
                rss, fd = proc(glimpse.pid)
                peak, fds = max(peak, rss), fds + [fd]
        elapsed = time.perf_counter() - started
        table(f"Soak: {SOAK} copy edits, each waited for ({elapsed:.0f} s, {SOAK / elapsed:.1f} edits/s); sampled every 50",
              ["RSS after warm-up", "peak RSS", "growth", "open fds (first, min, max, last)"],
              [[f"{rss0:.1f} MB", f"{peak:.1f} MB", f"{(peak / rss0 - 1) * 100:.1f} %", f"{fds[0]}, {min(fds)}, {max(fds)}, {fds[-1]}"]])

        # Load, while edits land.
        def keep_editing(path, make, stop):
            i = 0
            while not stop.is_set():
                path.write_text(make(i))
                i += 1
                time.sleep(0.5)
        rows = []
        paths = [f"/{w['page']}" for w in manifest["widgets"]][:120] + ["/", "/assets/glimpse.css"]
        hugo_paths = [f"/p/page-{i:05}/" for i in range(min(count, 120))]
        for name, url, targets, path, make in (
                ("glimpse serve", base, paths, copy, lambda i: f"Load {i}\n"),
                ("hugo server", hugo_base, hugo_paths, hugo_file, lambda i: hugo_original + f"\nLoad {i}.\n")):
            stop = threading.Event()
            editor = threading.Thread(target=keep_editing, args=(path, make, stop))
            editor.start()
            rate, p99, errors = wrk(url, targets, LOAD_SECONDS, work)
            stop.set()
            editor.join()
            rows.append([name, f"{rate:,.0f}", f"{p99:.1f} ms", errors])
        rows[0].append(f"{float(rows[0][1].replace(',', '')) / float(rows[1][1].replace(',', '')):.2f}")
        rows[1].append("1.00")
        table(f"Load: wrk, 64 connections, {LOAD_SECONDS} s of page GETs while a file is saved every 0.5 s",
              ["server", "requests/s", "p99", "errors", "ratio G÷H (req/s)"], rows)
    finally:
        for process in servers:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
