"""A FIFO, a socket, a folder or a link to /dev/zero where a store file should be: the build never
waits on it or reads it. The widget shows its fallback with a diagnostic naming the file and what
it is; every other widget renders. Each case runs under a 60 s timeout and a 1 GB address-space
limit, and stays under 512 MB resident (issue 20, items 1 and 5)."""
import json
import os
import shutil
import socket

import pytest

from conftest import app_ids, containers, sample_scenarios
from hostile_support import build

METADATA = ".com.apple.mobile_container_manager.metadata.plist"


def first_store_file(app):
    """The first scenario of `app` with a container holding a file, and that file, relative."""
    for scenario in sample_scenarios()[app]:
        for container in containers(scenario):
            files = sorted(p for p in container.rglob("*") if p.is_file() and p.name != METADATA)
            if files:
                return scenario, files[0].relative_to(scenario)
    pytest.skip(f"{app} has no sample store file")


def build_store(glimpse_bin, store, tmp_path):
    return build(glimpse_bin, "--store", store, "--out", tmp_path / "public")


def expect_every_app_rendered(tmp_path):
    manifest = json.loads((tmp_path / "public/manifest.json").read_text())
    assert {w["app"] for w in manifest["widgets"]} == set(app_ids()), "every app still renders"
    assert all(w["frames"] for w in manifest["widgets"])
    return manifest


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
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    return None


def test_the_unmodified_store_is_the_baseline(glimpse_bin, tmp_path):
    """What the cases below cost beyond refusing their input: the same store, unmodified."""
    scenario, _ = first_store_file(app_ids()[0])
    built = build_store(glimpse_bin, scenario, tmp_path)
    assert built.returncode == 0, built.stderr
    expect_every_app_rendered(tmp_path)
    built.report("baseline: a sample store, unmodified")


@pytest.mark.parametrize("kind,said", [("fifo", "FIFO"), ("socket", "socket"), ("folder", "folder"),
                                       ("dev-zero", "outside its container")])
@pytest.mark.parametrize("app", app_ids())
def test_a_special_file_in_a_store_is_refused_at_once(glimpse_bin, tmp_path, app, kind, said):
    scenario, relative = first_store_file(app)
    store = tmp_path / "store"
    shutil.copytree(scenario, store)
    listener = make(kind, store / relative)
    try:
        built = build_store(glimpse_bin, store, tmp_path)
    finally:
        if listener:
            listener.close()
    assert built.returncode == 0, built.stderr
    line = next((line for line in built.stderr.splitlines() if str(relative) in line and f"[{app}]" in line), "")
    assert said in line, built.stderr
    expect_every_app_rendered(tmp_path)
    built.report(f"{kind} as {app}'s {relative.name}")


def test_a_fifo_as_a_containers_metadata_plist_is_not_waited_on(glimpse_bin, tmp_path):
    scenario, relative = first_store_file(app_ids()[0])
    store = tmp_path / "store"
    shutil.copytree(scenario, store)
    container = store / relative.parts[0]
    metadata = container / METADATA
    if metadata.exists():
        metadata.unlink()
    os.mkfifo(metadata)
    built = build_store(glimpse_bin, store, tmp_path)
    assert built.returncode == 0, built.stderr
    # The container is known by its folder's name, and every app's widgets say why.
    named = [line for line in built.stderr.splitlines() if f"{relative.parts[0]}/{METADATA}" in line]
    assert len(named) == len(app_ids()) and all("FIFO" in line for line in named), built.stderr
    manifest = expect_every_app_rendered(tmp_path)
    assert all(any(d["file"] == f"{relative.parts[0]}/{METADATA}" for d in w["diagnostics"]) for w in manifest["widgets"])
    built.report("fifo as a container's metadata plist")


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
    built = build_store(glimpse_bin, store, tmp_path)
    assert built.returncode == 0, built.stderr
    assert any(wal.name in line and "FIFO" in line for line in built.stderr.splitlines()), built.stderr
    expect_every_app_rendered(tmp_path)
    built.report("fifo as a SQLite -wal")


@pytest.mark.parametrize("where", ["the store folder", "a folder in the store"])
def test_an_escape_in_a_name_is_shown_not_obeyed(glimpse_bin, tmp_path, where):
    """Diagnostics name store files; a name holding an ANSI escape must not rewrite the terminal:
    the store's own folder, or a folder in it whose metadata plist is refused (a FIFO)."""
    scenario, _ = first_store_file(app_ids()[0])
    if where == "the store folder":
        store = tmp_path / "esc\x1b[2J\x1b]0;owned\x07store"
        shutil.copytree(scenario, store)
        shown = "esc\\u{1B}[2J\\u{1B}]0;owned\\u{7}store"
    else:
        store = tmp_path / "store"
        shutil.copytree(scenario, store)
        hostile = store / "esc\x1b[31mred\x1b[0m"
        hostile.mkdir()
        os.mkfifo(hostile / METADATA)
        shown = f"esc\\u{{1B}}[31mred\\u{{1B}}[0m/{METADATA}"
    built = build_store(glimpse_bin, store, tmp_path)
    assert built.returncode == 0, built.stderr
    assert "\x1b" not in built.stderr and "\x07" not in built.stderr
    assert shown in built.stderr, built.stderr
    expect_every_app_rendered(tmp_path)
    built.report(f"an ANSI escape in the name of {where}")
