"""Just Now's done-when figures, read from the manifest and pages of the sample gallery."""
import json

import pytest

from conftest import run_glimpse

FAMILIES = {"systemSmall", "systemMedium", "systemLarge", "accessoryCircular", "accessoryRectangular", "control"}


def widgets(manifest, scenario=None):
    return [w for w in manifest["widgets"] if w["app"] == "justnow" and scenario in (None, w["scenario"])]


def test_every_scenario_shows_all_six_families(manifest):
    scenarios = {w["scenario"] for w in widgets(manifest)}
    assert len(scenarios) >= 7
    for scenario in scenarios:
        assert {w["family"] for w in widgets(manifest, scenario)} == FAMILIES, scenario


@pytest.mark.parametrize("family, first", [("systemSmall", "3 min ago"), ("systemMedium", "3 min ago"),
                                           ("systemLarge", "3 min ago"), ("accessoryCircular", "3m"),
                                           ("accessoryRectangular", "3m")])
def test_three_minutes_ago_reads_yesterday_after_midnight(manifest, family, first):
    widget = next(w for w in widgets(manifest, "three-minutes-ago") if w["family"] == family)
    assert first in widget["frames"][0]["texts"]
    after_midnight = next(f for f in widget["frames"] if f["start"] >= "2026-11-23T00:00:00-05:00")
    assert after_midnight["start"] == "2026-11-23T00:00:00-05:00"
    expected = "1d" if family.startswith("accessory") else "Yesterday"
    assert expected in after_midnight["texts"] and after_midnight["state"] == "yesterday"


def test_the_schedule_fits_the_budget_with_entries_five_minutes_apart(manifest):
    for widget in widgets(manifest):
        assert not any(r["refused"] for r in widget["reloads"]), widget["page"]
        assert sum(r["budgeted"] for r in widget["reloads"]) <= 2, widget["page"]


def test_the_control_tile_has_its_title_and_action(manifest, gallery):
    for widget in widgets(manifest):
        if widget["family"] != "control":
            continue
        assert widget["size"] == {"width": 72, "height": 72}
        assert widget["frames"][0]["texts"] == ["Start Meditation"]
        assert widget["frames"][0]["links"] == ["littlemoments://startSession"]
        html = (gallery / widget["page"]).read_text()
        assert '<p class="widget-caption" aria-hidden="true">Start Meditation</p>' in html
        assert "isDiscoverable = false" in html and "hidden from Shortcuts" in html


def test_home_and_lock_screen_taps_start_the_timer(manifest, gallery):
    for widget in widgets(manifest):
        if widget["family"] == "control":
            continue
        assert all(f["links"] == ["littlemoments://startSession"] for f in widget["frames"])
        if widget["family"].startswith("accessory"):
            assert "Face ID or Touch ID" in (gallery / widget["page"]).read_text()


def test_a_corrupt_file_falls_back_to_no_recent_sessions(manifest):
    for widget in widgets(manifest, "corrupt"):
        assert [d["file"] for d in widget["diagnostics"]] == ["group.net.bomash.illya.LittleMoments/sessions.json"]
        if widget["family"] != "control":
            assert {f["state"] for f in widget["frames"]} == {"noHistory"}


def test_a_session_in_the_app_reloads_for_free_and_reads_just_now(manifest):
    small = next(w for w in widgets(manifest, "session-in-the-app") if w["family"] == "systemSmall")
    event = next(r for r in small["reloads"] if r["reason"] == "appEvent")
    assert event["at"] == "2026-11-22T15:00:00-05:00" and not event["budgeted"]
    frame = next(f for f in small["frames"] if f["start"] == event["at"])
    assert frame["state"] == "justNow" and "Just now" in frame["texts"]


def test_sessions_dated_after_now_are_ignored_with_a_warning(glimpse_bin, tmp_path):
    store = tmp_path / "store" / "group.net.bomash.illya.LittleMoments"
    store.mkdir(parents=True)
    (store / "sessions.json").write_text(json.dumps([
        {"startedAt": "2026-11-22T08:00:00-05:00", "durationSeconds": 600},
        {"startedAt": "2026-11-25T08:00:00-05:00", "durationSeconds": 600},
    ]))
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", store.parent, "--app", "justnow", "--out", out,
                         "--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York")
    assert result.returncode == 0, result.stderr
    assert "1 session starts after now" in result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    small = next(w for w in manifest["widgets"] if w["family"] == "systemSmall")
    assert "50 min ago" in small["frames"][0]["texts"]
    assert all(f["state"] != "justNow" for f in small["frames"])
