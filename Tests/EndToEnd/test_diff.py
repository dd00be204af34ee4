"""`glimpse diff` end to end: two galleries that differ in one known way, the verdict, diff.json
against its schema, junit.xml read by junitparser, the review site, and what it refuses."""
import json
import shutil
import subprocess

import jsonschema
import pytest
from junitparser import JUnitXml

from conftest import REPO, copy_on_a_page
from browser_support import browser  # noqa: F401 (a fixture)

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    folder = tmp_path_factory.mktemp("diff")
    for name in ("content", "templates"):
        shutil.copytree(REPO / name, folder / name)
    return folder


def build(glimpse_bin, work, out):
    subprocess.run([str(glimpse_bin), "build", *NOW, "--out", str(work / out), "--quiet"], cwd=work, check=True,
                   stderr=subprocess.DEVNULL)


def diff(glimpse_bin, work, *args):
    return subprocess.run([str(glimpse_bin), "diff", *map(str, args)], cwd=work, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def edited(glimpse_bin, work):
    """base/ and new/, new with one copy file changed to hostile text; then the review of them."""
    build(glimpse_bin, work, "base")
    manifest = json.loads((work / "base/manifest.json").read_text())
    path, _, text, shown = copy_on_a_page(work / "content", manifest)
    original = path.read_text()
    # Escaped for Markdown, so that the widget shows the markup as text (raw HTML would be dropped).
    path.write_text("Edited \\<script\\>alert(1)\\</script\\>\n")
    build(glimpse_bin, work, "new")
    path.write_text(original)
    result = diff(glimpse_bin, work, "base", "new", "--out", "review")
    return result, text, shown


def test_one_copy_edit_is_exactly_the_widgets_that_show_it(edited, work):
    result, text, shown = edited
    assert result.returncode == 1, result.stderr
    report = json.loads((work / "review/diff.json").read_text())
    changed = {w["key"] for w in report["widgets"] if w["status"] == "changed"}
    assert changed == {f"{w['app']}/{w['scenario']}/{w['family']}" for w in shown}
    frame = next(w for w in report["widgets"] if w["status"] == "changed")["frames"][0]
    assert text in frame["textsBefore"] and "Edited <script>alert(1)</script>" in " ".join(frame["textsAfter"])
    assert report["summary"]["unchanged"] == report["summary"]["widgets"] - len(changed)
    assert report["settings"] == [] and report["assets"] == []


def test_diff_json_meets_its_schema(edited, work):
    schema = json.loads((work / "review/diff.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(json.loads((work / "review/diff.json").read_text()), schema)
    # The schema is closed: a field it does not name is refused.
    report = json.loads((work / "review/diff.json").read_text())
    report["widgets"][0]["surprise"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(report, schema)


def test_junit_has_a_case_per_widget_and_fails_the_changed_ones(edited, work):
    _, _, shown = edited
    report = json.loads((work / "review/diff.json").read_text())
    xml = JUnitXml.fromfile(str(work / "review/junit.xml"))
    cases = [case for suite in xml for case in suite]
    assert len(cases) == len(report["widgets"])
    failed = {f"{case.classname}/{case.name}" for case in cases if not case.is_passed}
    assert failed == {f"{w['app']}/{w['scenario']}/{w['family']}" for w in shown}


def test_the_review_shows_hostile_text_and_never_runs_it(edited, work, browser):  # noqa: F811
    _, _, shown = edited
    first = shown[0]
    page_path = work / "review/widgets" / first["app"] / first["scenario"] / f"{first['family']}.html"
    html = page_path.read_text()
    assert "Edited &lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert(1)" not in html
    from axe_playwright_python.sync_playwright import Axe
    for path in (work / "review/index.html", page_path):
        page = browser.new_page()
        try:
            dialogs = []
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
            page.goto(path.as_uri())
            if path == page_path:
                assert "Edited <script>alert(1)</script>" in page.inner_text("main")
            assert dialogs == []
            result = Axe().run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]}})
            assert result.response["violations"] == [], result.generate_report()
            # Links to the widget pages and to both galleries' pages resolve from file://.
            for link in page.locator("main a").all()[:6]:
                href = link.get_attribute("href").split("#")[0]
                if href:
                    target = (path.parent / href).resolve()
                    assert target.is_file(), target
        finally:
            page.close()


def test_exit_codes(glimpse_bin, work, edited):
    assert diff(glimpse_bin, work, "base", "new", "--out", "r2", "--fail-on", "never").returncode == 0
    same = diff(glimpse_bin, work, "base", "base", "--out", "r3")
    assert same.returncode == 0 and "0 changed, 0 added, 0 removed" in same.stderr
    visual = diff(glimpse_bin, work, "base", "new", "--out", "r4", "--fail-on", "visual")
    assert visual.returncode == 2 and "--pixels" in visual.stderr
    missing = diff(glimpse_bin, work, "base", "nowhere", "--out", "r5")
    assert missing.returncode == 2 and "nowhere/manifest.json" in missing.stderr


def test_an_unknown_schema_version_is_a_clear_error(glimpse_bin, work, edited):
    future = work / "future"
    shutil.copytree(work / "base", future)
    manifest = json.loads((future / "manifest.json").read_text())
    manifest["schemaVersion"] = 99
    (future / "manifest.json").write_text(json.dumps(manifest))
    result = diff(glimpse_bin, work, "base", "future", "--out", "r6")
    assert result.returncode == 2 and "schemaVersion 99" in result.stderr
    assert not (work / "r6").exists()


def test_a_stylesheet_change_is_a_change_though_no_frame_hash_moves(glimpse_bin, work, edited):
    css = work / "templates/gallery.css"
    original = css.read_text()
    css.write_text(original + "\n.frame { outline: 1px solid red; }\n")
    build(glimpse_bin, work, "styled")
    css.write_text(original)
    result = diff(glimpse_bin, work, "base", "styled", "--out", "r7")
    report = json.loads((work / "r7/diff.json").read_text())
    assert result.returncode == 1
    assert [a["path"] for a in report["assets"]] == ["assets/glimpse.css"]
    assert report["assets"][0]["reaches"] == report["summary"]["widgets"] and report["summary"]["changed"] == 0


def test_galleries_built_differently_say_so_at_the_top(glimpse_bin, work, edited):
    subprocess.run([str(glimpse_bin), "build", "--now", "2026-11-22T10:00:00-05:00", "--time-zone", "America/New_York",
                    "--out", str(work / "later"), "--quiet"], cwd=work, check=True, stderr=subprocess.DEVNULL)
    result = diff(glimpse_bin, work, "base", "later", "--out", "r8")
    report = json.loads((work / "r8/diff.json").read_text())
    assert [s["setting"] for s in report["settings"]] == ["now"]
    assert "differ in now" in result.stderr
    assert "The galleries were built differently" in (work / "r8/index.html").read_text()
