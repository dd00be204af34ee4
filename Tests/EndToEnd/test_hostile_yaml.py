"""YAML that would take Glimpse down, refused at once: a billion-laughs document and a 60 MiB file
of flat keys, in a store's scenario.yaml and in Glimpse's own content/site.yaml, and a FIFO where
scenario.yaml should be (issue 20, item 2). A store's file is a warning, and the store builds with
default settings (exit 0); Glimpse's own content fails the build (exit 1). 60 s timeout, 1 GB."""
import json
import os
import resource
import shutil
import subprocess
import time

import pytest

from conftest import REPO, app_ids, sample_scenarios

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
LAUGHS = "title: Laughs\na: &a [" + ",".join(['"lol"'] * 9) + "]\n" + "".join(
    f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]\n" for previous, name in zip("abcdefgh", "bcdefghi"))


def run(glimpse_bin, *args, cwd=REPO):
    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    started = time.monotonic()
    result = subprocess.run([str(glimpse_bin), "build", *NOW, *map(str, args)], cwd=cwd, capture_output=True, text=True,
                            timeout=60, preexec_fn=limited)
    return result, time.monotonic() - started


def a_store(tmp_path):
    store = tmp_path / "store"
    shutil.copytree(sample_scenarios()[app_ids()[0]][0], store)
    return store


@pytest.mark.parametrize("name,text,said", [
    ("laughs", LAUGHS, "aliases expand past"),
    ("flat", None, "larger than"),
])
def test_a_hostile_scenario_yaml_in_a_store_is_refused_at_once(glimpse_bin, tmp_path, name, text, said):
    store = a_store(tmp_path)
    settings = store / "scenario.yaml"
    if text is None:
        with settings.open("w") as out:
            for i in range(60 * 1024 * 1024 // 24):
                out.write(f"key{i:012}: value{i:03}\n"[:24])
    else:
        settings.write_text(text)
    result, seconds = run(glimpse_bin, "--store", store, "--out", tmp_path / "public")
    assert result.returncode == 0, result.stderr
    warning = next(line for line in result.stderr.splitlines() if "scenario.yaml" in line)
    assert warning.startswith("warning:") and said in warning and "built with default settings" in warning
    manifest = json.loads((tmp_path / "public/manifest.json").read_text())
    assert {w["app"] for w in manifest["widgets"]} == set(app_ids()) and all(w["frames"] for w in manifest["widgets"])
    assert any(said in d["message"] for d in manifest["diagnostics"])
    assert seconds < 10
    print(f"{name}: refused in {seconds:.2f} s")


def test_a_billion_laughs_site_yaml_in_content_is_refused(glimpse_bin, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    (content / "site.yaml").write_text(LAUGHS.replace("title: Laughs\n", ""))
    result, seconds = run(glimpse_bin, "--content", content, "--out", tmp_path / "public")
    assert result.returncode == 1
    assert "content/site.yaml" in result.stderr and "aliases expand past" in result.stderr, result.stderr
    print(f"site.yaml laughs: refused in {seconds:.2f} s")


def test_a_fifo_as_scenario_yaml_is_not_waited_on(glimpse_bin, tmp_path):
    store = a_store(tmp_path)
    settings = store / "scenario.yaml"
    if settings.exists():
        settings.unlink()
    os.mkfifo(settings)
    result, _ = run(glimpse_bin, "--store", store, "--out", tmp_path / "public")
    assert result.returncode == 0 and "scenario.yaml" in result.stderr and "FIFO" in result.stderr, result.stderr
    assert (tmp_path / "public/manifest.json").is_file()
