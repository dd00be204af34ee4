"""The manifest is a contract for QA tools: it must validate against its published schema."""
import json

import jsonschema


def test_manifest_validates_against_its_schema(gallery, manifest):
    schema = json.loads((gallery / "manifest.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(manifest), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])


def test_the_schema_rejects_a_broken_manifest(gallery, manifest):
    schema = json.loads((gallery / "manifest.schema.json").read_text())
    broken = json.loads(json.dumps(manifest))
    broken["widgets"][0]["frames"][0]["hash"] = "not-a-hash"
    del broken["widgets"][0]["reloads"]
    assert len(list(jsonschema.Draft202012Validator(schema).iter_errors(broken))) == 2


def test_every_widget_page_and_frame_anchor_exists(gallery, manifest):
    assert manifest["widgets"], "the sample gallery lists widgets"
    for widget in manifest["widgets"]:
        page = gallery / widget["page"]
        assert page.is_file(), widget["page"]
        html = page.read_text()
        for frame in widget["frames"]:
            assert f'id="{frame["anchor"]}"' in html, (widget["page"], frame["anchor"])
        for state in {frame["state"] for frame in widget["frames"]}:
            assert f'id="state-{state}"' in html, (widget["page"], state)


def test_frames_tile_the_window_and_reloads_respect_the_budget(manifest):
    for widget in manifest["widgets"]:
        frames = widget["frames"]
        assert frames[0]["start"] == widget["now"]
        assert all(a["end"] == b["start"] for a, b in zip(frames, frames[1:]))
        budgeted = [r for r in widget["reloads"] if r["budgeted"] and not r["refused"]]
        assert len(budgeted) <= 72
        assert all(0 <= f["reload"] < len(widget["reloads"]) for f in frames)
