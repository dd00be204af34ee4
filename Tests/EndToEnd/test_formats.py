"""The formats other tools read (Sources/GlimpseFormat/Schemas/): each schema is valid JSON Schema
(draft 2020-12), what glimpse writes meets it, and it refuses what glimpse never writes."""
import json
import pathlib
import subprocess

import jsonschema
import pytest

from conftest import REPO

SCHEMAS = REPO / "Sources/GlimpseFormat/Schemas"


def schema(name):
    return json.loads((SCHEMAS / name).read_text())


def errors(document, name):
    return list(jsonschema.Draft202012Validator(schema(name)).iter_errors(document))


@pytest.mark.parametrize("name", sorted(p.name for p in SCHEMAS.glob("*.schema.json")))
def test_every_schema_is_valid_json_schema(name):
    jsonschema.Draft202012Validator.check_schema(schema(name))


def test_a_gallery_manifest_meets_the_formats_schema_and_ships_it_with_its_apps(gallery, manifest):
    assert not errors(manifest, "manifest.schema.json")
    shipped = json.loads((gallery / "manifest.schema.json").read_text())
    apps = shipped["$defs"]["widget"]["properties"]["app"]["enum"]
    assert sorted(apps) == sorted({w["app"] for w in manifest["widgets"]})
    # Only the app property is narrowed: everything else is the format's schema, byte for byte.
    ours = (SCHEMAS / "manifest.schema.json").read_text().splitlines()
    theirs = (gallery / "manifest.schema.json").read_text().splitlines()
    assert [a for a, b in zip(ours, theirs) if a != b] == [next(l for l in ours if '"app": { "type": "string", "pattern"' in l)]


def test_the_manifest_schema_refuses_what_glimpse_never_writes(manifest):
    unknown = json.loads(json.dumps(manifest))
    unknown["widgets"][0]["frames"][0]["colour"] = "red"
    assert errors(unknown, "manifest.schema.json")
    future = dict(manifest, schemaVersion=manifest["schemaVersion"] + 1)
    assert errors(future, "manifest.schema.json")
    unformatted = {k: v for k, v in manifest.items() if k != "formats"}
    assert errors(unformatted, "manifest.schema.json")


def test_a_diff_of_a_gallery_with_itself_meets_the_diff_schema(glimpse_bin, gallery, tmp_path):
    review = tmp_path / "review"
    done = subprocess.run([str(glimpse_bin), "diff", str(gallery), str(gallery), "--out", str(review), "--quiet"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads((review / "diff.json").read_text())
    assert report["summary"]["unchanged"] == len(json.loads((gallery / "manifest.json").read_text())["widgets"])
    assert not errors(report, "diff.schema.json")
    # The review ships the format's schema as it is.
    assert json.loads((review / "diff.schema.json").read_text()) == schema("diff.schema.json")
    report["widgets"][0]["status"] = "moved"
    assert errors(report, "diff.schema.json")


def test_the_accepted_schema_takes_an_accept_file_and_refuses_an_entry_without_a_reason():
    entry = {"rule": "truncated", "widget": "*/*/systemSmall*", "text": "Practise the piano",
             "reason": "Titles are user data; truncation at Small is the design"}
    by_source = {"rule": "truncated", "widget": "habits/*", "source": "store:habits[].title",
                 "reason": "Titles are user data; a row ends in an ellipsis"}
    assert not errors({"schemaVersion": 2, "accepted": [entry, by_source]}, "accepted.schema.json")
    for broken in ({k: v for k, v in entry.items() if k != "reason"}, dict(entry, reason=" "), dict(entry, rule="cut"),
                   dict(entry, note="x"), dict(entry, source="store:habits[].title"),
                   {k: v for k, v in entry.items() if k != "text"}, dict(by_source, source="habits")):
        assert errors({"schemaVersion": 2, "accepted": [broken]}, "accepted.schema.json"), broken


def test_the_findings_schema_takes_a_finding_and_refuses_an_unknown_rule_or_scheme():
    finding = {"rule": "contrast", "severity": "error",
               "widget": {"key": "a/s/systemSmall", "app": "a", "scenario": "s", "family": "systemSmall"},
               "page": "a/s/systemSmall.html", "frame": "t-0900", "scheme": "tinted",
               "element": {"text": "41", "box": {"x": 16, "y": 16, "width": 40, "height": 20}},
               "message": "“41” is 2.01:1 against its background in tinted; AA needs 3:1 for text this large",
               "measured": {"ratio": 2.01, "required": 3, "foreground": "#5AC8FA", "background": "#FFFFFF"}}
    finding["problem"] = "p-0123456789ab"
    problem = {"id": "p-0123456789ab", "rule": "contrast", "severity": "error", "app": "a", "family": "systemSmall",
               "element": {"text": "41"}, "message": finding["message"], "findings": 1, "accepted": 0, "frames": 1,
               "widgets": 1, "extent": "1 frame; tinted", "schemes": ["tinted"], "textSizes": ["Large"],
               "devices": ["393x852"], "languages": [], "scenarios": ["s"],
               "grid": [{"textSize": "Large", "device": "393x852", "findings": 1}],
               "representative": {"widget": "a/s/systemSmall", "page": "a/s/systemSmall.html", "frame": "t-0900",
                                  "scheme": "tinted", "box": finding["element"]["box"]}}
    document = {"schemaVersion": 2, "gallery": {"path": "public", "generator": "glimpse", "now": "2026-11-22T09:00:00-05:00",
                                                "widgets": 1},
                "rules": ["contrast"], "summary": {"findings": 1, "errors": 1, "warnings": 0, "accepted": 0,
                                                   "problems": 1, "errorProblems": 1, "unacceptedErrorProblems": 1,
                                                   "rules": [{"rule": "contrast", "findings": 1}]},
                "problems": [problem], "findings": [finding]}
    assert not errors(document, "findings.schema.json")
    for broken in (dict(finding, rule="ugly"), dict(finding, scheme="sepia"),
                   dict(finding, measured={"foreground": "blue"}), dict(finding, problem="p1")):
        assert errors(dict(document, findings=[broken]), "findings.schema.json"), broken
    assert errors(dict(document, problems=[dict(problem, findings=0)]), "findings.schema.json")
