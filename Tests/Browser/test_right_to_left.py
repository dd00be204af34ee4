"""Right to left, in Chromium, in one gallery of three languages (`--locale en_US --locale ar_SA
--pseudo rtl`, a variant each): under `pseudo-rtl` (English strings, right-to-left layout, as
Xcode's pseudolanguage) every widget is its English self mirrored, box for box, as SwiftUI's
leading and trailing mirror; under `ar_SA` every widget root says its language and direction, and
the gallery's own pages stay left to right."""
import json
import subprocess

import pytest

from conftest import NOW, REPO, build_once

# The boxes of every element of a widget's first frame in its first scheme, against its root: the
# drawings inside an icon or artwork are left out (a drawing does not mirror, as SF Symbols' do not
# unless they point), and so are words a copy file emphasises (their place in a line is the bidi
# algorithm's, not the layout's). Measured once the fonts are in: a line in the fallback font is wider.
BOXES = """async () => {
  await document.fonts.ready;
  const root = document.querySelector('.frame .widget[data-scheme]');
  const r = root.getBoundingClientRect();
  return {dir: root.getAttribute('dir'), lang: root.getAttribute('lang'), page: getComputedStyle(document.body).direction,
    boxes: [...root.querySelectorAll('*')].filter(e => !e.parentElement.closest('svg') && !e.closest('em, strong'))
      .map(e => { const b = e.getBoundingClientRect();
        return {name: e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || ''), x: b.x - r.x, y: b.y - r.y, w: b.width, h: b.height}; }),
    width: r.width};
}"""


def build(glimpse_bin, tmp_path_factory, name, *args):
    def make(out):
        done = subprocess.run([str(glimpse_bin), "build", *NOW, "--out", str(out), "--quiet", *args], cwd=REPO,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    return build_once(tmp_path_factory, name, make)


def languages(glimpse_bin, tmp_path_factory):
    return build(glimpse_bin, tmp_path_factory, "languages", "--locale", "en_US", "--locale", "ar_SA", "--pseudo", "rtl")


def first_pages_of_each_state(manifest, pseudo=None):
    """A detail page for each app's family and the state its first frame shows, the first by name, in
    the language of `pseudo` over en_US."""
    pages = {}
    for widget in sorted(manifest["widgets"], key=lambda w: w["page"]):
        if widget["locale"] == "en_US" and widget.get("pseudo") == pseudo:
            pages.setdefault((widget["app"], widget["family"], widget["frames"][0]["state"]), widget["page"])
    return sorted(pages.values())


@pytest.mark.long_running(60)
def test_pseudo_rtl_mirrors_every_widget_box_for_box(glimpse_bin, tmp_path_factory, browser):
    gallery = languages(glimpse_bin, tmp_path_factory)
    manifest = json.loads((gallery / "manifest.json").read_text())
    assert (manifest["locale"], manifest.get("pseudo")) == ("en_US", None)
    pages = first_pages_of_each_state(manifest)
    mirrored = set(first_pages_of_each_state(manifest, "rtl"))
    assert len(pages) > 30 and {p.replace(".html", ".pseudo-rtl.html") for p in pages} <= mirrored
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems, compared = [], 0
    for path in pages:
        page.goto((gallery / path).as_uri())
        ltr = page.evaluate(BOXES)
        page.goto((gallery / path.replace(".html", ".pseudo-rtl.html")).as_uri())
        rtl = page.evaluate(BOXES)
        assert (ltr["dir"], rtl["dir"], rtl["lang"], rtl["page"]) == (None, "rtl", None, "ltr"), path
        assert [b["name"] for b in ltr["boxes"]] == [b["name"] for b in rtl["boxes"]], path
        for before, after in zip(ltr["boxes"], rtl["boxes"]):
            if before["w"] == 0 or before["h"] == 0:
                continue
            compared += 1
            expected = ltr["width"] - before["x"] - before["w"]
            if abs(after["x"] - expected) > 1 or abs(after["y"] - before["y"]) > 1 or abs(after["w"] - before["w"]) > 1:
                problems.append(f"{path} {before['name']}: x {after['x']:.1f}, mirrored {expected:.1f} (width {before['w']:.1f})")
    page.close()
    assert compared > 500, compared
    assert not problems, "\n".join(problems[:20])


def test_arabic_roots_say_their_language_and_the_pages_stay_left_to_right(glimpse_bin, tmp_path_factory, browser):
    arabic = languages(glimpse_bin, tmp_path_factory)
    manifest = json.loads((arabic / "manifest.json").read_text())
    first = next(w for w in manifest["widgets"] if w["locale"] == "ar_SA")
    assert first["page"].endswith(".ar_SA.html")
    html = (arabic / first["page"]).read_text()
    roots = html.count('<div class="widget ')
    assert roots and html.count(' lang="ar-SA" dir="rtl" ') == roots
    assert '<html lang="en"' in html and 'dir="rtl"' not in html.split('<div class="widget ')[0]
    page = browser.new_page()
    page.goto((arabic / first["page"]).as_uri())
    directions = page.evaluate("""() => [getComputedStyle(document.body).direction,
        getComputedStyle(document.querySelector('.frame .widget')).direction]""")
    page.close()
    assert directions == ["ltr", "rtl"]


# Where a widget's text starts and ends, against its root, measured from the glyphs of its text
# nodes (drawings left out).
TEXT_EDGES = """async () => {
  await document.fonts.ready;
  const root = document.querySelector('.frame .widget[data-scheme]');
  const r = root.getBoundingClientRect();
  const edges = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim() || node.parentElement.closest('svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const b of range.getClientRects()) if (b.width > 0 && b.height > 0) edges.push([b.left - r.left, b.right - r.left]);
  }
  if (!edges.length) return null;
  return {width: r.width, left: Math.min(...edges.map(e => e[0])), right: Math.max(...edges.map(e => e[1]))};
}"""


def test_arabic_text_starts_at_the_right_margin_where_english_starts_at_the_left(glimpse_bin, tmp_path_factory, browser):
    """SwiftUI's leading edge is the right one in Arabic: wherever a widget's English text starts at
    a margin (not centred, and not running past its box), its Arabic text ends at the same margin on
    the right, store text (English titles) included."""
    gallery = languages(glimpse_bin, tmp_path_factory)
    manifest = json.loads((gallery / "manifest.json").read_text())
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    compared, problems = 0, []
    for path in first_pages_of_each_state(manifest):
        page.goto((gallery / path).as_uri())
        english = page.evaluate(TEXT_EDGES)
        page.goto((gallery / path.replace(".html", ".ar_SA.html")).as_uri())
        arabic = page.evaluate(TEXT_EDGES)
        if english is None or arabic is None:
            continue
        start, end = english["left"], english["width"] - english["right"]
        if end < 0 or abs(start - end) < 1:
            continue
        compared += 1
        if abs((arabic["width"] - arabic["right"]) - start) > 1:
            problems.append(f"{path}: English starts {start:.1f} from the left, Arabic ends "
                            f"{arabic['width'] - arabic['right']:.1f} from the right")
    page.close()
    assert compared > 30, compared
    assert not problems, "\n".join(problems)
