"""One Goal from the command line: a corrupt store renders the fallback and names the file; VoiceOver
says the percentage the medium widget draws."""
import json
import re
import subprocess

from conftest import REPO, run_glimpse

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


def test_voiceover_says_the_percentage_where_the_medium_widget_draws_it(glimpse_bin, tmp_path):
    """On the smallest screen at AX5 a year-long goal's medium widget draws "54%" and its bar, not the
    grid: its label says the percentage, in each language's own digits. With the grid, the label is
    the one every family has."""
    out = tmp_path / "public"
    subprocess.run([str(glimpse_bin), "build", *NOW, "--app", "onegoal", "--text-size", "Large", "--text-size", "AX5",
                    "--device", "320x568", "--locale", "en_US", "--locale", "ar_SA", "--out", str(out), "--quiet"], cwd=REPO, check=True,
                   stderr=subprocess.DEVNULL)
    label = lambda page: re.search(r'class="widget-link"[^>]*aria-label="([^"]*)"', page).group(1)
    shown = lambda page: re.search(r'data-source="format:onegoal/percent">([^<]*)<', page).group(1)
    for name in ["systemMedium.ax5.html", "systemMedium.ax5.ar_SA.html"]:
        page = (out / "onegoal/year-long" / name).read_text()
        assert shown(page) in label(page), (name, label(page))
    with_grid = (out / "onegoal/in-progress/systemMedium.html").read_text()
    assert "format:onegoal/percent" not in with_grid
    assert label(with_grid) == "Read 20 pages. 12 of 30 days done. Not done yet today"
