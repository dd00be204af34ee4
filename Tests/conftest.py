"""Shared fixtures: the gallery `make test` built, and the glimpse binary."""
import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def glimpse_bin():
    path = pathlib.Path(os.environ.get("GLIMPSE_BIN", REPO / ".build/debug/glimpse"))
    if not path.exists():
        pytest.fail(f"{path} is missing: run `swift build` (make test does)")
    return path


@pytest.fixture(scope="session")
def gallery(glimpse_bin, tmp_path_factory):
    """The built sample gallery: GLIMPSE_GALLERY, or a fresh build with the test clock."""
    if "GLIMPSE_GALLERY" in os.environ:
        return pathlib.Path(os.environ["GLIMPSE_GALLERY"])
    out = tmp_path_factory.mktemp("gallery") / "public"
    subprocess.run([str(glimpse_bin), "build", "--now", "2026-11-22T09:00:00-05:00",
                    "--time-zone", "America/New_York", "--out", str(out), "--quiet"], cwd=REPO, check=True)
    return out


@pytest.fixture(scope="session")
def manifest(gallery):
    return json.loads((gallery / "manifest.json").read_text())


def run_glimpse(glimpse_bin, *args, cwd=REPO):
    """Runs `glimpse build ARGS`; returns the completed process with text output."""
    return subprocess.run([str(glimpse_bin), "build", *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=120)
