"""Glimpse as a widget team uses it, from outside: Examples/StepStreak, a package of its own that depends
on this checkout by path, and the package `glimpse init` writes into an empty folder. Each is built with
`swift build` as a team builds it, and its own `glimpse` builds, checks and compares galleries.

make test runs these after the rest, one at a time: each package is built in this checkout's own build
folder (`--scratch-path .build`), so that Glimpse and its dependencies are compiled once, not once
more per package (the example builds in seconds, not minutes). A package's `glimpse` is linked where
Glimpse's is, `.build/debug/glimpse`: each is copied away as soon as it is built, and Glimpse's own
is copied back when the module ends."""
import json
import re
import shutil
import subprocess

import pytest

from conftest import NOW, REPO

SCRATCH = REPO / ".build"
EXAMPLE = REPO / "Examples/StepStreak"
IMPORT = r"^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(?:(?:struct|class|enum|protocol|typealias|func|var|let)[ \t]+)?(\w+)"


def swift_build(package):
    """Builds `package` in the shared build folder; its `glimpse`, as it is linked."""
    result = subprocess.run(["swift", "build", "--package-path", str(package), "--scratch-path", str(SCRATCH)],
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return SCRATCH / "debug/glimpse"


@pytest.fixture(scope="module")
def own_glimpse(tmp_path_factory):
    """Glimpse's own glimpse, copied before any package is built, and copied back at the end (the next
    `swift build` of Glimpse links it again; copying spares make test that link)."""
    folder = tmp_path_factory.mktemp("glimpse")
    shutil.copy2(SCRATCH / "debug/glimpse", folder / "glimpse")
    yield folder / "glimpse"
    (SCRATCH / "debug/glimpse").unlink(missing_ok=True)
    shutil.copy2(folder / "glimpse", SCRATCH / "debug/glimpse")


def built(package, folder, own_glimpse):
    """`package` built, and its glimpse copied into `folder`."""
    assert own_glimpse.exists()
    binary = folder / "glimpse"
    shutil.copy2(swift_build(package), binary)
    return binary


def run(binary, *args, cwd):
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, timeout=600, cwd=cwd)


def manifest_widgets(gallery):
    return json.loads((gallery / "manifest.json").read_text())["widgets"]


def test_the_example_builds_from_outside_and_its_gallery_checks_clean_and_diffs_to_nothing(
        own_glimpse, tmp_path):
    glimpse = built(EXAMPLE, tmp_path, own_glimpse)
    apps = run(glimpse, "build", "--help", cwd=tmp_path).stdout
    assert "(stepstreak)" in apps, "the example's glimpse knows its own app alone"
    first = run(glimpse, "build", "--strict", "--out", tmp_path / "first", *NOW, cwd=EXAMPLE)
    assert first.returncode == 0, first.stderr
    widgets = manifest_widgets(tmp_path / "first")
    assert {w["family"] for w in widgets} == {"systemSmall", "systemMedium", "accessoryRectangular"}
    assert {w["scenario"] for w in widgets} == {"at-risk", "kept-today", "ends-at-midnight", "no-container", "corrupt"}
    at_risk = next(w for w in widgets if w["scenario"] == "at-risk" and w["family"] == "systemSmall")
    assert [f["state"] for f in at_risk["frames"]] == ["atRisk", "kept", "atRisk"], "a walk, then midnight"
    ends = next(w for w in widgets if w["scenario"] == "ends-at-midnight" and w["family"] == "systemMedium")
    assert [f["state"] for f in ends["frames"]] == ["atRisk", "noStreak"], "the streak ends at midnight"
    # From another working directory, the app still finds its own templates, copy and scenarios.
    second = run(glimpse, "build", "--out", tmp_path / "second", "--quiet", *NOW, cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    checked = run(glimpse, "check", tmp_path / "first", "--out", tmp_path / "check", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert json.loads((tmp_path / "check/findings.json").read_text())["findings"] == []
    diff = run(glimpse, "diff", tmp_path / "first", tmp_path / "second", "--out", tmp_path / "review", cwd=tmp_path)
    assert diff.returncode == 0, diff.stdout + diff.stderr
    report = json.loads((tmp_path / "review/diff.json").read_text())
    assert report["summary"]["unchanged"] == report["summary"]["widgets"] == len(widgets)


def test_the_example_imports_glimpse_through_glimpsekit_alone():
    """So that its build fails when a type it uses stops being public: it can reach no other module."""
    imports = {match for path in (EXAMPLE / "Sources").rglob("*.swift")
               for match in re.findall(IMPORT, path.read_text(), re.M)}
    assert imports <= {"GlimpseKit", "Foundation", "StepStreakWidget"}, imports
    assert "@testable" not in "".join(path.read_text() for path in (EXAMPLE / "Sources").rglob("*.swift"))
    package = (EXAMPLE / "Package.swift").read_text()
    assert re.findall(r'\.product\(name: "(\w+)"', package) == ["GlimpseKit", "GlimpseKit"]
    assert "unsafeFlags" not in (REPO / "Package.swift").read_text()


def test_init_in_an_empty_folder_gives_a_widget_that_builds_and_checks(own_glimpse, tmp_path):
    work = tmp_path / "app"
    work.mkdir()
    written = run(own_glimpse, "init", "--widget", "Water Intake", cwd=work)
    assert written.returncode == 0, written.stderr
    package = work / "glimpse"
    glimpse = built(package, tmp_path, own_glimpse)
    result = run(glimpse, "build", "--strict", cwd=package)
    assert result.returncode == 0, result.stderr
    widgets = manifest_widgets(package / "public")
    assert {(w["app"], w["family"]) for w in widgets} == {("waterintake", "systemSmall"),
                                                          ("waterintake", "systemMedium")}
    assert {w["scenario"] for w in widgets} == {"today", "no-container"}
    today = next(w for w in widgets if w["scenario"] == "today" and w["family"] == "systemSmall")
    assert [(f["state"], f["texts"][1]) for f in today["frames"]] == [("counting", "3"), ("counting", "0")], "midnight"
    checked = run(glimpse, "check", "public", cwd=package)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert json.loads((package / "check/findings.json").read_text())["findings"] == []
