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
import re
import sys
from collections import defaultdict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "Tests"))
from browser_support import CHROMIUM, MEASURE  # noqa: E402
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


def check(gallery, default_device, widgets, totals, states_only):
    """Checks `widgets`' pages in one Chromium; `totals` holds rows + N at Large, and grows."""
    counts = defaultdict(lambda: [0, 0])  # (app, textSize, device) -> [boxes, violations]
    problems = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.route("http*://**", lambda route: route.abort())
        for widget in widgets:
            device = widget.get("device", default_device)
            size = widget.get("textSize", "Large")
            key = (widget["app"], size, device)
            page.goto((gallery / widget["page"]).as_uri())
            page.evaluate("document.querySelectorAll('.frame').forEach(f => f.hidden = false)")
            if states_only:
                page.evaluate("document.querySelectorAll('.frame').forEach(f => { if (!f.querySelector('.state-anchor')) f.remove(); })")
            page.evaluate("document.fonts.ready")
            where = widget["page"]
            for item in page.evaluate(MEASURE):
                counts[key][0] += 1
                bad = []
                if abs(item["width"] - widget["size"]["width"]) > 0.5 or abs(item["height"] - widget["size"]["height"]) > 0.5:
                    bad.append(f"{item['width']}×{item['height']}, expected {widget['size']['width']}×{widget['size']['height']}")
                bad += item["spills"]
                if bad:
                    counts[key][1] += 1
                    problems += [(key, f"{where} {item['scheme']} {item['state']}: {b}") for b in bad]
            for frame in page.evaluate(ROWS):
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
        browser.close()
    return dict(counts), problems, totals


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
    counts = defaultdict(lambda: [0, 0])
    problems = []
    totals = {}
    # Large first, so that every other size has its totals to compare with; each phase split among browsers.
    with multiprocessing.Pool(jobs) as pool:
        for phase in (large, others):
            parts = [phase[i::jobs] for i in range(jobs)]
            for part_counts, part_problems, part_totals in pool.starmap(
                    check, [(args.gallery, device, part, totals, args.states_only) for part in parts if part]):
                for key, (b, v) in part_counts.items():
                    counts[key][0] += b
                    counts[key][1] += v
                problems += part_problems
                totals.update(part_totals)
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
