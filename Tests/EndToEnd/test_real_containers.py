"""The real apps' containers (issue 44): a Simulator's Shared/AppGroup folder holding every app's,
each in a <UUID>/ folder named by its metadata plist, as `glimpse build --store` meets it; and the
sample stores, each in its app's real group, as scripts/generate-scenarios.py writes them."""
import json
import pathlib
import shutil
import sqlite3
import subprocess
import sys
import tempfile

from conftest import REPO, NOW, run_glimpse
from stores import simulator

EMPTY_STATES = {"notSetUp", "noEntries", "noHabits", "empty", "unreadable", "noGoal", "noHistory"}


def registered(glimpse_bin):
    """Each app's id and real group, from the registry."""
    listed = subprocess.run([str(glimpse_bin), "registry", "--list"], capture_output=True, text=True, check=True)
    return dict((line.split("\t")[0], line.split("\t")[3]) for line in listed.stdout.splitlines())


def with_data(manifest, app):
    """An app's first sample scenario whose store alone gives data: every widget's first frame in a
    data state, no diagnostics, and no events, prices or clock of the scenario's own."""
    for scenario in sorted(p for p in (REPO / "content/scenarios" / app).iterdir() if p.is_dir()):
        settings = (scenario / "scenario.yaml").read_text()
        if "events:" in settings or (scenario / "prices.yaml").exists() or "now: 2026-11-22T09:00:00-05:00" not in settings:
            continue
        widgets = [w for w in manifest["widgets"] if w["app"] == app and w["scenario"] == scenario.name]
        if widgets and all(w["frames"][0]["state"] not in EMPTY_STATES and not w["diagnostics"] for w in widgets):
            return scenario, widgets
    raise AssertionError(f"no sample scenario of {app} shows data from its store alone")


def test_a_simulator_app_group_renders_every_app_from_its_data(glimpse_bin, manifest, tmp_path):
    apps = registered(glimpse_bin)
    chosen = {app: with_data(manifest, app) for app in apps}
    app_group = tmp_path / "data/Containers/Shared/AppGroup"
    containers = [p for scenario, _ in chosen.values() for p in scenario.iterdir() if p.name.startswith("group.")]
    assert sorted(p.name for p in containers) == sorted(apps.values())
    simulator.write_app_group(app_group, containers)
    # Another app's group, as every Simulator has: found, and read by no widget.
    simulator.write_container(app_group, "group.com.apple.notes")
    assert all(not p.name.startswith("group.") for p in app_group.iterdir())
    built = run_glimpse(glimpse_bin, "--store", app_group, "--out", tmp_path / "public", *NOW, "--strict")
    assert built.returncode == 0, built.stderr
    assert "no container" not in built.stderr and "unreadable" not in built.stderr, built.stderr
    from_simulator = json.loads((tmp_path / "public/manifest.json").read_text())["widgets"]
    assert {w["app"] for w in from_simulator} == set(apps)
    for widget in from_simulator:
        assert widget["diagnostics"] == [], (widget["page"], widget["diagnostics"])
        assert widget["frames"][0]["state"] not in EMPTY_STATES, widget["page"]
        # The same day as the sample scenario's: the store is all the scenario gave.
        sample = next(w for w in chosen[widget["app"]][1] if w["family"] == widget["family"])
        assert widget["frames"][0]["texts"] == sample["frames"][0]["texts"], widget["page"]


def test_every_sample_store_is_in_its_apps_real_group(glimpse_bin, manifest):
    for app, group in registered(glimpse_bin).items():
        for scenario in sorted((REPO / "content/scenarios" / app).iterdir()):
            if scenario.is_dir():
                assert {p.name for p in scenario.iterdir() if p.name.startswith("group.")} <= {group}, scenario
    assert not any("Glimpse's earlier" in d["message"] for w in manifest["widgets"] for d in w["diagnostics"])


def contents(path):
    """What a store file holds: a SQLite database's schema and rows (read from a copy, as opening one
    replays and removes its WAL), any other file's bytes."""
    if path.name.endswith(("-wal", "-shm")):
        return None
    if path.read_bytes()[:16] != b"SQLite format 3\x00" or path.stat().st_size < 4096:
        return path.read_bytes()
    with tempfile.TemporaryDirectory() as folder:
        copy = pathlib.Path(folder) / "store"
        for suffix in ("", "-wal"):
            if pathlib.Path(str(path) + suffix).exists():
                shutil.copyfile(str(path) + suffix, str(copy) + suffix)
        db = sqlite3.connect(copy)
        dump = list(db.iterdump())
        db.close()
    return dump


def test_the_sample_stores_are_what_the_script_writes(tmp_path):
    out = tmp_path / "scenarios"
    shutil.copytree(REPO / "content/scenarios", out, ignore=shutil.ignore_patterns("group.*"))
    subprocess.run([sys.executable, REPO / "scripts/generate-scenarios.py", "--out", out], check=True)
    committed = sorted(p.relative_to(REPO / "content/scenarios") for p in (REPO / "content/scenarios").rglob("*")
                       if p.is_file() and "group." in str(p))
    written = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file() and "group." in str(p))
    assert committed == written
    for path in committed:
        assert contents(REPO / "content/scenarios" / path) == contents(out / path), path
