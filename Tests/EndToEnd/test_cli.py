"""`glimpse build` as a user runs it: exit codes, stderr, --strict, --store, --device, atomic output."""
import filecmp
import json
import pathlib
import plistlib
import shutil

from conftest import REPO, run_glimpse

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]


def tree(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(pathlib.Path(folder).rglob("*")) if p.is_file()}


def corrupt_store(tmp_path):
    store = tmp_path / "my-device"
    container = store / "group.com.onegoal.app"
    container.mkdir(parents=True)
    (container / "widget-snapshot.json").write_text('{"title": "Run", "totalDays": 30, "completedDays": ')
    return store


def test_a_corrupt_store_renders_the_fallback_and_names_the_file(glimpse_bin, tmp_path):
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", corrupt_store(tmp_path), "--out", out, *NOW)
    assert result.returncode == 0, result.stderr
    assert "my-device/group.com.onegoal.app/widget-snapshot.json" in result.stderr
    page = (out / "onegoal/my-device/systemSmall.html").read_text()
    assert 'data-state="noGoal"' in page
    assert "group.com.onegoal.app/widget-snapshot.json</code>: not valid JSON" in page
    manifest = json.loads((out / "manifest.json").read_text())
    assert {w["scenario"] for w in manifest["widgets"]} == {"my-device"}
    assert all(d["file"] == "group.com.onegoal.app/widget-snapshot.json"
               for w in manifest["widgets"] if w["app"] == "onegoal" for d in w["diagnostics"])
    # The other apps find no container of theirs: their empty state, with a note, not a warning.
    others = [w for w in manifest["widgets"] if w["app"] != "onegoal"]
    assert others and all(d["severity"] == "info" for w in others for d in w["diagnostics"])


def test_strict_fails_on_an_unexpected_diagnostic_and_keeps_the_previous_gallery(glimpse_bin, tmp_path):
    out = tmp_path / "public"
    assert run_glimpse(glimpse_bin, "--out", out, *NOW).returncode == 0
    before = tree(out)
    result = run_glimpse(glimpse_bin, "--store", corrupt_store(tmp_path), "--out", out, "--strict", *NOW)
    assert result.returncode == 1
    assert "widget-snapshot.json" in result.stderr
    assert tree(out) == before


def test_the_sample_gallery_passes_strict(glimpse_bin, tmp_path):
    result = run_glimpse(glimpse_bin, "--out", tmp_path / "public", "--strict", *NOW)
    assert result.returncode == 0, result.stderr
    assert "Built " in result.stderr and " pages, " in result.stderr


def test_bad_usage_exits_2(glimpse_bin, tmp_path):
    for args in (["--device", "1x1"], ["--app", "nope"], ["--store", tmp_path / "absent"], ["--now", "tomorrow"],
                 ["--time-zone", "Mars/Olympus"], ["--reload-budget", "-1"], ["--unknown-flag"]):
        result = run_glimpse(glimpse_bin, *args, "--out", tmp_path / "public")
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.strip(), args
    assert not (tmp_path / "public").exists()


def test_a_failed_build_leaves_public_byte_identical(glimpse_bin, tmp_path):
    out = tmp_path / "public"
    assert run_glimpse(glimpse_bin, "--out", out, *NOW).returncode == 0
    before = tree(out)
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    (templates / "pages/detail.mustache").write_text("{{#frames}} unclosed section")
    result = run_glimpse(glimpse_bin, "--out", out, "--templates", templates, *NOW)
    assert result.returncode == 1
    assert "templates/pages/detail.mustache" in result.stderr
    assert tree(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".public")] == []


def test_two_builds_are_byte_identical(glimpse_bin, tmp_path):
    for name in ("a", "b"):
        assert run_glimpse(glimpse_bin, "--out", tmp_path / name, *NOW).returncode == 0
    comparison = filecmp.dircmp(tmp_path / "a", tmp_path / "b")
    assert tree(tmp_path / "a") == tree(tmp_path / "b"), comparison.diff_files


def test_device_changes_every_size(glimpse_bin, tmp_path):
    out = tmp_path / "public"
    assert run_glimpse(glimpse_bin, "--out", out, "--device", "430x932", *NOW).returncode == 0
    manifest = json.loads((out / "manifest.json").read_text())
    expected = {"systemSmall": [170, 170], "systemMedium": [364, 170], "systemLarge": [364, 382], "accessoryCircular": [76, 76],
                "accessoryRectangular": [172, 76], "accessoryInline": [257, 26], "control": [72, 72]}
    assert manifest["device"] == {"name": "430x932", "screen": {"width": 430, "height": 932}}
    for widget in manifest["widgets"]:
        assert [widget["size"]["width"], widget["size"]["height"]] == expected[widget["family"]]


def test_a_simulator_app_group_folder_is_found_by_its_metadata(glimpse_bin, tmp_path):
    shared = tmp_path / "Shared" / "AppGroup"
    container = shared / "0C8E1A52-5B1F-4C7E-9D0B-7C2A7D1E4F10"
    container.mkdir(parents=True)
    (container / ".com.apple.mobile_container_manager.metadata.plist").write_bytes(plistlib.dumps(
        {"MCMMetadataIdentifier": "group.com.onegoal.app", "MCMMetadataContentClass": 7}, fmt=plistlib.FMT_BINARY))
    (container / "widget-snapshot.json").write_text(json.dumps({
        "title": "Simulator goal", "totalDays": 10, "completedDays": 4,
        "lastCompletedDate": "2026-11-22", "updatedAt": "2026-11-22T08:00:00-05:00"}))
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", shared, "--out", out, "--strict", *NOW)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    small = next(w for w in manifest["widgets"] if w["app"] == "onegoal" and w["family"] == "systemSmall")
    assert small["scenario"] == "AppGroup"
    assert small["frames"][0]["texts"][0] == "Simulator goal"
    assert small["frames"][0]["state"] == "doneToday"


def test_reading_a_store_never_writes_to_it(glimpse_bin, tmp_path):
    store = tmp_path / "store"
    shutil.copytree(REPO / "content/scenarios/onegoal/in-progress", store)
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in store.rglob("*") if p.is_file()}
    assert run_glimpse(glimpse_bin, "--store", store, "--out", tmp_path / "public", *NOW).returncode == 0
    after = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in store.rglob("*") if p.is_file()}
    assert after == before
