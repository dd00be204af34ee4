"""W8Trackr's done-when figures: the sample gallery's manifest, and a store that is only a SwiftData file and its WAL."""
import hashlib
import json
import shutil

from conftest import REPO, run_glimpse

NOW = ("--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York")


def widgets(manifest, scenario):
    return [w for w in manifest["widgets"] if w["app"] == "w8trackr" and w["scenario"] == scenario]


def test_every_scenario_in_both_families(manifest):
    scenarios = {w["scenario"] for w in manifest["widgets"] if w["app"] == "w8trackr"}
    assert len(scenarios) >= 11
    for scenario in scenarios:
        assert {w["family"] for w in widgets(manifest, scenario)} == {"systemSmall", "systemMedium"}


def test_an_lb_user_whose_latest_entry_is_81_2_kg_sees_179_lb(manifest):
    """81.2 kg is 179.015… lb: whole, cut toward zero, as the shipped widget shows weights."""
    for widget in widgets(manifest, "other-unit"):
        assert widget["frames"][0]["texts"][:2] == ["179", "lb"]


def test_an_entry_edited_in_the_app_is_in_lbs_and_read_as_pounds(manifest):
    """The app writes `lbs` when an entry is edited (lb-user's latest): read as lb, no warning."""
    for widget in widgets(manifest, "lb-user"):
        assert widget["frames"][0]["texts"][:2] == ["176", "lb"]
        assert widget["diagnostics"] == []


def test_today_becomes_yesterday_at_midnight(manifest):
    small = next(w for w in widgets(manifest, "lb-user") if w["family"] == "systemSmall")
    assert [f["texts"][2] for f in small["frames"]] == ["Today, 7:32\u202fAM", "Yesterday, 7:32\u202fAM"]
    assert small["frames"][1]["start"] == "2026-11-23T00:00:00-05:00"
    assert all(f["links"] == ["w8trackr://entry/new"] for f in small["frames"])


def test_empty_states(manifest):
    assert widgets(manifest, "no-container")[0]["frames"][0]["texts"] == ["Open W8Trackr to get started"]
    assert widgets(manifest, "no-entries")[0]["frames"][0]["state"] == "noEntries"
    corrupt = widgets(manifest, "corrupt-database")[0]
    assert corrupt["frames"][0]["state"] == "unreadable"
    assert corrupt["diagnostics"][0]["file"] == "group.com.saults.W8Trackr/Library/Application Support/default.store"


def digest(folder):
    return {p.relative_to(folder): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_store_of_only_default_store_and_its_wal(glimpse_bin, tmp_path):
    source = REPO / "content/scenarios/w8trackr/wal/group.com.saults.W8Trackr/Library/Application Support"
    container = tmp_path / "group.com.saults.W8Trackr"
    target = container / "Library/Application Support"
    target.mkdir(parents=True)
    for name in ("default.store", "default.store-wal"):
        shutil.copyfile(source / name, target / name)
    before = digest(container)
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", container, "--app", "w8trackr", "--out", out, *NOW)
    assert result.returncode == 0, result.stderr
    assert "preferredWeightUnit" in result.stderr and "showing lb" in result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    small = next(w for w in manifest["widgets"] if w["family"] == "systemSmall")
    # 185.6 lb at 7:20 AM is only in the WAL.
    assert small["frames"][0]["texts"][:3] == ["185", "lb", "Today, 7:20\u202fAM"]
    assert any("preferredWeightUnit" in d["message"] for d in small["diagnostics"])
    # The database, its WAL, and no new -shm: nothing was written.
    assert digest(container) == before
