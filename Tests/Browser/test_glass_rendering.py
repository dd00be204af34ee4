"""iOS 26's clear and tinted glass (`--appearance clear,tinted-26`, docs/TINT.md "iOS 26"): every text
meets AA over the glass approximation for the default tint and two others; every text is white or the
white secondary, as Apple's accented rule says; the manifest lists the appearances; and a widget that
keeps a white background in clear (white on white) is found by `glimpse check`."""
import json
import shutil
import subprocess

import jsonschema
import pytest

from browser_support import CONTRAST, SHOW_EVERY_FRAME, contrast_problems, evaluate_json
from conftest import REPO, app_ids

GLASS = ("clear-light", "clear-dark", "tinted-26")
BUILD = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York", "--quiet"]


def build(glimpse_bin, out, *args):
    subprocess.run([str(glimpse_bin), "build", *BUILD, "--out", str(out), *args], check=True, cwd=REPO)
    return json.loads((out / "manifest.json").read_text())


def glass_measurements(browser, gallery, manifest, schemes=GLASS):
    """CONTRAST on every Home Screen widget's page, `schemes` only, every frame shown."""
    page = browser.new_page()
    measured = []
    for widget in manifest["widgets"]:
        if not widget["family"].startswith("system"):
            continue
        page.goto((gallery / widget["page"]).as_uri())
        page.evaluate(SHOW_EVERY_FRAME)
        measured += [dict(m, page=widget["page"]) for m in evaluate_json(page, CONTRAST) if m["scheme"] in schemes]
    page.close()
    return measured


@pytest.mark.long_running(90)
@pytest.mark.parametrize("tint", [None, "#FF6B9D", "#30D158"])
def test_every_text_on_glass_meets_aa_and_is_white(browser, glimpse_bin, tmp_path, tint):
    """The clear glass does not take the tint (only the tinted scheme's colours derive from it), so
    the default tint draws every appearance and another tint draws iOS 26's tinted glass alone."""
    out = tmp_path / "glass"
    appearances = ["light", "dark", "clear", "tinted-26"] if tint is None else ["tinted-26"]
    manifest = build(glimpse_bin, out, "--appearance", ",".join(appearances), *(["--tint", tint] if tint else []))
    assert manifest["appearances"] == appearances
    schema = json.loads((out / "manifest.schema.json").read_text())
    assert not list(jsonschema.Draft202012Validator(schema).iter_errors(manifest))
    schemes = GLASS if tint is None else ("tinted-26",)
    measured = glass_measurements(browser, out, manifest, schemes)
    by_scheme = {scheme: [m for m in measured if m["scheme"] == scheme] for scheme in schemes}
    assert all(len(found) > 100 for found in by_scheme.values()), {k: len(v) for k, v in by_scheme.items()}
    problems = contrast_problems(measured)
    assert not problems, "\n".join(problems[:20])
    # Both groups are white; the secondary text is white over the glass, written opaque: near white.
    def whitish(colour):
        red, green, blue = colour[:3]
        return min(red, green, blue) >= 185 and max(red, green, blue) - min(red, green, blue) <= 40
    # Or a mark knocked out of a white fill (a filled button's label): the glass shows through it.
    off = [f"{m['page']} {m['scheme']} {m['text']!r}: {m['foreground']} on {m['background']}" for m in measured
           if not whitish(m["foreground"]) and not whitish(m["background"])]
    assert not off, "\n".join(off[:20])


def test_the_standard_appearances_write_no_list_and_build_no_glass(glimpse_bin, tmp_path):
    app = app_ids()[0]
    manifest = build(glimpse_bin, tmp_path / "plain", "--app", app)
    assert "appearances" not in manifest
    css = (tmp_path / "plain" / "assets" / "glimpse.css").read_text()
    assert "scheme-clear" not in css and "scheme-tinted-26" not in css
    same = build(glimpse_bin, tmp_path / "listed", "--app", app, "--appearance", "tinted,dark", "--appearance", "light")
    assert "appearances" not in same, "the standard three, in any order, are the default"
    bad = subprocess.run([str(glimpse_bin), "build", *BUILD, "--out", str(tmp_path / "bad"), "--appearance", "frosted"],
                         capture_output=True, text=True, cwd=REPO)
    assert bad.returncode != 0 and "--appearance frosted: not an appearance" in bad.stderr, bad.stderr


@pytest.mark.long_running(60)
def test_a_widget_white_on_white_in_clear_is_found_by_check(glimpse_bin, tmp_path):
    """The seeded defect of pocket-casts-ios #2212 and ivpn/ios-app #470: content tinted white over a
    background that stays white. Here a stylesheet keeps the first app's background white in clear light."""
    app = app_ids()[0]
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    with (templates / app / "style.css").open("a") as css:
        css.write(f"\n.app-{app}.scheme-clear-light {{ --w-bg: #FFFFFF; }}\n")
    out = tmp_path / "seeded"
    build(glimpse_bin, out, "--app", app, "--appearance", "light,dark,clear", "--templates", str(templates))
    report = tmp_path / "check"
    subprocess.run([str(glimpse_bin), "check", str(out), "--out", str(report), "--rule", "contrast", "--fail-on", "never",
                    "--quiet"], check=True, cwd=REPO)
    findings = json.loads((report / "findings.json").read_text())["findings"]
    schemes = {f["scheme"] for f in findings if f["rule"] == "contrast"}
    assert schemes == {"clear-light"}, schemes
    seeded = [f for f in findings if f["scheme"] == "clear-light"]
    widgets = {w["page"] for w in json.loads((out / "manifest.json").read_text())["widgets"] if w["family"].startswith("system")}
    assert {f["page"] for f in seeded} == widgets, "every Home Screen widget of the app, in clear light"
    assert all(f["severity"] == "error" for f in seeded)
    assert any(" is #FFFFFF on #FFFFFF: 1.00:1" in f["message"] for f in seeded), seeded[:2]


@pytest.mark.long_running(40)
def test_a_background_that_is_not_removable_is_kept_and_reported(glimpse_bin, tmp_path):
    """An app's `containerBackgroundRemovable(false)` marks its roots `data-background="kept"` (the Swift
    tests build a fixture app that says so). Marked here on one page of a built gallery: check reports it in
    each scheme that removes backgrounds, and in clear light the kept light background under white content
    is the white-on-white a device would show."""
    app = app_ids()[0]
    out = tmp_path / "kept"
    manifest = build(glimpse_bin, out, "--app", app, "--appearance", "light,dark,tinted,clear")
    marked = next(w["page"] for w in manifest["widgets"] if w["family"] == "systemSmall")
    page = out / marked
    page.write_text(page.read_text().replace(' data-scheme="', ' data-background="kept" data-scheme="'))
    report = tmp_path / "check"
    subprocess.run([str(glimpse_bin), "check", str(out), "--out", str(report), "--rule", "kept-background",
                    "--rule", "contrast", "--fail-on", "never", "--quiet"], check=True, cwd=REPO)
    findings = json.loads((report / "findings.json").read_text())["findings"]
    kept = [f for f in findings if f["rule"] == "kept-background"]
    assert {f["page"] for f in kept} == {marked}
    assert {f["scheme"] for f in kept} == {"tinted", "clear-light", "clear-dark"}
    assert all(f["severity"] == "warning" and "containerBackgroundRemovable(false)" in f["message"] for f in kept)
    contrast = {(f["page"], f["scheme"]) for f in findings if f["rule"] == "contrast"}
    assert (marked, "clear-light") in contrast and all(page == marked for page, _ in contrast), contrast
