"""BeeBloom's done-when figures, read from the manifest and pages of the sample gallery."""
import shutil
from datetime import datetime

import pytest

from conftest import REPO, run_glimpse

NOW = ("--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York")


def widget(manifest, scenario, family):
    return next(w for w in manifest["widgets"]
                if w["app"] == "beebloom" and w["scenario"] == scenario and w["family"] == family)


@pytest.mark.parametrize("family, shown, more", [("systemSmall", 2, 12), ("systemMedium", 5, 9), ("systemLarge", 9, 5)])
def test_fourteen_incomplete_habits_overflow_with_plus_n_more(manifest, family, shown, more):
    frame = widget(manifest, "overflow", family)["frames"][0]
    assert frame["state"] == "overflow"
    assert len(frame["texts"]) == shown + 1
    assert frame["texts"][-1] == f"+{more} more"
    assert not any(text.endswith(" more") for text in frame["texts"][:-1])
    assert frame["links"][:shown] == [link for link in frame["links"] if link.startswith("beebloom://complete?habit=")]
    assert frame["links"][-1] == "beebloom://today"


def attempts_after_the_change(widget):
    change = datetime.fromisoformat("2026-11-22T12:00:00-05:00")
    return [(int((datetime.fromisoformat(r["at"]) - change).total_seconds()), r["reason"], r["failed"], r["budgeted"])
            for r in widget["reloads"] if r["reason"] in ("appEvent", "retry")]


def test_a_store_unreadable_for_7s_is_read_on_the_second_retry(manifest):
    small = widget(manifest, "unreadable-7s", "systemSmall")
    assert attempts_after_the_change(small) == [
        (0, "appEvent", True, False), (5, "retry", True, False), (10, "retry", False, False)]
    # The completion made at noon shows from the successful attempt on.
    after = next(f for f in small["frames"] if f["start"] == "2026-11-22T12:00:10-05:00")
    before = next(f for f in small["frames"] if f["end"] == "2026-11-22T12:00:10-05:00")
    assert before["texts"] != after["texts"]


def test_a_store_unreadable_for_20s_gives_up_and_keeps_the_last_good_content(manifest):
    small = widget(manifest, "unreadable-20s", "systemSmall")
    assert attempts_after_the_change(small) == [
        (0, "appEvent", True, False), (5, "retry", True, False), (10, "retry", True, False), (15, "retry", True, False)]
    assert "gave up" in [r for r in small["reloads"] if r["reason"] == "retry"][-1]["note"]
    # Nothing changes on screen until the next scheduled reload at midnight.
    noon = [f for f in small["frames"] if f["start"] <= "2026-11-22T12:00:00-05:00" < f["end"]]
    assert len(noon) == 1 and noon[0]["end"] >= "2026-11-23T00:00:00-05:00"


def test_every_storyboard_ends_with_all_habits_completed(manifest, gallery):
    with_habits = [w for w in manifest["widgets"] if w["app"] == "beebloom" and w["frames"][0]["state"] in ("habits", "overflow")]
    assert len(with_habits) >= 20
    for w in with_habits:
        taps = w.get("storyboard")
        assert taps, (w["scenario"], w["family"])
        assert taps[-1]["state"] == "allComplete"
        assert taps[-1]["texts"] == ["All habits completed today! 🌸"]
        assert all(t["state"] != "allComplete" for t in taps[:-1])
        assert all(t["link"].startswith("beebloom://complete?habit=") for t in taps)
        html = (gallery / w["page"]).read_text()
        for t in taps:
            assert f'id="{t["anchor"]}"' in html


def test_nothing_to_tap_means_the_whole_widget_opens_today(manifest):
    for scenario, state in [("no-habits", "noHabits"), ("all-complete", "allComplete"), ("corrupt", "unreadable")]:
        for family in ("systemSmall", "systemMedium", "systemLarge"):
            w = widget(manifest, scenario, family)
            assert w["frames"][0]["state"] == state
            assert w["frames"][0]["links"] == ["beebloom://today"]
            assert "storyboard" not in w


def test_the_corrupt_store_names_the_file_and_the_coding_path(manifest):
    diagnostics = widget(manifest, "corrupt", "systemSmall")["diagnostics"]
    assert [d["file"] for d in diagnostics] == ["group.com.ilyakukarkinorg.beebloom/beebloom.db"]
    assert diagnostics[0]["message"] == "tinybase.store: not valid JSON (truncated or malformed)"


def test_a_used_store_shows_the_today_view_order_and_no_deleted_habit(manifest):
    """The real app's order (the user's drag order), deletedAt, and a check undone (completed: false)."""
    large = widget(manifest, "reordered-and-deleted", "systemLarge")
    assert large["frames"][0]["texts"][:5] == [
        "Morning stretch", "Drink a glass of water", "Read ten pages", "Stretch your wrists", "Call grandma"]
    assert all("Water the plants" not in f["texts"] for f in large["frames"])
    # A group the app left dangling is a note, not a warning: the scenario builds under --strict.
    assert [d["severity"] for d in large["diagnostics"]] == ["info"]


@pytest.mark.parametrize("scenario", ["some-complete", "app-completes-at-midday", "unreadable-7s"])
def test_a_storyboard_and_app_events_never_write_to_the_store(glimpse_bin, tmp_path, scenario):
    store = tmp_path / "store"
    shutil.copytree(REPO / "content/scenarios/beebloom" / scenario, store)
    before = {p: (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else None) for p in store.rglob("*")}
    result = run_glimpse(glimpse_bin, "--store", store, "--app", "beebloom", "--out", tmp_path / "public", *NOW)
    assert result.returncode == 0, result.stderr
    after = {p: (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else None) for p in store.rglob("*")}
    assert after == before
    assert "Tap storyboard" in (tmp_path / "public/beebloom/store/systemSmall.html").read_text()
