"""A user's store is anyone's, its prices.yaml too: a broken or hostile one (a billion laughs,
60 MiB of flat keys, a price that is not a number) is left out with a warning naming it, and the
store builds (exit 0), every app rendered. The same file in a sample scenario is Glimpse's own
content, and fails the build. 60 s timeout, 1 GB address space, under 512 MB resident."""
import json
import shutil

import pytest

from conftest import REPO, app_ids
from hostile_support import build

LAUGHS = "a: &a [" + ",".join(['"lol"'] * 9) + "]\n" + "".join(
    f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]\n" for previous, name in zip("abcdefgh", "bcdefghi"))
BROKEN = "prices:\n  bitcoin:\n    - { at: PT0S, price: lots }\n"


def write(kind, path):
    if kind == "laughs":
        path.write_text(LAUGHS)
    elif kind == "broken":
        path.write_text(BROKEN)
    else:
        with path.open("w") as out:
            for i in range(60 * 1024 * 1024 // 24):
                out.write(f"key{i:012}: value{i:03}\n"[:24])


@pytest.mark.parametrize("kind,said", [("laughs", "aliases expand past"), ("flat", "larger than"),
                                       ("broken", "prices.bitcoin[0].price: expected a number")])
def test_a_stores_prices_yaml_that_cannot_be_used_is_left_out(glimpse_bin, tmp_path, kind, said):
    store = tmp_path / "store"
    shutil.copytree(REPO / "content/scenarios/bitpal/outage", store)
    write(kind, store / "prices.yaml")
    built = build(glimpse_bin, "--store", store, "--out", tmp_path / "public")
    assert built.returncode == 0, built.stderr
    line = next((line for line in built.stderr.splitlines() if "prices.yaml" in line), "")
    assert line.startswith("warning: [bitpal]") and said in line and line.endswith("built without it"), built.stderr
    manifest = json.loads((tmp_path / "public/manifest.json").read_text())
    assert {w["app"] for w in manifest["widgets"]} == set(app_ids()) and all(w["frames"] for w in manifest["widgets"])
    bitpal = [w for w in manifest["widgets"] if w["app"] == "bitpal"]
    assert all(any(d["file"] == "prices.yaml" and said in d["message"] for d in w["diagnostics"]) for w in bitpal)
    built.report(f"{kind} prices.yaml in a store")


def test_a_broken_prices_yaml_in_a_sample_scenario_fails_the_build(glimpse_bin, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    (content / "scenarios/bitpal/outage/prices.yaml").write_text(LAUGHS)
    built = build(glimpse_bin, "--content", content, "--out", tmp_path / "public")
    assert built.returncode == 1
    assert "content/scenarios/bitpal/outage/prices.yaml" in built.stderr and "aliases expand past" in built.stderr, built.stderr
    built.report("laughs prices.yaml in content/")
