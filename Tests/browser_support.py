"""What the browser tests share: Chromium, the measuring scripts, and the pages to measure.

The fixtures themselves are in conftest.py: `browser`, one Chromium for the whole test process,
and `page`, one tab of it per module with the network refused. Every test module, each app's own
browser tests in `Tests/Browser/<app>/` too, gets them from there.

Measuring scripts run in the page and send back only data; `evaluate_json` carries it as one JSON
string, which is many times cheaper than Playwright's own serialisation of thousands of objects."""
import json
import pathlib

CHROMIUM = "/usr/bin/chromium"
SHOW_EVERY_FRAME = "document.querySelectorAll('.frame').forEach(f => f.hidden = false)"
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]}}


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def evaluate_json(page, script, arg=None):
    """`page.evaluate(script, arg)` for a script whose value is JSON data (objects, arrays, strings,
    finite numbers, booleans): the value crosses from the page as one JSON string."""
    return json.loads(page.evaluate(f"async arg => JSON.stringify(await ({script})(arg))", arg))


MEASURE = """
() => [...document.querySelectorAll('[data-family]')].map(widget => {
  const box = widget.getBoundingClientRect();
  const spills = [];
  // Each element's style and whether it clips with an ellipsis are read once: the walk up from
  // every element to its widget asks the same ancestors again and again.
  const styles = new Map(), clipping = new Map();
  const styleOf = el => { let style = styles.get(el); if (!style) styles.set(el, style = getComputedStyle(el)); return style; };
  const clipsWithEllipsis = el => {
    let clips = clipping.get(el);
    if (clips === undefined) {
      const style = styleOf(el);
      clips = (style.textOverflow === 'ellipsis' && style.overflow.includes('hidden')) || style.webkitLineClamp !== 'none';
      clipping.set(el, clips);
    }
    return clips;
  };
  for (const element of widget.querySelectorAll('*')) {
    // Text inside an element that truncates with an ellipsis is clipped there; that element is checked instead.
    let ancestor = element.parentElement, clipped = false;
    while (ancestor && ancestor !== widget) { if (clipsWithEllipsis(ancestor)) { clipped = true; break; } ancestor = ancestor.parentElement; }
    if (clipped) continue;
    const r = element.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const outside = r.left < box.left - 0.5 || r.top < box.top - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5;
    const style = styleOf(element);
    const truncated = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    const ellipsis = clipsWithEllipsis(element);
    if (outside) spills.push(element.tagName + '.' + (element.getAttribute('class') || '') + ' outside the widget');
    else if (truncated && !ellipsis && style.overflow !== 'visible') spills.push(element.tagName + '.' + (element.getAttribute('class') || '') + ' clips without an ellipsis');
  }
  return {family: widget.dataset.family, scheme: widget.dataset.scheme, state: widget.dataset.state,
          width: box.width, height: box.height, background: styleOf(widget).backgroundColor, spills};
})
"""


# Every element with text of its own, in every widget: the colour a reader sees (the text over
# each ancestor's background, each group's opacity applied, over the white canvas) against the
# background there. Colours are read through a canvas, so any CSS colour syntax works
# (rgb(), color(srgb …) from color-mix(), oklab()…). Each CSS colour is read through the canvas
# once, and each element's background, opacity and image once, however many texts sit on it.
CONTRAST = """
() => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const colours = new Map();
  const rgba = css => {
    let colour = colours.get(css);
    if (colour) return colour;
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    colour = [r, g, b, a / 255];
    colours.set(css, colour);
    return colour;
  };
  const over = (top, below) => {
    const a = top[3] + below[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    return [0, 1, 2].map(i => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a).concat([a]);
  };
  const layers = new Map();
  const layer = e => {
    let found = layers.get(e);
    if (!found) {
      const style = getComputedStyle(e);
      found = {image: style.backgroundImage !== 'none' ? e.tagName + '.' + e.className : null,
               background: rgba(style.backgroundColor), opacity: parseFloat(style.opacity)};
      layers.set(e, found);
    }
    return found;
  };
  const seen = (start, element) => {
    let colour = start, images = [];
    for (let e = element; e; e = e.parentElement) {
      const {image, background, opacity} = layer(e);
      if (image !== null) images.push(image);
      colour = over(colour, background);
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


# Each widget's scheme and background (test_light_and_dark_renders_differ).
BACKGROUNDS = """
() => [...document.querySelectorAll('[data-family]')].map(widget => ({scheme: widget.dataset.scheme, background: getComputedStyle(widget).backgroundColor}))
"""

# The tinted scheme (test_tinted_rendering.py): every text and icon of each tinted widget, its colour
# and whether it is in the palette the widget's own stylesheet sets, its fill and its shadow.
TINTED = """
() => {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const rgb = css => { ctx.fillStyle = '#000'; ctx.fillStyle = css.trim(); return ctx.fillStyle; };
  const found = [];
  for (const widget of document.querySelectorAll('[data-family][data-scheme="tinted"]')) {
    const root = getComputedStyle(widget);
    const palette = new Set(['--w-label', '--w-secondary', '--w-accent', '--w-bg'].map(name => rgb(root.getPropertyValue(name))));
    for (const element of [widget, ...widget.querySelectorAll('*')]) {
      const own = [...element.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join('').trim();
      const style = getComputedStyle(element);
      const isIcon = element.tagName === 'svg';
      if (!own && !isIcon) continue;
      if (style.visibility !== 'visible' || style.color === 'rgba(0, 0, 0, 0)') continue;  // redacted
      found.push({text: own.slice(0, 30) || element.getAttribute('class'), colour: rgb(style.color), inPalette: palette.has(rgb(style.color)),
                  fill: style.webkitTextFillColor, shadow: style.textShadow, raw: style.color, palette: [...palette]});
    }
  }
  return found;
}
"""


def app_survey_scripts(app):
    """The scripts an app's own test folder adds to the survey of its detail pages:
    Tests/Browser/<app>/survey_<name>.js, each read as `name`."""
    folder = pathlib.Path(__file__).resolve().parent / "Browser" / app
    return {path.stem.removeprefix("survey_"): path.read_text().strip() for path in sorted(folder.glob("survey_*.js"))}


def detail_pages(manifest):
    return sorted({w["page"]: w for w in manifest["widgets"]}.items())


def survey_detail_pages(browser, gallery, manifest):
    """Every detail page of `gallery`, loaded once in a 1400×900 tab that refuses the network, and
    all that the tests of every detail page read from it (the `detail_page_survey` fixture):

    - `backgrounds`: BACKGROUNDS as the page opens;
    - then with every frame shown and the fonts loaded: `measure` (MEASURE), `contrast` (CONTRAST),
      `tinted` (TINTED; not on accessory pages, which have no tinted scheme), and the scripts of
      the page's app (app_survey_scripts).

    Each test used to load every page itself: five loads of each page, where one does. The scripts
    only read the page. Returns (the network requests the pages tried, {page: {name: value}})."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    requests, pages = [], {}
    page.route("http*://**", lambda route: (requests.append(route.request.url), route.abort()))
    try:
        for path, widget in detail_pages(manifest):
            page.goto((gallery / path).as_uri())
            backgrounds = evaluate_json(page, BACKGROUNDS)
            page.evaluate(SHOW_EVERY_FRAME)
            page.evaluate("document.fonts.ready")
            scripts = {"measure": MEASURE, "contrast": CONTRAST}
            if not widget["family"].startswith("accessory"):
                scripts["tinted"] = TINTED
            scripts |= app_survey_scripts(widget["app"])
            together = "() => ({" + ", ".join(f"{name}: ({script})()" for name, script in scripts.items()) + "})"
            pages[path] = {"backgrounds": backgrounds, **evaluate_json(page, together)}
    finally:
        page.context.close()
    return requests, pages


def contrast_problems(measured):
    """CONTRAST's measurements that fail: a ratio under AA, or text over a background image."""
    failures = [f"{m['scheme']} {m['state']} {m['element']} {m['text']!r}: {m['ratio']:.2f}:1 < {m['needed']}:1 "
                f"({m['foreground']} on {m['background']})" for m in measured if m["ratio"] < m["needed"]]
    failures += [f"{m['scheme']} {m['element']}: text over a background image {m['images']}, which this check cannot measure"
                 for m in measured if m["images"]]
    return failures


def contrast_failures(page, url):
    page.goto(url)
    page.evaluate(SHOW_EVERY_FRAME)
    measured = evaluate_json(page, CONTRAST)
    return measured, contrast_problems(measured)


def axe_violations(page, options=AXE_OPTIONS):
    """axe-core (as axe_playwright_python ships it) run on the page as it is now: its violations.

    The same rules as `Axe().run(page, options=...)`, with `resultTypes: ["violations"]`: axe then
    builds the full node list (selectors, HTML) for violations only, not for every passing and
    incomplete node, and only the violations cross back from the page. The verdict is the same."""
    from axe_playwright_python.base import AXE_SCRIPT
    page.evaluate(AXE_SCRIPT)
    return evaluate_json(page, "options => axe.run(options).then(results => results.violations)",
                         {**options, "resultTypes": ["violations"]})


def axe_report(violations):
    """axe_playwright_python's readable report of the violations."""
    from axe_playwright_python.base import AxeResults
    return AxeResults({"violations": violations}).generate_report()
