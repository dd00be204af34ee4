"""SIGKILL at random points of `glimpse build`: the previous gallery stays whole, and the next
build clears what the killed ones left behind."""
import hashlib
import json
import os
import pathlib
import random
import signal
import subprocess
import time

import pytest

from conftest import REPO, app_ids

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
RUNS = 20


def digest(folder):
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def complete(folder):
    """The manifest parses, and every page it names, every app page and the index are there."""
    manifest = json.loads((folder / "manifest.json").read_text())
    pages = {w["page"] for w in manifest["widgets"]} | {f"{w['app']}/index.html" for w in manifest["widgets"]} | {"index.html"}
    return [page for page in sorted(pages) if not (folder / page).is_file()]


def build(glimpse_bin, out, *extra):
    return subprocess.Popen([str(glimpse_bin), "build", *NOW, "--out", str(out), "--quiet", *extra], cwd=REPO,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.long_running(50)
def test_a_killed_build_leaves_the_previous_gallery_whole_20_of_20(glimpse_bin, tmp_path):
    out = tmp_path / "public"
    two_apps = [arg for app in app_ids()[:2] for arg in ("--app", app)]
    # A first gallery of one app, so that the builds of two below all change it. Two apps are
    # enough: what a kill can break is the swap, which is the same for any number of pages.
    first = build(glimpse_bin, out, "--app", app_ids()[0])
    assert first.wait(timeout=300) == 0
    before = digest(out)
    assert not complete(out) and len(before) > 20

    # How long a build of two apps takes here, so kills land all through one.
    started = time.monotonic()
    timing = build(glimpse_bin, tmp_path / "timing", *two_apps)
    assert timing.wait(timeout=300) == 0
    duration = time.monotonic() - started

    rng = random.Random(20261123)
    outcomes = []
    for run in range(RUNS):
        process = build(glimpse_bin, out, *two_apps)
        time.sleep(rng.uniform(0, duration * 1.1))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        now = digest(out)
        missing = complete(out)
        assert not missing, f"run {run}: {out} lacks {missing[:5]}"
        if now == before:
            outcomes.append("previous")
        else:
            # Killed after the swap: the new gallery is in, whole.
            outcomes.append("new")
            before = now
    assert len(outcomes) == RUNS
    assert "previous" in outcomes, "no kill landed before the swap: the test did not test"
    print(f"outcomes: {outcomes.count('previous')} previous, {outcomes.count('new')} new")

    final = build(glimpse_bin, out, *two_apps)
    assert final.wait(timeout=300) == 0
    assert not complete(out)
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".public.glimpse-")]
    assert not leftovers, leftovers


def test_a_build_without_a_temporary_folder_holds_its_manifest_as_before(glimpse_bin, default_gallery, tmp_path):
    """The manifest's entries wait in a temporary file (so a full-axis gallery's memory stays
    flat); with no temporary folder to be had, the build holds them, and writes the same bytes."""
    out = tmp_path / "public"
    result = subprocess.run([str(glimpse_bin), "build", *NOW, "--out", str(out), "--quiet"], cwd=REPO,
                            capture_output=True, text=True, env={**os.environ, "TMPDIR": str(tmp_path / "nowhere")})
    assert result.returncode == 0, result.stderr
    assert (out / "manifest.json").read_bytes() == (default_gallery / "manifest.json").read_bytes()
    assert digest(out) == digest(default_gallery)
