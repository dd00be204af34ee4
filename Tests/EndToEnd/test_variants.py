"""Screen classes and text sizes end to end: a gallery of several variants, `glimpse diff` keying its
widgets by class and size, reading a gallery of the previous schema version, and `snapshot` naming
its images by them."""
import json
import subprocess

import jsonschema
import pytest

from diff_support import build, copy_content, glimpse

# Its tests share module-scoped fixtures: under pytest-xdist (--dist loadgroup) one worker runs them all.
pytestmark = pytest.mark.xdist_group("variants")

VARIANTS = ["--device", "393x852", "--device", "320x568", "--text-size", "Large", "--text-size", "AX1"]


@pytest.fixture(scope="module")
def app(default_gallery):
    """The app with Lock Screen accessories (which 320×568 lacks) and the fewest widgets."""
    widgets = json.loads((default_gallery / "manifest.json").read_text())["widgets"]
    with_accessories = {w["app"] for w in widgets if w["family"] == "accessoryCircular"}
    return min(with_accessories, key=lambda app: sum(w["app"] == app for w in widgets))


@pytest.fixture(scope="module")
def work_folder(tmp_path_factory):
    return copy_content(tmp_path_factory.mktemp("variants"))


@pytest.fixture(scope="module")
def work(glimpse_bin, work_folder, app):
    build(glimpse_bin, work_folder, "base", "--app", app, *VARIANTS)
    return work_folder


def test_every_variant_has_its_page_and_entry_and_the_manifest_meets_its_schema(work):
    manifest = json.loads((work / "base/manifest.json").read_text())
    schema = json.loads((work / "base/manifest.schema.json").read_text())
    jsonschema.validate(manifest, schema)
    assert manifest["schemaVersion"] == 6
    # Each widget names the templates it was drawn through, each of which the manifest has a digest of.
    assert all(widget["templates"] and set(widget["templates"]) <= set(manifest["templates"]) for widget in manifest["widgets"])
    variants = {(w["device"], w["textSize"]) for w in manifest["widgets"]}
    assert variants == {("393x852", "Large"), ("393x852", "AX1"), ("320x568", "Large"), ("320x568", "AX1")}
    for widget in manifest["widgets"]:
        assert (work / "base" / widget["page"]).is_file()
        suffix = ("" if widget["device"] == "393x852" else "." + widget["device"]) + ("" if widget["textSize"] == "Large" else ".ax1")
        assert widget["page"].endswith(f"/{widget['family']}{suffix}.html")
    # 320×568 has no accessories; the others exist at both sizes.
    assert not [w for w in manifest["widgets"] if w["device"] == "320x568" and w["family"].startswith("accessory")]


def test_diff_keys_widgets_by_class_and_size(glimpse_bin, work, app):
    # One text size fewer in the new gallery: exactly its widgets are removed.
    build(glimpse_bin, work, "large-only", "--app", app, "--device", "393x852", "--device", "320x568")
    result = glimpse(glimpse_bin, work, "diff", "base", "large-only", "--out", "review", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "review/diff.json").read_text())
    removed = {w["key"] for w in report["widgets"] if w["status"] == "removed"}
    manifest = json.loads((work / "base/manifest.json").read_text())
    expected = {f"{w['app']}/{w['scenario']}/{w['family']}" + ("" if w["device"] == "393x852" else f"@{w['device']}") + "@AX1"
                for w in manifest["widgets"] if w["textSize"] == "AX1"}
    assert removed == expected
    assert not [w for w in report["widgets"] if w["status"] in ("added", "changed")]
    assert all(w.get("textSize") == "AX1" for w in report["widgets"] if w["status"] == "removed")


def test_a_language_is_a_variant_and_diff_keys_on_it(glimpse_bin, work, app):
    """`--locale` and `--pseudo` are repeatable: a German and a doubled variant beside US English,
    each with its pages and entries; against the English gallery alone, exactly those are added."""
    build(glimpse_bin, work, "languages", "--app", app, "--locale", "en_US", "--locale", "de_DE", "--pseudo", "double")
    manifest = json.loads((work / "languages/manifest.json").read_text())
    jsonschema.validate(manifest, json.loads((work / "languages/manifest.schema.json").read_text()))
    languages = {(w["locale"], w.get("pseudo")) for w in manifest["widgets"]}
    assert languages == {("en_US", None), ("de_DE", None), ("en_US", "double")}
    for widget in manifest["widgets"]:
        suffix = {"de_DE": ".de_DE"}.get(widget["locale"], "") + (".pseudo-double" if widget.get("pseudo") else "")
        assert widget["page"].endswith(f"/{widget['family']}{suffix}.html") and (work / "languages" / widget["page"]).is_file()
    build(glimpse_bin, work, "english", "--app", app)
    result = glimpse(glimpse_bin, work, "diff", "english", "languages", "--out", "review-languages", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "review-languages/diff.json").read_text())
    added = {w["key"] for w in report["widgets"] if w["status"] == "added"}
    expected = {f"{w['app']}/{w['scenario']}/{w['family']}" + ("@de_DE" if w["locale"] == "de_DE" else "@pseudo-double")
                for w in manifest["widgets"] if w["locale"] == "de_DE" or w.get("pseudo")}
    assert added == expected
    assert not [w for w in report["widgets"] if w["status"] in ("removed", "changed")]


def test_diff_reads_a_gallery_of_the_previous_schema_version(glimpse_bin, work, app):
    build(glimpse_bin, work, "plain", "--app", app)
    # The same gallery, its manifest as version 2 wrote it: no device, text size or tint.
    old = work / "plain-v2"
    subprocess.run(["cp", "-r", str(work / "plain"), str(old)], check=True)
    manifest = json.loads((old / "manifest.json").read_text())
    manifest["schemaVersion"] = 2
    manifest.pop("tint")
    for widget in manifest["widgets"]:
        for key in ("device", "textSize", "cappedAt"):
            widget.pop(key, None)
    (old / "manifest.json").write_text(json.dumps(manifest, indent=2))
    result = glimpse(glimpse_bin, work, "diff", "plain-v2", "plain", "--out", "review-v2")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "review-v2/diff.json").read_text())
    assert {w["status"] for w in report["widgets"]} == {"unchanged"}
    assert report["settings"] == []


def test_snapshot_names_carry_the_class_and_the_size(glimpse_bin, work):
    result = glimpse(glimpse_bin, work, "snapshot", "base", "--out", "shots")
    assert result.returncode == 0, result.stderr
    index = json.loads((work / "shots/index.json").read_text())
    shots = index["shots"] if isinstance(index, dict) else index
    folders = {s["path"].rsplit("/", 1)[0] for s in shots}
    families = {f.split("/")[2] for f in folders}
    assert "systemSmall" in families and "systemSmall@AX1" in families
    assert "systemSmall@320x568" in families and "systemSmall@320x568@AX1" in families
    assert len({s["path"] for s in shots}) == len(shots), "two images share a name"
    assert {(s["device"], s["textSize"]) for s in shots} == {("393x852", "Large"), ("393x852", "AX1"), ("320x568", "Large"), ("320x568", "AX1")}
