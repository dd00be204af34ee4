"""A FIFO, a socket or a folder where a store file should be: the build never waits on it. The
widget shows its fallback with a diagnostic naming the file and what it is; every other widget
renders. Each case runs under a 60 s timeout and a 1 GB address-space limit (issue 20, item 1)."""
import json
import os
import resource
import shutil
import socket
import subprocess
import time

import pytest

from conftest import REPO, app_ids, containers, sample_scenarios

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
METADATA = ".com.apple.mobile_container_manager.metadata.plist"


def first_store_file(app):
    """The first scenario of `app` with a container holding a file, and that file, relative."""
    for scenario in sample_scenarios()[app]:
        for container in containers(scenario):
            files = sorted(p for p in container.rglob("*") if p.is_file() and p.name != METADATA)
            if files:
                return scenario, files[0].relative_to(scenario)
    pytest.skip(f"{app} has no sample store file")


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def build(glimpse_bin, store, out):
    started = time.monotonic()
    result = subprocess.run([str(glimpse_bin), "build", *NOW, "--store", str(store), "--out", str(out)], cwd=REPO,
                            capture_output=True, text=True, timeout=60, preexec_fn=limited)
    return result, time.monotonic() - started


def make(kind, path):
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        listener = socket.socket(socket.AF_UNIX)
        # A socket's path may be at most 108 bytes: bind by name, from its folder.
        here = os.getcwd()
        os.chdir(path.parent)
        try:
            listener.bind(path.name)
        finally:
            os.chdir(here)
        return listener
    else:
        path.mkdir()
    return None


@pytest.mark.parametrize("kind,said", [("fifo", "FIFO"), ("socket", "socket"), ("folder", "folder")])
@pytest.mark.parametrize("app", app_ids())
def test_a_special_file_in_a_store_is_refused_at_once(glimpse_bin, tmp_path, app, kind, said):
    scenario, relative = first_store_file(app)
    store = tmp_path / "store"
    shutil.copytree(scenario, store)
    listener = make(kind, store / relative)
    try:
        result, seconds = build(glimpse_bin, store, tmp_path / "public")
    finally:
        if listener:
            listener.close()
    assert result.returncode == 0, result.stderr
    line = next((line for line in result.stderr.splitlines() if str(relative) in line and f"[{app}]" in line), "")
    assert said in line, result.stderr
    manifest = json.loads((tmp_path / "public/manifest.json").read_text())
    assert {w["app"] for w in manifest["widgets"]} == set(app_ids()), "every app still renders"
    assert all(w["frames"] for w in manifest["widgets"])
    print(f"{app} {kind}: refused in {seconds:.2f} s")


def test_a_fifo_as_a_containers_metadata_plist_is_not_waited_on(glimpse_bin, tmp_path):
    scenario, relative = first_store_file(app_ids()[0])
    store = tmp_path / "store"
    shutil.copytree(scenario, store)
    container = store / relative.parts[0]
    metadata = container / METADATA
    if metadata.exists():
        metadata.unlink()
    os.mkfifo(metadata)
    result, _ = build(glimpse_bin, store, tmp_path / "public")
    assert result.returncode == 0, result.stderr
    # Without readable metadata the container is known by its folder's name, as before.
    assert (tmp_path / "public/manifest.json").is_file()


def test_a_fifo_as_a_sqlite_write_ahead_log_is_refused(glimpse_bin, tmp_path):
    stores = [(scenario, path) for app in app_ids() for scenario in sample_scenarios()[app] for container in containers(scenario)
              for path in container.rglob("*") if path.is_file() and path.suffix in (".store", ".sqlite")]
    if not stores:
        pytest.skip("no sample SQLite store")
    scenario, path = stores[0]
    store = tmp_path / "store"
    shutil.copytree(scenario, store)
    wal = store / path.relative_to(scenario)
    wal = wal.with_name(wal.name + "-wal")
    if wal.exists():
        wal.unlink()
    os.mkfifo(wal)
    result, _ = build(glimpse_bin, store, tmp_path / "public")
    assert result.returncode == 0, result.stderr
    assert any(wal.name in line and "FIFO" in line for line in result.stderr.splitlines()), result.stderr


def test_an_escape_in_a_store_path_is_shown_not_obeyed(glimpse_bin, tmp_path):
    """Diagnostics name store files; a name holding an ANSI escape must not rewrite the terminal."""
    scenario, _ = first_store_file(app_ids()[0])
    store = tmp_path / "esc\x1b[2J\x1b]0;owned\x07store"
    shutil.copytree(scenario, store)
    result, _ = build(glimpse_bin, store, tmp_path / "public")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "esc\\u{1B}[2J\\u{1B}]0;owned\\u{7}store" in result.stderr
