"""What the browser tests share: Chromium, the measuring scripts, and the pages to measure.

Test modules import the fixtures they use (`from browser_support import browser`), so that each
app's own browser tests, in `Tests/Browser/<app>/`, use the same ones."""
import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"

MEASURE = """
() => [...document.querySelectorAll('[data-family]')].map(widget => {
  const box = widget.getBoundingClientRect();
  const spills = [];
  const clipsWithEllipsis = el => {
    const style = getComputedStyle(el);
    return (style.textOverflow === 'ellipsis' && style.overflow.includes('hidden')) || style.webkitLineClamp !== 'none';
  };
  for (const element of widget.querySelectorAll('*')) {
    // Text inside an element that truncates with an ellipsis is clipped there; that element is checked instead.
    let ancestor = element.parentElement, clipped = false;
    while (ancestor && ancestor !== widget) { if (clipsWithEllipsis(ancestor)) { clipped = true; break; } ancestor = ancestor.parentElement; }
    if (clipped) continue;
    const r = element.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const outside = r.left < box.left - 0.5 || r.top < box.top - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5;
    const style = getComputedStyle(element);
    const truncated = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    const ellipsis = clipsWithEllipsis(element);
    if (outside) spills.push(element.tagName + '.' + (element.getAttribute('class') || '') + ' outside the widget');
    else if (truncated && !ellipsis && style.overflow !== 'visible') spills.push(element.tagName + '.' + (element.getAttribute('class') || '') + ' clips without an ellipsis');
  }
  return {family: widget.dataset.family, scheme: widget.dataset.scheme, state: widget.dataset.state,
          width: box.width, height: box.height, background: getComputedStyle(widget).backgroundColor, spills};
})
"""


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
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def page():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.route("http*://**", lambda route: route.abort())
        yield page
        browser.close()


def detail_pages(manifest):
    return sorted({w["page"]: w for w in manifest["widgets"]}.items())


def contrast_failures(page, url):
    page.goto(url)
    page.evaluate("document.querySelectorAll('.frame').forEach(f => f.hidden = false)")
    measured = page.evaluate(CONTRAST)
    failures = [f"{m['scheme']} {m['state']} {m['element']} {m['text']!r}: {m['ratio']:.2f}:1 < {m['needed']}:1 "
                f"({m['foreground']} on {m['background']})" for m in measured if m["ratio"] < m["needed"]]
    failures += [f"{m['scheme']} {m['element']}: text over a background image {m['images']}, which this check cannot measure"
                 for m in measured if m["images"]]
    return measured, failures
