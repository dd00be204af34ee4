"""Shared fixtures: the gallery `make test` built, the glimpse binary, and Chromium."""
import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def glimpse_bin():
    path = pathlib.Path(os.environ.get("GLIMPSE_BIN", REPO / ".build/debug/glimpse"))
    if not path.exists():
        pytest.fail(f"{path} is missing: run `swift build` (make test does)")
    return path


@pytest.fixture(scope="session")
def gallery(glimpse_bin, tmp_path_factory):
    """The built sample gallery: GLIMPSE_GALLERY, or a fresh build with the test clock."""
    if "GLIMPSE_GALLERY" in os.environ:
        return pathlib.Path(os.environ["GLIMPSE_GALLERY"])
    out = tmp_path_factory.mktemp("gallery") / "public"
    subprocess.run([str(glimpse_bin), "build", "--now", "2026-11-22T09:00:00-05:00",
                    "--time-zone", "America/New_York", "--out", str(out), "--quiet"], cwd=REPO, check=True)
    return out


@pytest.fixture(scope="session")
def manifest(gallery):
    return json.loads((gallery / "manifest.json").read_text())


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole test process (each pytest-xdist worker has its own).
    Tests open their pages in contexts of their own (`browser.new_page()`), so nothing carries over."""
    from playwright.sync_api import sync_playwright

    from browser_support import launch
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def detail_page_survey(browser, gallery, manifest):
    """browser_support.survey_detail_pages of the gallery: each detail page loaded once for the tests
    that measure every one (they share the xdist group "detail-pages", so one worker runs them)."""
    from browser_support import survey_detail_pages
    return survey_detail_pages(browser, gallery, manifest)


@pytest.fixture(scope="module")
def page(browser):
    """A tab for the module's tests, 1400×900, that refuses the network."""
    tab = browser.new_page(viewport={"width": 1400, "height": 900})
    tab.route("http*://**", lambda route: route.abort())
    yield tab
    tab.context.close()


def app_ids():
    """The apps, as the registry names them: each has a folder of sample scenarios."""
    return sorted(p.name for p in (REPO / "content/scenarios").iterdir() if p.is_dir())


def sample_scenarios():
    """Every sample scenario folder, by app, in name order."""
    return {app: sorted(p for p in (REPO / "content/scenarios" / app).iterdir() if p.is_dir()) for app in app_ids()}


def containers(scenario):
    """The App Group containers a sample scenario's store holds."""
    return sorted(p for p in scenario.iterdir() if p.is_dir() and p.name.startswith("group."))


def expects_diagnostics(scenario):
    """Whether a sample scenario shows a broken store on purpose (`expectDiagnostics: true`)."""
    settings = scenario / "scenario.yaml"
    return settings.is_file() and "expectDiagnostics: true" in settings.read_text()


def run_glimpse(glimpse_bin, *args, cwd=REPO):
    """Runs `glimpse build ARGS`; returns the completed process with text output."""
    return subprocess.run([str(glimpse_bin), "build", *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=120)


def copy_on_a_page(content, manifest):
    """A one-line copy file whose text a widget's first frame shows: (the file, that widget, the
    text, every widget whose frames or tap storyboard show it). For edits whose effect is known."""
    for widget in manifest["widgets"]:
        for path in sorted((content / "copy" / widget["app"]).glob("*.md")):
            text = path.read_text().strip()
            if text and not any(mark in text for mark in "{*_\n`[") and text in widget["frames"][0]["texts"]:
                shown = [w for w in manifest["widgets"]
                         if any(text in step["texts"] for step in w["frames"] + w.get("storyboard", []))]
                return path, widget, text, shown
    pytest.fail("no copy file's text is on a first frame")
