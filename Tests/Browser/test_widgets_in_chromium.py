"""What only a browser can tell: real sizes, nothing spilling out, schemes that differ, no network.

The tests that measure every detail page read it from the `detail_page_survey` fixture, which loads
each page once for all of them (browser_support.survey_detail_pages)."""
import pytest

from browser_support import axe_violations, detail_pages


@pytest.mark.xdist_group("detail-pages")
@pytest.mark.long_running(150)  # the detail_page_survey fixture: every detail page loaded once
def test_every_widget_has_its_exact_size_and_nothing_spills(detail_page_survey, manifest):
    """MEASURE on every detail page, every frame shown, the fonts loaded; and no page asks for the network."""
    requests, surveyed = detail_page_survey
    problems = []
    for path, widget in detail_pages(manifest):
        measured = surveyed[path]["measure"]
        assert measured, path
        for item in measured:
            if abs(item["width"] - widget["size"]["width"]) > 0.5 or abs(item["height"] - widget["size"]["height"]) > 0.5:
                problems.append(f"{path} {item['scheme']}: {item['width']}×{item['height']}, expected {widget['size']}")
            problems += [f"{path} {item['scheme']} {item['state']}: {spill}" for spill in item["spills"]]
    assert not requests, requests
    assert not problems, "\n".join(problems[:20])


@pytest.mark.xdist_group("detail-pages")
def test_light_and_dark_renders_differ(detail_page_survey, manifest):
    """Each detail page as it opens: the first widget of each scheme has its own background."""
    _, surveyed = detail_page_survey
    for path, widget in detail_pages(manifest):
        backgrounds = {}
        for item in surveyed[path]["backgrounds"]:
            backgrounds.setdefault(item["scheme"], item["background"])
        pairs = [("vibrant-light", "vibrant-dark")] if widget["family"].startswith("accessory") else [("light", "dark"), ("light", "tinted")]
        for a, b in pairs:
            assert a in backgrounds and b in backgrounds, (path, backgrounds)
            assert backgrounds[a] != backgrounds[b], (path, a, b, backgrounds[a])


def test_the_scrubber_moves_with_the_arrow_keys_and_lists_every_frame_without_javascript(browser, gallery, manifest):
    widget = next(w for w in manifest["widgets"] if len(w["frames"]) >= 3)
    page = browser.new_page()
    page.goto((gallery / widget["page"]).as_uri())
    visible = lambda: page.evaluate("[...document.querySelectorAll('.frame')].filter(f => !f.hidden).map(f => f.id)")
    assert visible() == [widget["frames"][0]["anchor"]]
    page.keyboard.press("ArrowRight")
    assert visible() == [widget["frames"][1]["anchor"]]
    assert page.evaluate("location.hash") == "#" + widget["frames"][1]["anchor"]
    page.keyboard.press("ArrowLeft")
    assert visible() == [widget["frames"][0]["anchor"]]
    page.close()

    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((gallery / widget["page"]).as_uri())
    assert len(visible_without_js := page.locator(".frame:visible").all()) == len(widget["frames"]), visible_without_js
    context.close()


def axe_problems(page, url, anchors=()):
    page.goto(url)
    if anchors:
        page.evaluate("anchors => document.querySelectorAll('.frame').forEach(f => f.hidden = !anchors.includes(f.id))",
                      list(anchors))
    return [f"{url.rsplit('/public/', 1)[-1]}: {v['id']} ({v['impact']}) at {v['nodes'][0]['target']}" for v in axe_violations(page)]


def every_state_of_every_family(manifest):
    """Detail pages, each with the frames to show, that hold every state each app's family is drawn
    in, in any scenario: for each family, the page with the most states not yet held, until none is
    left (ties: the page's name), showing the first frame of each of those states."""
    chosen = []
    for app, family in sorted({(w["app"], w["family"]) for w in manifest["widgets"]}):
        widgets = sorted((w for w in manifest["widgets"] if (w["app"], w["family"]) == (app, family)), key=lambda w: w["page"])
        left = {f["state"] for w in widgets for f in w["frames"]}
        while left:
            best = max(widgets, key=lambda w: len(left & {f["state"] for f in w["frames"]}))
            firsts = {}
            for frame in best["frames"]:
                if frame["state"] in left:
                    firsts.setdefault(frame["state"], frame["anchor"])
            chosen.append((best["page"], sorted(firsts.values())))
            left -= set(firsts)
    return chosen


@pytest.mark.long_running(110)
def test_axe_finds_no_violations(browser, gallery, manifest):
    """wcag2a and wcag2aa, colour contrast included: the index, every app page, and detail pages
    showing frames that hold every state of every app's family. Detail pages differ from one
    another in the widget's markup, which is the state's; the contrast of every text on every
    detail page, every frame and scheme, is test_every_text_meets_aa_over_its_real_background_in_every_scheme's."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems = axe_problems(page, (gallery / "index.html").as_uri())
    for app in sorted({w["app"] for w in manifest["widgets"]}):
        problems += axe_problems(page, (gallery / app / "index.html").as_uri())
    chosen = every_state_of_every_family(manifest)
    states = {(w["app"], w["family"], f["state"]) for w in manifest["widgets"] for f in w["frames"]}
    pages = {w["page"]: w for w in manifest["widgets"]}
    held = {(pages[path]["app"], pages[path]["family"], f["state"])
            for path, anchors in chosen for f in pages[path]["frames"] if f["anchor"] in anchors}
    assert held == states and len(chosen) < len(detail_pages(manifest)), (len(chosen), states - held)
    for path, anchors in chosen:
        problems += axe_problems(page, (gallery / path).as_uri(), anchors)
    page.close()
    assert not problems, "\n".join(problems[:20])


def test_every_relative_link_and_asset_resolves_and_deep_links_are_in_the_manifest(gallery, manifest):
    import html.parser
    import urllib.parse

    class Links(html.parser.HTMLParser):
        def __init__(self):
            super().__init__()
            self.found = []

        def handle_starttag(self, tag, attrs):
            for name, value in attrs:
                if name in ("href", "src") and value:
                    self.found.append(value)

    missing, deep = [], set()
    for page in gallery.rglob("*.html"):
        parser = Links()
        parser.feed(page.read_text())
        for link in parser.found:
            parsed = urllib.parse.urlparse(link)
            if parsed.scheme:
                assert parsed.scheme not in ("http", "https"), f"{page}: {link} would need the network"
                deep.add(link)
                continue
            if not parsed.path:
                continue
            target = (page.parent / urllib.parse.unquote(parsed.path)).resolve()
            if not target.is_file():
                missing.append(f"{page.relative_to(gallery)}: {link}")
    assert not missing, "\n".join(missing[:20])
    assert deep, "widgets link to their apps"

    def strings(value):
        if isinstance(value, dict):
            return [s for v in value.values() for s in strings(v)]
        if isinstance(value, list):
            return [s for v in value for s in strings(v)]
        return [value] if isinstance(value, str) else []
    in_manifest = {s for s in strings(manifest) if "://" in s}
    assert not deep - in_manifest, sorted(deep - in_manifest)[:20]
