"""`glimpse diff` end to end: two galleries that differ in one known way, the verdict, diff.json
against its schema, junit.xml read by junitparser, the review site, and what it refuses."""
import json
import shutil
import subprocess

import jsonschema
import pytest
from junitparser import JUnitXml

from conftest import app_ids, copy_on_a_page, sample_scenarios
from diff_support import build, copy_content, copy_gallery
from browser_support import axe_report, axe_violations

# Its tests share module-scoped fixtures: under pytest-xdist (--dist loadgroup) one worker runs them all.
pytestmark = pytest.mark.xdist_group("diff")


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return copy_content(tmp_path_factory.mktemp("diff"))


def diff(glimpse_bin, work, *args):
    return subprocess.run([str(glimpse_bin), "diff", *map(str, args)], cwd=work, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def edited(glimpse_bin, work, default_gallery):
    """base/ and new/, new with one copy file changed to hostile text; then the review of them."""
    copy_gallery(default_gallery, work / "base")
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
    for path in (work / "review/index.html", page_path):
        page = browser.new_page()
        try:
            dialogs = []
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
            page.goto(path.as_uri())
            if path == page_path:
                assert "Edited <script>alert(1)</script>" in page.inner_text("main")
            assert dialogs == []
            violations = axe_violations(page)
            assert violations == [], axe_report(violations)
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


def one_way(glimpse_bin, work, name, change, *build_args):
    """Builds `name` from a copy of the content with `change(content)` applied, diffs it against
    base/, and returns the process and the report."""
    folder = work / f"{name}-content"
    if not folder.exists():
        copy_content(folder)
        change(folder / "content")
        build(glimpse_bin, folder, work / name, *build_args)
    result = diff(glimpse_bin, work, "base", name, "--out", f"{name}-review")
    return result, json.loads((work / f"{name}-review/diff.json").read_text())


def keys(report, status):
    return {w["key"] for w in report["widgets"] if w["status"] == status}


def a_scenario():
    """The first app's first sample scenario: its app, its name."""
    app = app_ids()[0]
    return app, sample_scenarios()[app][0].name


def test_a_scenario_added_is_exactly_its_widgets_added(glimpse_bin, work, edited):
    app, scenario = a_scenario()
    result, report = one_way(glimpse_bin, work, "scenario-added",
                             lambda content: shutil.copytree(content / "scenarios" / app / scenario, content / "scenarios" / app / "zz-added"))
    assert result.returncode == 1
    families = {w["family"] for w in json.loads((work / "base/manifest.json").read_text())["widgets"]
                if w["app"] == app and w["scenario"] == scenario}
    assert keys(report, "added") == {f"{app}/zz-added/{family}" for family in families}
    assert keys(report, "changed") == set() and keys(report, "removed") == set()


def test_a_widget_removed_is_exactly_that_removal(glimpse_bin, work, edited):
    app, scenario = a_scenario()
    result, report = one_way(glimpse_bin, work, "widget-removed", lambda content: shutil.rmtree(content / "scenarios" / app / scenario))
    assert result.returncode == 1
    removed = keys(report, "removed")
    assert removed and all(key.startswith(f"{app}/{scenario}/") for key in removed)
    assert keys(report, "changed") == set() and keys(report, "added") == set()
    junit = JUnitXml.fromfile(str(work / "widget-removed-review/junit.xml"))
    assert {f"{case.classname}/{case.name}" for suite in junit for case in suite if not case.is_passed} == removed


def test_a_budget_change_shows_in_the_reload_log(glimpse_bin, work, edited):
    result, report = one_way(glimpse_bin, work, "budget", lambda content: None, "--reload-budget", "4")
    assert result.returncode == 1
    assert [(s["setting"], s["before"], s["after"]) for s in report["settings"]] == [("reloadBudget", "72", "4")]
    changed = [w for w in report["widgets"] if w["status"] == "changed"]
    assert changed
    for widget in changed:
        # Only the reload log moved: refusals, the budget used, and the rows that say so.
        assert {r["measure"] for r in widget["reloads"]} & {"refused", "budgetUsed"}, widget["key"]
        assert any(row["after"] == "refused" for row in widget["reloadRows"])
    page = (work / "budget-review" / "widgets" / (changed[0]["key"] + ".html")).read_text()
    assert "Reload log" in page and "refused" in page


@pytest.mark.parametrize("case", ["not-a-gallery", "truncated", "pages-missing"])
def test_what_is_not_a_gallery_is_a_clear_error(glimpse_bin, work, edited, case):
    broken = work / f"broken-{case}"
    if case == "not-a-gallery":
        broken.mkdir(exist_ok=True)
        (broken / "index.html").write_text("<p>hello</p>")
        said = "manifest.json: no such file"
    else:
        shutil.copytree(work / "base", broken, dirs_exist_ok=True)
        manifest = work / "base/manifest.json"
        if case == "truncated":
            data = manifest.read_bytes()
            (broken / "manifest.json").write_bytes(data[: len(data) // 2])
            said = "not JSON (truncated"
        else:
            app = app_ids()[0]
            shutil.rmtree(broken / app)
            said = f"pages are missing, such as {app}/"
    for command in (["diff", "base", broken.name, "--out", f"r-{case}"], ["diff", broken.name, "base", "--out", f"r-{case}"],
                    ["snapshot", broken.name, "--out", f"s-{case}"]):
        result = subprocess.run([str(glimpse_bin), *command], cwd=work, capture_output=True, text=True, timeout=120)
        assert result.returncode == 2 and said in result.stderr, (command, result.stderr)
        assert not (work / command[-1]).exists()
