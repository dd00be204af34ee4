"""The tinted scheme follows WidgetKit's accented rendering (docs/TINT.md): every text and icon is
the accent group's colour or the default group's (or a hole showing the background), drawn from
its alpha alone, so a colour emoji is a silhouette too. Read from the palette the page's own
stylesheet sets, so it holds for any --tint; and with --tint, the palette is the derived one."""
import json
import subprocess

import pytest

from browser_support import SHOW_EVERY_FRAME, TINTED, detail_pages, evaluate_json


def tinted_texts(browser, gallery, manifest):
    """TINTED on every detail page of `gallery` but the accessories', every frame shown."""
    page = browser.new_page()
    found = []
    for path, widget in detail_pages(manifest):
        if widget["family"].startswith("accessory"):
            continue
        page.goto((gallery / path).as_uri())
        page.evaluate(SHOW_EVERY_FRAME)
        found += [dict(item, page=path) for item in evaluate_json(page, TINTED)]
    page.close()
    return found


def check(found):
    assert len(found) > 500, len(found)
    off = [f"{f['page']}: {f['text']!r} is {f['colour']}, not one of {f['palette']}" for f in found if not f["inPalette"]]
    assert not off, "\n".join(off[:20])
    # Drawn from its alpha: the glyphs' own colours (emoji) never show, only the shadow in the group's colour.
    unmasked = [f"{f['page']}: {f['text']!r} fill {f['fill']}, shadow {f['shadow']}" for f in found
                if f["fill"] != "rgba(0, 0, 0, 0)" or not f["shadow"].startswith(f["raw"] + " 0px 0px 0px")]
    assert not unmasked, "\n".join(unmasked[:20])


@pytest.mark.xdist_group("detail-pages")
def test_every_tinted_text_and_icon_is_an_accent_or_default_group_colour(detail_page_survey, manifest):
    """TINTED on every detail page but the accessories', every frame shown (read from the
    detail_page_survey fixture, as tinted_texts reads it)."""
    _, surveyed = detail_page_survey
    check([dict(item, page=path) for path, widget in detail_pages(manifest) if not widget["family"].startswith("accessory")
           for item in surveyed[path]["tinted"]])


@pytest.mark.long_running(70)
def test_another_tint_derives_a_palette_that_keeps_the_rule(browser, glimpse_bin, tmp_path):
    out = tmp_path / "pink"
    subprocess.run([str(glimpse_bin), "build", "--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York",
                    "--tint", "#FF6B9D", "--out", str(out), "--quiet"], check=True)
    manifest = json.loads((out / "manifest.json").read_text())
    found = tinted_texts(browser, out, manifest)
    check(found)
    assert any("#ff6b9d" in f["palette"] for f in found), found[:3]
