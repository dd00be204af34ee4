"""YAML that would take Glimpse down, refused at once: a billion-laughs document and a 60 MiB file
of flat keys, in a store's scenario.yaml and in Glimpse's own content (a sample scenario's
scenario.yaml, content/site.yaml), and a FIFO where scenario.yaml should be (issue 20, item 2). A
store's file is a warning, and the store builds with default settings (exit 0); Glimpse's own
content fails the build (exit 1), naming the file. 60 s timeout, 1 GB address space, and under
512 MB resident."""
import json
import os
import shutil

import pytest

from conftest import REPO, app_ids, sample_scenarios
from hostile_support import build

LAUGHS = "title: Laughs\na: &a [" + ",".join(['"lol"'] * 9) + "]\n" + "".join(
    f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]\n" for previous, name in zip("abcdefgh", "bcdefghi"))
HOSTILE = [("laughs", "aliases expand past"), ("flat", "larger than")]


def write(kind, path):
    """A billion-laughs document, or 60 MiB of flat keys, at `path`."""
    if kind == "laughs":
        path.write_text(LAUGHS)
        return
    with path.open("w") as out:
        for i in range(60 * 1024 * 1024 // 24):
            out.write(f"key{i:012}: value{i:03}\n"[:24])


def a_store(tmp_path):
    store = tmp_path / "store"
    shutil.copytree(sample_scenarios()[app_ids()[0]][0], store)
    return store


def own_content(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    return content


@pytest.mark.parametrize("name,said", HOSTILE)
def test_a_hostile_scenario_yaml_in_a_store_is_refused_at_once(glimpse_bin, tmp_path, name, said):
    store = a_store(tmp_path)
    write(name, store / "scenario.yaml")
    built = build(glimpse_bin, "--store", store, "--out", tmp_path / "public")
    assert built.returncode == 0, built.stderr
    warning = next(line for line in built.stderr.splitlines() if "scenario.yaml" in line)
    assert warning.startswith("warning:") and said in warning and "built with default settings" in warning
    manifest = json.loads((tmp_path / "public/manifest.json").read_text())
    assert {w["app"] for w in manifest["widgets"]} == set(app_ids()) and all(w["frames"] for w in manifest["widgets"])
    assert any(said in d["message"] for d in manifest["diagnostics"])
    built.report(f"{name} scenario.yaml in a store")


@pytest.mark.parametrize("name,said", HOSTILE)
def test_a_hostile_scenario_yaml_in_content_fails_the_build(glimpse_bin, tmp_path, name, said):
    content = own_content(tmp_path)
    scenario = sample_scenarios()[app_ids()[0]][0]
    settings = content / scenario.relative_to(REPO / "content") / "scenario.yaml"
    write(name, settings)
    public = tmp_path / "public"
    built = build(glimpse_bin, "--content", content, "--out", public)
    assert built.returncode == 1, built.stderr
    assert f"content/{settings.relative_to(content)}" in built.stderr and said in built.stderr, built.stderr
    assert not public.exists(), "a failed build writes nothing"
    built.report(f"{name} scenario.yaml in content/")


@pytest.mark.parametrize("name,said", HOSTILE)
def test_a_hostile_site_yaml_in_content_fails_the_build(glimpse_bin, tmp_path, name, said):
    content = own_content(tmp_path)
    write(name, content / "site.yaml")
    built = build(glimpse_bin, "--content", content, "--out", tmp_path / "public")
    assert built.returncode == 1
    assert "content/site.yaml" in built.stderr and said in built.stderr, built.stderr
    built.report(f"{name} content/site.yaml")


def test_a_fifo_as_scenario_yaml_is_not_waited_on(glimpse_bin, tmp_path):
    store = a_store(tmp_path)
    settings = store / "scenario.yaml"
    if settings.exists():
        settings.unlink()
    os.mkfifo(settings)
    built = build(glimpse_bin, "--store", store, "--out", tmp_path / "public")
    assert built.returncode == 0 and "scenario.yaml" in built.stderr and "FIFO" in built.stderr, built.stderr
    assert (tmp_path / "public/manifest.json").is_file()
    built.report("fifo as a store's scenario.yaml")
