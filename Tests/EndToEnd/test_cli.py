"""`glimpse build` as a user runs it: exit codes, stderr, --strict, --store, --device, atomic output;
and every command's failure said once, never as an `ExitCode`."""
import filecmp
import json
import pathlib
import plistlib
import shutil
import subprocess

import pytest

from conftest import REPO, containers, expects_diagnostics, printed_exit_codes, run_glimpse, sample_scenarios

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]


def tree(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(pathlib.Path(folder).rglob("*")) if p.is_file()}


def unexpected_diagnostic_store(tmp_path):
    """A sample scenario that shows a corrupt store, without the scenario.yaml that expects it."""
    for scenario in (s for scenarios in sample_scenarios().values() for s in scenarios):
        if expects_diagnostics(scenario):
            store = tmp_path / "my-device"
            for container in containers(scenario):
                shutil.copytree(container, store / container.name)
            return store
    raise AssertionError("no sample scenario shows a corrupt store")


def test_strict_fails_on_an_unexpected_diagnostic_and_keeps_the_previous_gallery(glimpse_bin, tmp_path):
    out = tmp_path / "public"
    assert run_glimpse(glimpse_bin, "--out", out, *NOW).returncode == 0
    before = tree(out)
    store = unexpected_diagnostic_store(tmp_path)
    result = run_glimpse(glimpse_bin, "--store", store, "--out", out, "--strict", *NOW)
    assert result.returncode == 1
    assert "my-device/group." in result.stderr and "--strict: " in result.stderr
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


FAILURES = {
    "build": (["build", "--out", "a-file/public"], 1),
    "diff": (["diff", "absent-base", "absent-new"], 2),
    "approve": (["approve", "absent-review", "--all"], 2),
    "review": (["review", "absent-base", "absent-new", "--port", "1"], 2),
    "check": (["check", "absent-gallery"], 2),
    "snapshot": (["snapshot", "absent-gallery"], 2),
    "merge": (["merge", "absent-part"], 2),
    "decisions migrate": (["decisions", "migrate"], 2),
}


@pytest.mark.parametrize("command", sorted(FAILURES))
def test_a_failing_command_says_why_once_and_never_prints_its_exit_code(glimpse_bin, tmp_path, command):
    """`error: ExitCode(rawValue: 2)` after the message was a catch-all describing the exit it caught.
    (conftest.no_exit_code_is_printed holds every run of every test to the same.)"""
    (tmp_path / "a-file").write_text("a file, not a folder")
    (tmp_path / "glimpse-approvals.json").write_text("{not json")
    args, code = FAILURES[command]
    result = subprocess.run([str(glimpse_bin), *args], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == code, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "ExitCode(" not in result.stderr + result.stdout, result.stderr


def test_approving_a_key_that_is_no_change_says_so_once(glimpse_bin, gallery, tmp_path):
    """The path that printed the stray line: the message, then `error: ExitCode(rawValue: 2)`."""
    same = subprocess.run([str(glimpse_bin), "diff", gallery, gallery, "--out", tmp_path / "review"],
                          capture_output=True, text=True, timeout=300)
    assert same.returncode == 0, same.stderr
    result = subprocess.run([str(glimpse_bin), "approve", tmp_path / "review", "--widget", "app/nowhere/*"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stderr.splitlines() == [
        "error: --widget app/nowhere/*: no change of this diff has that key; the diff has no changes"]


def test_the_guard_sees_an_exit_code_printed_as_an_error():
    printed = subprocess.CompletedProcess(["/bin/glimpse"], 2, "", "error: no\nerror: ExitCode(rawValue: 2)\n")
    assert printed_exit_codes(["/bin/glimpse", "approve"], printed) == ["error: ExitCode(rawValue: 2)"]
    assert printed_exit_codes(["python3"], printed) == []


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
    """Every app's container, renamed to a UUID as the Simulator names it, is found by its metadata."""
    shared = tmp_path / "Shared" / "AppGroup"
    found = {}
    for n, (app, scenarios) in enumerate(sample_scenarios().items()):
        scenario = next(s for s in scenarios if containers(s) and not expects_diagnostics(s))
        container = containers(scenario)[0]
        uuid = f"0C8E1A52-5B1F-4C7E-9D0B-7C2A7D1E4F{n:02}"
        shutil.copytree(container, shared / uuid)
        (shared / uuid / ".com.apple.mobile_container_manager.metadata.plist").write_bytes(plistlib.dumps(
            {"MCMMetadataIdentifier": container.name, "MCMMetadataContentClass": 7}, fmt=plistlib.FMT_BINARY))
        found[app] = container.name
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", shared, "--out", out, *NOW)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert {w["scenario"] for w in manifest["widgets"]} == {"AppGroup"}
    for widget in manifest["widgets"]:
        # No app misses its container: none says "no container".
        assert not any("no container" in d["message"] for d in widget["diagnostics"]), (widget["app"], widget["diagnostics"])


def test_reading_a_store_never_writes_to_it(glimpse_bin, tmp_path):
    store = tmp_path / "store"
    for scenarios in sample_scenarios().values():
        for scenario in scenarios:
            for container in containers(scenario):
                if not (store / container.name).exists():
                    shutil.copytree(container, store / container.name)
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in store.rglob("*") if p.is_file()}
    assert len({p.parts[len(store.parts)] for p in before}) == len(sample_scenarios())
    assert run_glimpse(glimpse_bin, "--store", store, "--out", tmp_path / "public", *NOW).returncode == 0
    after = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in store.rglob("*") if p.is_file()}
    assert after == before


def test_an_unknown_locale_exits_2_and_names_the_closest(glimpse_bin, tmp_path):
    for given, closest in (("xx_YY", None), ("english", "en"), ("de_XX", "de"), ("japanese", "ja")):
        result = run_glimpse(glimpse_bin, "--locale", given, "--out", tmp_path / "out")
        assert result.returncode == 2, result.stderr
        said = f"The value '{given}' is invalid for '--locale <locale>': not a locale ICU knows; the closest are "
        assert said in result.stderr, result.stderr
        if closest:
            assert f"the closest are {closest}, " in result.stderr, result.stderr
        assert not (tmp_path / "out").exists()


def test_a_locale_written_either_way_is_one_language(glimpse_bin, tmp_path):
    """`de-DE` is `de_DE` as Foundation writes it: given both, the gallery has one German variant,
    at `.de_DE` URLs; an unknown one among known ones still exits 2."""
    result = run_glimpse(glimpse_bin, *NOW, "--locale", "en_US", "--locale", "de-DE", "--locale", "de_DE",
                         "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    widgets = json.loads((tmp_path / "out/manifest.json").read_text())["widgets"]
    assert {w["locale"] for w in widgets} == {"en_US", "de_DE"}
    assert all(w["page"].endswith(".de_DE.html") for w in widgets if w["locale"] == "de_DE")
    wrong = run_glimpse(glimpse_bin, "--locale", "de_DE", "--locale", "xx_YY", "--out", tmp_path / "wrong")
    assert wrong.returncode == 2 and "'xx_YY' is invalid for '--locale <locale>': not a locale ICU knows" in wrong.stderr
    assert not (tmp_path / "wrong").exists()


def test_a_pseudolanguage_changes_the_copy_and_no_store_text(glimpse_bin, tmp_path, manifest):
    wrong = run_glimpse(glimpse_bin, "--pseudo", "klingon", "--out", tmp_path / "out")
    assert wrong.returncode == 2 and "--pseudo klingon: not a pseudolanguage; use one of double, accented" in wrong.stderr
    result = run_glimpse(glimpse_bin, *NOW, "--pseudo", "bounded", "--out", tmp_path / "bounded")
    assert result.returncode == 0, result.stderr
    bounded = json.loads((tmp_path / "bounded/manifest.json").read_text())
    assert bounded["pseudo"] == "bounded" and "pseudo" not in manifest
    plain = {(w["page"], i): f["texts"] for w in manifest["widgets"] for i, f in enumerate(w["frames"])}
    wrapped = kept = 0
    for widget in bounded["widgets"]:
        for index, frame in enumerate(widget["frames"]):
            for text in frame["texts"]:
                # A copy string is wrapped; a store string (a title, an amount) is as the English build has it.
                wrapped += text.startswith("[# ") and text.endswith(" #]")
                kept += text in plain.get((widget["page"], index), [])
    assert wrapped > 100 and kept > 100, (wrapped, kept)
    assert not any(text.startswith("[# ") for texts in plain.values() for text in texts)

