"""One Goal in `glimpse diff`: a change to one scenario's store is exactly that scenario's widgets;
a colour given to the goal's title is, with --pixels, a visual change of exactly the One Goal
widgets that show a title, and without --pixels of none."""
import json

import pytest

from diff_support import build, copy_content, copy_gallery, glimpse, with_edit

# Its tests share module-scoped fixtures: under pytest-xdist (--dist loadgroup) one worker runs them all.
pytestmark = [pytest.mark.xdist_group("onegoal-diff"), pytest.mark.long_running(90)]

TITLE_RULE = ".og-title { font-weight: 600;"


@pytest.fixture(scope="module")
def work(tmp_path_factory, default_gallery):
    folder = copy_content(tmp_path_factory.mktemp("onegoal-diff"))
    copy_gallery(default_gallery, folder / "base")
    return folder


def test_a_store_change_in_one_scenario_is_exactly_that_scenarios_widgets(glimpse_bin, work):
    snapshot = work / "content/scenarios/onegoal/in-progress/group.com.mj.onegoal/widget-snapshot.json"

    def one_more_day(text):
        data = json.loads(text)
        data["completedDays"] += 1
        return json.dumps(data)
    with_edit(snapshot, one_more_day, lambda: build(glimpse_bin, work, "store-edit"))
    result = glimpse(glimpse_bin, work, "diff", "base", "store-edit", "--out", "store-review")
    report = json.loads((work / "store-review/diff.json").read_text())
    assert result.returncode == 1
    changed = {w["key"] for w in report["widgets"] if w["status"] == "changed"}
    assert changed and all(key.startswith("onegoal/in-progress/") for key in changed), changed
    assert any("13" in text for w in report["widgets"] if w["key"] in changed for f in w["frames"] for text in f["textsAfter"] or [])
    assert report["summary"]["added"] == report["summary"]["removed"] == 0 and report["assets"] == [] and report["settings"] == []


@pytest.fixture(scope="module")
def titled(glimpse_bin, work):
    style = work / "templates/onegoal/style.css"
    assert TITLE_RULE in style.read_text(), "One Goal's title rule moved: update TITLE_RULE"
    with_edit(style, lambda text: text.replace(TITLE_RULE, ".og-title { color: #C2185B; font-weight: 600;"),
              lambda: build(glimpse_bin, work, "titled"))
    return work / "titled"


def widgets_with_a_title(gallery):
    """One Goal widgets whose frames (not the placeholder: redacted text is transparent in any colour) show the title."""
    keys = set()
    for widget in json.loads((gallery / "manifest.json").read_text())["widgets"]:
        frames = (gallery / widget["page"]).read_text().split('<section class="placeholder"')[0]
        if widget["app"] == "onegoal" and 'class="og-title' in frames:
            keys.add(f"{widget['app']}/{widget['scenario']}/{widget['family']}")
    return keys


def test_a_title_colour_is_a_visual_change_of_exactly_the_widgets_that_show_a_title(glimpse_bin, work, titled):
    result = glimpse(glimpse_bin, work, "diff", "base", "titled", "--out", "titled-review", "--pixels")
    report = json.loads((work / "titled-review/diff.json").read_text())
    assert result.returncode == 1, result.stderr
    expected = widgets_with_a_title(titled)
    assert expected and {w["key"] for w in report["widgets"] if w.get("visual")} == expected
    assert report["summary"]["visual"] == len(expected)
    for widget in report["widgets"]:
        if widget["key"] in expected:
            restyled = [f for f in widget["frames"] if f["change"] == "restyled"]
            assert restyled and all(any(p["changedPixels"] for p in f["pixels"]) for f in restyled)
        else:
            assert widget["status"] == "unchanged" and widget["frames"] == []


def test_without_pixels_the_same_change_is_no_visual_change(glimpse_bin, work, titled):
    result = glimpse(glimpse_bin, work, "diff", "base", "titled", "--out", "titled-manifest")
    report = json.loads((work / "titled-manifest/diff.json").read_text())
    assert result.returncode == 1  # --fail-on changes: the stylesheet changed
    assert "pixels" not in report and "visual" not in report["summary"] and not any("visual" in w for w in report["widgets"])
    assert [a["path"] for a in report["assets"]] == ["assets/glimpse.css"]
