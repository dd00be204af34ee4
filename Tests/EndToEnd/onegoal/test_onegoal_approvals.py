"""Decisions that stick: `glimpse approve` records approvals (and requests) by the exact change, a
file each in the decisions folder, and `glimpse diff --decisions` passes what was approved, fails
what was not or was sent back, and says which approvals decide nothing any more."""
import json

import jsonschema
import pytest
from junitparser import JUnitXml

from conftest import REPO
from diff_support import build, copy_content, glimpse

pytestmark = pytest.mark.xdist_group("onegoal-approvals")

STORE = "content/scenarios/onegoal/{}/group.com.mj.onegoal/widget-snapshot.json"
DECISIONS = "decisions/glimpse-decisions"


def retitle(work, scenario, title):
    path = work / STORE.format(scenario)
    store = json.loads(path.read_text())
    store["title"] = title
    path.write_text(json.dumps(store))


def diff(glimpse_bin, work, new, *args):
    return glimpse(glimpse_bin, work, "diff", "base", new, "--out", f"review-{new}", "--decisions", DECISIONS, *args)


def approve(glimpse_bin, work, new, *args):
    return glimpse(glimpse_bin, work, "approve", f"review-{new}", "--decisions", DECISIONS, "--by", "jane", *args)


def records(work):
    """Every decision of the folder, as its file says it."""
    return [json.loads(path.read_text()) for path in sorted((work / DECISIONS).glob("*.json"))]


def failing(work, new):
    xml = JUnitXml.fromfile(str(work / f"review-{new}/junit.xml"))
    return {f"{case.classname}/{case.name}" for suite in xml for case in suite if not case.is_passed}


def widgets(work, new, scenario):
    report = json.loads((work / f"review-{new}/diff.json").read_text())
    return {w["key"] for w in report["widgets"] if w["status"] != "unchanged" and w["scenario"] == scenario}


@pytest.fixture(scope="module")
def work(glimpse_bin, tmp_path_factory):
    """base/ and new/: in new, two known changes, the goal retitled in `in-progress` and in `kathmandu`."""
    work = copy_content(tmp_path_factory.mktemp("approvals"))
    build(glimpse_bin, work, "base", "--app", "onegoal")
    retitle(work, "in-progress", "Read 25 pages")
    retitle(work, "kathmandu", "Practise Nepali daily")
    build(glimpse_bin, work, "new", "--app", "onegoal")
    assert diff(glimpse_bin, work, "new").returncode == 1
    return work


def test_decisions_pass_what_was_approved_and_fail_anything_else(glimpse_bin, work):
    reading, nepali = widgets(work, "new", "in-progress"), widgets(work, "new", "kathmandu")
    assert reading and nepali and failing(work, "new") == reading | nepali

    approved = approve(glimpse_bin, work, "new", "--widget", "onegoal/in-progress/*", "--note", "25 pages, per the spec")
    assert approved.returncode == 0 and f"Approved {len(reading)} changes as jane" in approved.stderr, approved.stderr
    one = diff(glimpse_bin, work, "new")
    assert one.returncode == 1 and failing(work, "new") == nepali
    xml = (work / "review-new/junit.xml").read_text()
    assert "approved by jane at " in xml and "(25 pages, per the spec)" in xml

    assert approve(glimpse_bin, work, "new", "--widget", "onegoal/kathmandu/*").returncode == 0
    both = diff(glimpse_bin, work, "new")
    assert both.returncode == 0 and f"{len(reading | nepali)} approved, 0 with changes requested" in both.stderr

    # The same content built again is the same change: still approved.
    build(glimpse_bin, work, "again", "--app", "onegoal")
    assert diff(glimpse_bin, work, "again").returncode == 0

    # One widget's goal changed again: exactly its widgets fail, and their approvals decide nothing now.
    retitle(work, "kathmandu", "Practise Nepali twice a day")
    build(glimpse_bin, work, "later", "--app", "onegoal")
    later = diff(glimpse_bin, work, "later")
    assert later.returncode == 1 and failing(work, "later") == nepali
    assert f"{len(nepali)} stale approvals" in later.stderr
    pruned = approve(glimpse_bin, work, "later", "--prune")
    assert pruned.returncode == 0 and f"Pruned {len(nepali)} stale decisions" in pruned.stderr
    assert "0 stale approvals" in diff(glimpse_bin, work, "later").stderr


def test_changes_requested_fail_even_with_fail_on_never(glimpse_bin, work):
    build(glimpse_bin, work, "sent-back", "--app", "onegoal")
    assert diff(glimpse_bin, work, "sent-back", "--fail-on", "never").returncode == 0
    key = "onegoal/in-progress/systemSmall"
    sent = glimpse(glimpse_bin, work, "approve", "review-sent-back", "--decisions", DECISIONS, "--by", "max",
                   "--widget", key, "--request-changes", "--note", "The ring is too thin")
    assert sent.returncode == 0 and [r["by"] for r in records(work) if r["kind"] == "changes-requested"] == ["max"], sent.stderr
    result = diff(glimpse_bin, work, "sent-back", "--fail-on", "never")
    assert result.returncode == 1 and failing(work, "sent-back") == {key}
    case = next(c for s in JUnitXml.fromfile(str(work / "review-sent-back/junit.xml")) for c in s if c.name == "in-progress/systemSmall")
    assert case.result[0].type == "changes-requested" and "The ring is too thin" in case.result[0].message
    # Approving the same change replaces the request.
    assert approve(glimpse_bin, work, "sent-back", "--widget", key).returncode == 0
    assert diff(glimpse_bin, work, "sent-back", "--fail-on", "never").returncode == 0


def test_the_files_meet_their_schema_one_a_change_and_diff_json_names_the_decisions(glimpse_bin, work):
    assert approve(glimpse_bin, work, "new", "--all").returncode == 0
    schema = json.loads((REPO / "Sources/GlimpseFormat/Schemas/decision.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    decided = records(work)
    for record in decided:
        jsonschema.validate(record, schema)
    keys = [(r["key"], r["before"], r["after"]) for r in decided if "frame" not in r]
    assert len(set(keys)) == len(keys) and all(r["kind"] == "approved" for r in decided)
    for path in (work / DECISIONS).glob("*.json"):
        text = path.read_text()
        assert text.endswith("}\n") and text.count("\n") <= 14, text  # a field a line: a small hunk
        assert path.name.startswith(json.loads(text)["key"].replace("/", ".") + ".")
    assert diff(glimpse_bin, work, "new").returncode == 0
    report = json.loads((work / "review-new/diff.json").read_text())
    jsonschema.validate(report, json.loads((work / "review-new/diff.schema.json").read_text()))
    changed = [w for w in report["widgets"] if w["status"] != "unchanged"]
    assert changed and all(w["decision"]["kind"] == "approved" and w["decision"]["by"] == "jane" for w in changed)
    assert report["approvals"]["file"] == DECISIONS


def test_a_widget_that_names_no_change_is_a_clear_error(glimpse_bin, work):
    before = records(work)
    result = approve(glimpse_bin, work, "new", "--widget", "onegoal/nowhere/*")
    assert result.returncode == 2 and "onegoal/nowhere/*: no change of this diff" in result.stderr
    assert "ExitCode(" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert records(work) == before
    missing = approve(glimpse_bin, work, "nothing-here", "--all")
    assert missing.returncode == 2 and "review-nothing-here/diff.json" in missing.stderr


def test_the_summary_for_the_pull_request_is_gfm_that_shows_text_as_text(glimpse_bin, work):
    import cmarkgfm
    retitle(work, "in-progress", "Read <b>25</b> | pages *now*")
    build(glimpse_bin, work, "hostile", "--app", "onegoal")
    result = diff(glimpse_bin, work, "hostile", "--summary", "summary.md", "--base-url", "https://qa.example.com/pr/7/review")
    assert result.returncode == 1, result.stderr
    markdown = (work / "summary.md").read_text()
    assert len(markdown) < 65536 and markdown.startswith("## Glimpse: ")
    html = cmarkgfm.github_flavored_markdown_to_html(markdown)
    assert "<table>" in html and "<b>" not in html
    links = [line for line in html.splitlines() if "https://qa.example.com/pr/7/review/widgets/onegoal/in-progress/" in line]
    assert links, html
    for page in {w for w in widgets(work, "hostile", "in-progress")}:
        assert f"review/widgets/{page}.html" in html and (work / f"review-hostile/widgets/{page}.html").exists()
    assert "glimpse approve review-hostile --widget onegoal/in-progress/" in markdown


def test_pixels_draw_only_the_frames_that_changed(glimpse_bin, work):
    result = glimpse(glimpse_bin, work, "diff", "base", "new", "--out", "review-pixels", "--pixels", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    run = json.loads((work / "review-pixels/diff.json").read_text())["pixels"]
    manifest = json.loads((work / "new/manifest.json").read_text())
    # Each widget's frames of the day, its storyboard steps, and its redacted placeholder.
    frames = sum(len(w["frames"]) + len(w.get("storyboard") or []) + 1 for w in manifest["widgets"])
    assert 0 < run["framesCompared"] < run["framesSkipped"] and run["framesCompared"] + run["framesSkipped"] == frames
    assert f"{run['framesSkipped']} unchanged frames not drawn" in result.stderr


def test_approving_a_diff_without_changes_writes_nothing(glimpse_bin, work):
    assert glimpse(glimpse_bin, work, "diff", "base", "base", "--out", "review-same").returncode == 0
    result = glimpse(glimpse_bin, work, "approve", "review-same", "--all", "--decisions", "elsewhere/decisions")
    assert result.returncode == 0 and "Nothing to decide: the diff has no changes." in result.stderr
    assert not (work / "elsewhere").exists()
