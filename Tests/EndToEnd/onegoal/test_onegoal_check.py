"""`glimpse check` on One Goal with seeded defects: each defect, seeded in a copy of the templates or
the copy, is found as new against the clean gallery's findings by exactly its rule and nothing else;
the clean gallery checks clean with the repository's accept file; baselines split new from
resolved; the outputs hold to their schema and to junitparser; `serve --check` shows a page its
findings again after each save."""
import json
import pathlib
import re
import tempfile

import cmarkgfm
import jsonschema
import pytest
from junitparser import JUnitXml

from conftest import REPO
from diff_support import build, copy_content, glimpse, same_tree, with_edit

pytestmark = [pytest.mark.xdist_group("onegoal-check"), pytest.mark.long_running(150)]

STYLE = "templates/onegoal/style.css"

# Each seeded defect: the rule that must find it, the file edited and how.
SEEDS = {
    "contrast": (STYLE, lambda css: css + "\n.widget.scheme-tinted .og-caption { color: #2B3A52 !important; }\n"),
    "small-text": (STYLE, lambda css: css + "\n.og-small .og-caption { font-size: 9px !important; }\n"),
    # A copy too long for a layout no longer cuts it (the layout gives way, as ViewThatFits does): a
    # status squeezed to one short line does.
    "truncated": (STYLE, lambda css: css + "\n.og-status { -webkit-line-clamp: 1 !important; line-clamp: 1 !important;"
                                       " max-width: 64px; }\n"),
    "blank": (STYLE, lambda css: css + "\n.widget.scheme-tinted.w-systemMedium .og > * { opacity: 0 !important; }\n"),
    "margin": (STYLE, lambda css: css + "\n.og-small { padding-left: 4px !important; }\n"),
    "clipped": (STYLE, lambda css: css + "\n.og-small .og-number { position: relative; left: 200px; }\n"),
    "voiceover": ("content/copy/onegoal/accessibility.md", lambda text: "{title}. {status}\n"),
    # Two lines pushed together: the caption drawn up into the big number.
    "overlap": (STYLE, lambda css: css + "\n.og-small .og-caption { margin-top: -14px !important; }\n"),
    # A 20 pt button in the corner of the small widget.
    "hit-target": ("templates/onegoal/systemSmall.mustache",
                   lambda html: html.replace('<div class="og og-small">', '<div class="og og-small"><span role="button" '
                                             'data-source="role:seeded-button" style="position:absolute;right:8px;'
                                             'bottom:8px;width:20px;height:20px"></span>', 1)),
}


@pytest.fixture(scope="module")
def work(glimpse_bin, tmp_path_factory):
    folder = copy_content(tmp_path_factory.mktemp("onegoal-check"))
    build(glimpse_bin, folder, "clean", "--app", "onegoal")
    result = glimpse(glimpse_bin, folder, "check", "clean", "--out", "clean-check", "--accept",
                     REPO / "glimpse-accepted.json")
    assert result.returncode == 0, result.stdout + result.stderr
    (folder / "clean-check.log").write_text(result.stdout + result.stderr)
    return folder


def test_a_check_says_where_its_time_went_phase_by_phase(work):
    line = next(l for l in (work / "clean-check.log").read_text().splitlines() if l.startswith("Time by phase"))
    phases = re.findall(r"(\w+) (\d+\.\d) s", line)
    assert [name for name, _ in phases] == ["open", "read", "layout", "draw", "measure", "redraw", "decode", "rules",
                                            "report"], line


def findings(folder):
    return json.loads((folder / "findings.json").read_text())


def test_the_clean_gallery_checks_clean_with_the_accept_file(work):
    report = findings(work / "clean-check")
    unaccepted = [f for f in report["findings"] if "accepted" not in f]
    assert unaccepted == [], [f["message"] for f in unaccepted][:5]
    # What is accepted is shown as accepted, with its reason: One Goal's light accents are among them,
    # accepted by what draws them (the bar), whatever the accent.
    accepted = [f for f in report["findings"] if f.get("accepted")]
    bar = [f for f in accepted if f["rule"] == "graphic-contrast" and f["element"].get("source") == "role:progress-bar"]
    assert any(f["measured"]["foreground"] == "#5AC8FA" for f in bar)
    # The bar's findings are one problem, accepted whole; its page lists them, the light accent among them.
    problem = {f["problem"] for f in bar if f["widget"]["family"] == "systemSmall"}
    assert len(problem) == 1
    (listed,) = [p for p in report["problems"] if p["id"] in problem]
    assert listed["accepted"] == listed["findings"] and listed["acceptedReason"].startswith("One Goal's accent")
    html = (work / "clean-check/index.html").read_text()
    assert "Accepted" in html and f'href="problems/{listed["id"]}.html"' in html
    assert "#5AC8FA" in (work / f"clean-check/problems/{listed['id']}.html").read_text()


def test_text_a_line_clamp_hides_is_cut_and_not_low_contrast(glimpse_bin, work):
    """A no-goal prompt too long for every layout of the Lock Screen's rectangle, long and short:
    its last layout clamps the short one, whose hidden lines leave a sliver of their line gap inside
    the clamp. That is a cut the clamp shows (`truncated`), and no text drawn: not a contrast
    finding of the background against itself."""
    tail = ", then come back here every day to mark it done and watch it grow"
    copy = work / "content/copy/onegoal"
    with_edit(copy / "no-goal.md", lambda text: text.strip() + tail + "\n",
              lambda: with_edit(copy / "no-goal-short.md", lambda text: text.strip() + tail + "\n",
                                lambda: build(glimpse_bin, work, "clamped", "--app", "onegoal")))
    result = glimpse(glimpse_bin, work, "check", "clamped", "--out", "clamped-check", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = findings(work / "clamped-check")
    assert not [f["message"] for f in report["findings"] if f["rule"] == "contrast"]
    assert any(f["rule"] == "truncated" and f["widget"]["family"] == "accessoryRectangular"
               and f["element"]["text"].startswith("Set a goal, then come back") for f in report["findings"])


@pytest.mark.parametrize("rule", sorted(SEEDS))
def test_a_seeded_defect_is_found_by_exactly_its_rule(glimpse_bin, work, rule):
    path, edit = SEEDS[rule]
    with_edit(work / path, edit, lambda: build(glimpse_bin, work, f"seeded-{rule}", "--app", "onegoal"))
    result = glimpse(glimpse_bin, work, "check", f"seeded-{rule}", "--out", f"check-{rule}", "--baseline",
                     "clean-check", "--accept", REPO / "glimpse-accepted.json", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = findings(work / f"check-{rule}")
    new = [f for f in report["findings"] if f.get("baseline") == "new"]
    assert new, f"{rule}: nothing new"
    assert {f["rule"] for f in new} == {rule}, [(f["rule"], f["message"]) for f in new][:6]
    # The problems that are new say so, and hold every new finding.
    fresh = {p["id"] for p in report["problems"] if p.get("baseline") == "new"}
    assert {f["problem"] for f in new} <= fresh | {p["id"] for p in report["problems"]}
    assert {p["rule"] for p in report["problems"] if p["id"] in fresh} == {rule}


def test_a_second_line_is_inked_as_its_own_text_not_the_first_lines(glimpse_bin, work):
    """Arabic's "أُنجز اليوم" at AX5 wraps under the check icon: the first line's damma reaches above
    its alef, the second line's glyphs do not, so the second line draws clear of the icon. Measured
    with the whole text's reach, every line took the damma's height and ran 3.2 pt into the icon."""
    build(glimpse_bin, work, "arabic", "--app", "onegoal", "--locale", "ar_SA", "--text-size", "AX5",
          "--device", "430x932")
    result = glimpse(glimpse_bin, work, "check", "arabic", "--out", "arabic-check", "--rule", "overlap",
                     "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = findings(work / "arabic-check")
    statuses = [f for f in report["findings"] if f["element"].get("source") == "copy:onegoal/done-today"]
    assert not statuses, [f["message"] for f in statuses][:3]
    # The control: the status is there, on two lines, beside the icon.
    page = (work / "arabic/onegoal/done-today/systemSmall.html").read_text()
    assert "أُنجز اليوم" in page and "icon-check" in page


def test_a_text_pinned_to_a_pixel_size_does_not_scale(glimpse_bin, work):
    """Built at the smallest and the largest text size, the status set at 13 px whatever the size is
    found by `not-scaling`, and by nothing else that is new. (The caption is no seed: from xxLarge
    the layouts show "12/30" for it.)"""
    sizes = ["--app", "onegoal", "--text-size", "xSmall", "--text-size", "AX5"]
    build(glimpse_bin, work, "sizes", *sizes)
    clean = glimpse(glimpse_bin, work, "check", "sizes", "--out", "sizes-check", "--fail-on", "never")
    assert clean.returncode == 0, clean.stderr
    pinned = lambda css: css + "\n.og-status { font-size: 13px !important; }\n"
    with_edit(work / STYLE, pinned, lambda: build(glimpse_bin, work, "pinned", *sizes))
    result = glimpse(glimpse_bin, work, "check", "pinned", "--out", "pinned-check", "--baseline", "sizes-check",
                     "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = findings(work / "pinned-check")
    new = [f for f in report["findings"] if f.get("baseline") == "new"]
    assert new and {f["rule"] for f in new} == {"not-scaling"}, [(f["rule"], f["message"]) for f in new][:6]
    statuses = {"copy:onegoal/not-done-today", "copy:onegoal/done-today", "copy:onegoal/complete"}
    assert new and {f["element"]["source"] for f in new} <= statuses
    assert all(f["widget"]["textSize"] == "AX5" and f["measured"]["fontSize"] == 13 for f in new)


def test_a_baseline_splits_new_from_resolved(glimpse_bin, work):
    """The margin defect checked against the clean gallery is new; the clean gallery checked against the
    defect's findings has it resolved and nothing new."""
    path, edit = SEEDS["margin"]
    with_edit(work / path, edit, lambda: build(glimpse_bin, work, "baseline-margin", "--app", "onegoal"))
    first = glimpse(glimpse_bin, work, "check", "baseline-margin", "--out", "baseline-margin-check", "--baseline",
                    "clean-check/findings.json", "--accept", REPO / "glimpse-accepted.json")
    assert first.returncode == 0, first.stderr  # margin is a warning: --fail-on new fails on errors only
    back = glimpse(glimpse_bin, work, "check", "clean", "--out", "back-check", "--baseline", "baseline-margin-check",
                   "--accept", REPO / "glimpse-accepted.json")
    assert back.returncode == 0, back.stderr
    report = findings(work / "back-check")
    assert report["summary"]["new"] == 0
    assert report["resolved"] and {f["rule"] for f in report["resolved"]} == {"margin"}


def test_a_new_error_fails_under_fail_on_new_and_an_old_one_does_not(glimpse_bin, work):
    path, edit = SEEDS["truncated"]
    with_edit(work / path, edit, lambda: build(glimpse_bin, work, "seeded-fail", "--app", "onegoal"))
    new = glimpse(glimpse_bin, work, "check", "seeded-fail", "--out", "fail-check", "--baseline", "clean-check",
                  "--accept", REPO / "glimpse-accepted.json")
    assert new.returncode == 1, new.stdout + new.stderr
    again = glimpse(glimpse_bin, work, "check", "seeded-fail", "--out", "fail-again", "--baseline", "fail-check",
                    "--accept", REPO / "glimpse-accepted.json")
    assert again.returncode == 0, again.stdout + again.stderr


def test_three_check_shards_merged_are_the_unsharded_report(glimpse_bin, work):
    """A seeded contrast error checked against the clean gallery, whole and in 3 shards merged with the
    same baseline and accept file: the same bytes, the same verdict; a shard missing is an error."""
    path, edit = SEEDS["contrast"]
    with_edit(work / path, edit, lambda: build(glimpse_bin, work, "sharded", "--app", "onegoal"))
    judging = ["--baseline", "clean-check", "--accept", REPO / "glimpse-accepted.json"]
    whole = glimpse(glimpse_bin, work, "check", "sharded", "--out", "sharded-whole", *judging)
    assert whole.returncode == 1 and "findings fail (--fail-on new)" in whole.stderr, whole.stderr
    frames = []
    for index in (1, 2, 3):
        part = glimpse(glimpse_bin, work, "check", "sharded", "--shard", f"{index}/3", "--out", f"sharded-{index}")
        assert part.returncode == 0 and f"shard {index}/3:" in part.stderr, part.stderr
        frames.append(json.loads((work / f"sharded-{index}/shard.json").read_text())["frames"])
    assert min(frames) > 0.2 * sum(frames), frames
    merged = glimpse(glimpse_bin, work, "merge", "sharded-2", "sharded-3", "sharded-1", "--out", "sharded-merged", *judging)
    assert merged.returncode == 1 and "findings fail (--fail-on new)" in merged.stderr, merged.stderr
    assert same_tree(work / "sharded-whole", work / "sharded-merged") == []
    missing = glimpse(glimpse_bin, work, "merge", "sharded-1", "sharded-3", "--out", "nowhere", *judging)
    assert missing.returncode == 2 and "shard 2 of 3 is missing" in missing.stderr, missing.stderr
    assert not (work / "nowhere").exists()


def test_findings_hold_to_their_schema_and_junit_reads(work):
    folder = work / "clean-check"
    schema = json.loads((folder / "findings.schema.json").read_text())
    jsonschema.validate(findings(folder), schema)
    xml = JUnitXml.fromfile(str(folder / "junit.xml"))
    cases = [case for suite in xml for case in suite]
    manifest = json.loads((work / "clean/manifest.json").read_text())
    assert len(cases) == len(manifest["widgets"]) and all(case.is_passed for case in cases)
    # A failing widget's case names its problems.
    failing = work / "fail-check"
    jsonschema.validate(findings(failing), schema)
    failed = [case for suite in JUnitXml.fromfile(str(failing / "junit.xml")) for case in suite if not case.is_passed]
    (problem,) = [p for p in findings(failing)["problems"] if p["rule"] == "truncated" and p.get("baseline") == "new"
                  and p["family"] == "systemSmall" and p["element"].get("source") == "copy:onegoal/complete"][:1]
    assert failed and all(problem["id"] in case.result[0].message for case in failed
                          if case.name.startswith("onegoal/complete/systemSmall"))


def test_bad_input_exits_2_with_a_message(glimpse_bin, work, tmp_path):
    not_gallery = glimpse(glimpse_bin, work, "check", "content", "--out", tmp_path / "x")
    assert not_gallery.returncode == 2 and "manifest" in not_gallery.stderr
    unknown = glimpse(glimpse_bin, work, "check", "clean", "--rule", "kerning")
    assert unknown.returncode == 2 and "kerning" in unknown.stderr
    broken = tmp_path / "accepted.json"
    broken.write_text('{\n  "schemaVersion": 1,\n  "accepted": [\n    {"rule": "truncated",\n')
    malformed = glimpse(glimpse_bin, work, "check", "clean", "--accept", broken, "--out", tmp_path / "y")
    assert malformed.returncode == 2 and "accepted.json:4:" in malformed.stderr  # the last line: the file ends early


@pytest.fixture(scope="module")
def checked(glimpse_bin, work):
    """Two galleries built with --check: as they are, and with the margin defect seeded."""
    accept = ["--check", "--accept", REPO / "glimpse-accepted.json", "--app", "onegoal"]
    build(glimpse_bin, work, "checked-clean", *accept)
    path, edit = SEEDS["margin"]
    with_edit(work / path, edit, lambda: build(glimpse_bin, work, "checked-margin", *accept))
    return work


def test_a_checked_build_shows_its_findings_on_its_pages(checked, page):
    gallery = checked / "checked-margin"
    report = findings(gallery)
    margin = [f for f in report["findings"] if f["rule"] == "margin"]
    assert margin and "accepted" not in margin[0]
    detail = gallery / margin[0]["page"]
    assert 'src="../../assets/findings.js"' in detail.read_text()
    page.goto(detail.as_uri())
    page.wait_for_selector(".ck-list li")
    assert page.locator(".ck-outline").count() >= len({(f["frame"], f["scheme"]) for f in report["findings"] if f["page"] == margin[0]["page"]})
    assert "margin (warning" in page.locator(".ck-list").first.inner_text()
    # The app's page: the widget's card counts what is left to review.
    page.goto((gallery / margin[0]["page"]).parent.parent.joinpath("index.html").as_uri())
    assert "to review" in page.locator(".ck-badge").all_inner_texts().__str__()


def test_diff_of_two_checked_galleries_lists_the_new_findings(glimpse_bin, checked):
    result = glimpse(glimpse_bin, checked, "diff", "checked-clean", "checked-margin", "--out", "checked-review",
                     "--fail-on", "never", "--summary", "checked-summary.md")
    assert result.returncode == 0, result.stderr
    report = json.loads((checked / "checked-review/diff.json").read_text())
    jsonschema.validate(report, json.loads((checked / "checked-review/diff.schema.json").read_text()))
    assert report["findings"]["new"] and {f["rule"] for f in report["findings"]["new"]} == {"margin"}
    assert report["findings"]["resolved"] == []
    # One problem for the margin defect, however many frames and schemes it is seen in.
    problems = report["findings"]["problems"]
    assert len(problems["new"]) < len(report["findings"]["new"]) and {p["rule"] for p in problems["new"]} == {"margin"}
    summary = (checked / "checked-summary.md").read_text()
    assert "### New problems of `glimpse check`" in summary and all(p["family"] in summary for p in problems["new"])
    html = cmarkgfm.github_flavored_markdown_to_html(summary)
    assert "<h3>New problems of <code>glimpse check</code></h3>" in html
    assert "findings: " in result.stdout + result.stderr and "What glimpse check found" in (checked / "checked-review/index.html").read_text()
    back = glimpse(glimpse_bin, checked, "diff", "checked-margin", "checked-clean", "--out", "checked-back",
                   "--fail-on", "never")
    resolved = json.loads((checked / "checked-back/diff.json").read_text())["findings"]
    assert resolved["new"] == [] and {f["rule"] for f in resolved["resolved"]} == {"margin"}


def test_serve_check_shows_the_page_its_findings_again_after_each_save(glimpse_bin, tmp_path, page):
    from serve_support import Server
    mirrors = set(pathlib.Path(tempfile.gettempdir()).glob("glimpse-serve-check-*"))
    server = Server(glimpse_bin, tmp_path, "--check", "--app", "onegoal", "--accept", str(REPO / "glimpse-accepted.json"))
    status = "(document.querySelector('.ck-status') || {}).textContent || ''"
    open_findings = ".ck-outline:not(.is-accepted)"
    try:
        page.goto(f"{server.url}/onegoal/done-today/systemSmall.html")
        page.wait_for_function(f"/nothing to review on this page/.test({status})", timeout=180000)
        assert page.locator(".ck-outline.is-accepted").count() > 0 and page.locator(open_findings).count() == 0
        # A long copy no longer cuts (the layout gives way to it); the done status squeezed to one
        # short line does.
        copy = tmp_path / "templates/onegoal/systemSmall.mustache"
        original = copy.read_text()
        squeezed = 'style="{{#done}}--og-lines:1;max-width:64px{{/done}}{{^done}}--og-lines:{{layout.lines}}{{/done}}"'
        copy.write_text(original.replace('style="--og-lines:{{layout.lines}}" data-source="{{statusSource}}"',
                                         squeezed + ' data-source="{{statusSource}}"'))
        page.wait_for_function(f"/3 to review on this page/.test({status})", timeout=120000)
        items = page.locator(".ck-list li").all_inner_texts()
        truncated = [item for item in items if item.startswith("truncated (error")]
        assert len(truncated) == 3 and all("“Done…”" in item for item in truncated), items
        assert page.locator(open_findings).count() == 3
        # The fix is seen the same way, and the index's card for the page says so.
        copy.write_text(original)
        page.wait_for_function(f"/nothing to review on this page/.test({status})", timeout=120000)
        assert page.locator(open_findings).count() == 0
        # The other pages the two saves changed are checked after the open one: their cards count
        # nothing while they wait, and nothing is left to review once they are done.
        page.goto(f"{server.url}/onegoal/index.html")
        badges = "[...document.querySelectorAll('.ck-badge')].map(badge => badge.textContent).join(' ')"
        page.wait_for_function(f"(() => {{ const text = {badges}; return /accepted/.test(text) && !/to review/.test(text); }})()",
                               timeout=180000)
    finally:
        assert server.stop() == 0, server.log.read_text()
    # The folder the server mirrored its gallery into for Chromium is gone.
    assert set(pathlib.Path(tempfile.gettempdir()).glob("glimpse-serve-check-*")) <= mirrors
