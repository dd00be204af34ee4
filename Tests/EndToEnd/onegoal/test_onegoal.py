"""One Goal from the command line: a corrupt store renders the fallback and names the file."""
import json

from conftest import run_glimpse

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]


def corrupt_store(tmp_path):
    store = tmp_path / "my-device"
    container = store / "group.com.mj.onegoal"
    container.mkdir(parents=True)
    (container / "widget-snapshot.json").write_text('{"title": "Run", "totalDays": 30, "completedDays": ')
    return store


def test_a_corrupt_store_renders_the_fallback_and_names_the_file(glimpse_bin, tmp_path):
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", corrupt_store(tmp_path), "--out", out, *NOW)
    assert result.returncode == 0, result.stderr
    assert "my-device/group.com.mj.onegoal/widget-snapshot.json" in result.stderr
    page = (out / "onegoal/my-device/systemSmall.html").read_text()
    assert 'data-state="noGoal"' in page
    assert "group.com.mj.onegoal/widget-snapshot.json</code>: not valid JSON" in page
    manifest = json.loads((out / "manifest.json").read_text())
    assert {w["scenario"] for w in manifest["widgets"]} == {"my-device"}
    assert all(d["file"] == "group.com.mj.onegoal/widget-snapshot.json"
               for w in manifest["widgets"] if w["app"] == "onegoal" for d in w["diagnostics"])
    # The other apps find no container of theirs: their empty state, with a note, not a warning.
    others = [w for w in manifest["widgets"] if w["app"] != "onegoal"]
    assert others and all(d["severity"] == "info" for w in others for d in w["diagnostics"])
