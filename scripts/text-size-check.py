#!/usr/bin/env python3
"""Every widget box of a gallery built with several text sizes and screen classes, checked in Chromium.

    text-size-check.py GALLERY [--states-only] [--jobs N] [--json OUT]

For each widget page in GALLERY's manifest (every variant), every frame (with --states-only, each
state's first frame) in every scheme, and the placeholder and tap storyboard:
  - the box is at its screen class's exact size (the manifest entry's `size`);
  - nothing spills out of it, and nothing clips without an ellipsis or a line clamp
    (browser_support.MEASURE, the check the default gallery passes in `make test`);
  - every list row the widget draws is whole inside it, and where a "+N more" is drawn, visible
    rows + N equal the total: the same frame's rows + N at Large on the same screen class.
Prints one line per app × text size × screen class (boxes, violations) and the first violations;
exits 1 when there is any.
"""
import argparse
import json
import multiprocessing
import os
import pathlib
import queue
import re
import sys
from collections import defaultdict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "Tests"))
from browser_support import CHROMIUM, MEASURE, evaluate_json  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

# Per frame and scheme: the list rows the widget draws, how many are whole inside the box, and N of "+N more".
ROWS = """
() => [...document.querySelectorAll('.frame')].map(frame => {
  const out = {};
  for (const widget of frame.querySelectorAll('[data-family]')) {
    const box = widget.getBoundingClientRect();
    const rows = [...widget.querySelectorAll('.bb-row:not(.bb-more), .bp-row:not(.bp-more)')];
    const whole = rows.filter(r => { const b = r.getBoundingClientRect();
      return b.height > 0 && b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5 && b.left >= box.left - 0.5 && b.right <= box.right + 0.5; });
    const more = widget.querySelector('.bb-more, .bp-more');
    const n = more ? parseInt((more.textContent.match(/\\+\\s*([0-9][0-9,.]*)/) || [0, '0'])[1].replace(/[,.]/g, ''), 10) : 0;
    const moreWhole = !more || (() => { const b = more.getBoundingClientRect(); return b.height > 0 && b.bottom <= box.bottom + 0.5 && b.top >= box.top - 0.5; })();
    out[widget.dataset.scheme] = {rows: rows.length, whole: whole.length, more: n, moreWhole};
  }
  return {anchor: frame.id, schemes: out};
})
"""


# A widget page made ready as the check reads it (every frame shown; with --states-only, each state's
# first frame and the placeholder and storyboard only; the fonts loaded), then MEASURE and ROWS, in one
# round trip.
PAGE = f"""
async statesOnly => {{
  document.querySelectorAll('.frame').forEach(f => f.hidden = false);
  if (statesOnly) document.querySelectorAll('.frame').forEach(f => {{ if (!f.querySelector('.state-anchor')) f.remove(); }});
  await document.fonts.ready;
  return {{boxes: ({MEASURE})(), frames: ({ROWS})()}};
}}
"""


def measure(gallery, states_only, tasks, results):
    """A browser process: measures the pages it takes from `tasks` until None, and puts (index, what
    PAGE read) on `results`, or (index, None, the error) when a page cannot be read."""
    with sync_playwright() as playwright:
        # The network refused by a proxy that is not there, loopback too: a page that reached for it
        # would fail its request, as a route that aborts it fails it, without the route's round trip
        # through Playwright for every file a page loads (a tenth of the run).
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        while (task := tasks.get()) is not None:
            index, path = task
            try:
                page.goto((gallery / path).as_uri())
                results.put((index, evaluate_json(page, PAGE, states_only), None))
            except Exception as error:  # noqa: BLE001 (reported by the parent, which exits 1)
                results.put((index, None, f"{path}: {error}"))
        browser.close()


def measure_all(gallery, widgets, states_only, jobs):
    """What PAGE reads on each widget's page, in `widgets`' order: `jobs` browsers take the pages
    from one queue as they finish the last, so none waits for another."""
    context = multiprocessing.get_context("fork")
    tasks, results = context.Queue(), context.Queue()
    browsers = [context.Process(target=measure, args=(gallery, states_only, tasks, results), daemon=True)
                for _ in range(min(jobs, len(widgets)))]
    for browser in browsers:
        browser.start()
    for index, widget in enumerate(widgets):
        tasks.put((index, widget["page"]))
    for _ in browsers:
        tasks.put(None)
    measured, errors, waiting = [None] * len(widgets), [], len(widgets)
    while waiting:
        try:
            index, value, error = results.get(timeout=5)
        except queue.Empty:
            if not any(browser.is_alive() for browser in browsers):
                sys.exit(f"the browsers stopped with {waiting} pages still to measure")
            continue
        waiting -= 1
        measured[index] = value
        if error:
            errors.append(error)
    for browser in browsers:
        browser.join()
    if errors:
        sys.exit("could not measure:\n  " + "\n  ".join(sorted(errors)[:20]))
    return measured


def check(default_device, widget, measured, totals, counts, problems):
    """What `measured` (PAGE on `widget`'s page) shows against the rules; `totals` holds rows + N at
    Large, and grows with each Large page: check every Large page before the other sizes."""
    device = widget.get("device", default_device)
    size = widget.get("textSize", "Large")
    key = (widget["app"], size, device)
    where = widget["page"]
    for item in measured["boxes"]:
        counts[key][0] += 1
        bad = []
        if abs(item["width"] - widget["size"]["width"]) > 0.5 or abs(item["height"] - widget["size"]["height"]) > 0.5:
            bad.append(f"{item['width']}×{item['height']}, expected {widget['size']['width']}×{widget['size']['height']}")
        bad += item["spills"]
        if bad:
            counts[key][1] += 1
            problems += [(key, f"{where} {item['scheme']} {item['state']}: {b}") for b in bad]
    for frame in measured["frames"]:
        for scheme, r in frame["schemes"].items():
            if r["rows"] == 0 and r["more"] == 0:
                continue
            ident = "|".join([widget["app"], widget["scenario"], widget["family"], device, frame["anchor"], scheme])
            total = r["whole"] + r["more"]
            if size == "Large":
                totals[ident] = (total, r["more"] > 0)
            bad = []
            if r["whole"] != r["rows"] or not r["moreWhole"]:
                bad.append(f"{r['rows'] - r['whole']} of {r['rows']} rows (or +N more) not whole in the box")
            # Compared where a "+N more" is drawn, at Large or here: a list without one (a widget that
            # lists only its top rows) has no total to keep.
            if ident in totals and (totals[ident][1] or r["more"] > 0) and totals[ident][0] != total:
                bad.append(f"rows {r['whole']} + {r['more']} more = {total}, but {totals[ident][0]} at Large")
            if bad:
                counts[key][1] += 1
                problems += [(key, f"{where} #{frame['anchor']} {scheme}: {b}") for b in bad]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gallery", type=pathlib.Path)
    parser.add_argument("--json", type=pathlib.Path, help="write the per-variant counts here")
    parser.add_argument("--states-only", action="store_true",
                        help="check each state's first frame (and the placeholder and storyboard), not every frame: for make test")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="browsers at once (default: the cores)")
    args = parser.parse_args()
    manifest = json.loads((args.gallery / "manifest.json").read_text())
    device = manifest["device"]["name"]
    widgets = sorted(manifest["widgets"], key=lambda w: w["page"])
    large = [w for w in widgets if w.get("textSize", "Large") == "Large"]
    others = [w for w in widgets if w.get("textSize", "Large") != "Large"]
    jobs = max(1, args.jobs)
    counts = defaultdict(lambda: [0, 0])  # (app, textSize, device) -> [boxes, violations]
    problems = []
    totals = {}
    # Every page measured first, by all the browsers at once; then checked, Large first, so that every
    # other size has its totals to compare with.
    widgets = large + others
    for widget, measured in zip(widgets, measure_all(args.gallery, widgets, args.states_only, jobs)):
        check(device, widget, measured, totals, counts, problems)
    problems.sort()
    boxes = sum(c[0] for c in counts.values())
    violations = sum(c[1] for c in counts.values())
    for (app, size, dev), (b, v) in sorted(counts.items()):
        print(f"{app:10} {size:9} {dev:8} {b:6} boxes {v:4} violations")
    print(f"{boxes} boxes checked in {len(counts)} app × size × class groups, {violations} violations")
    shown = defaultdict(int)
    for key, problem in problems:  # the first three of each group
        shown[key] += 1
        if shown[key] <= 3:
            print("  " + problem)
    if args.json:
        args.json.write_text(json.dumps({"boxes": boxes, "violations": violations,
                                         "groups": [{"app": a, "textSize": s, "device": d, "boxes": b, "violations": v}
                                                    for (a, s, d), (b, v) in sorted(counts.items())]}, indent=2))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
