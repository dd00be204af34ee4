"""Shared fixtures: the gallery `make test` built, the glimpse binary, and Chromium."""
import fcntl
import json
import os
import pathlib
import shutil
import subprocess

import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent
# The writers of the real apps' stores (scripts/stores/), for tests that make stores of their own.
sys.path.insert(0, str(REPO / "scripts"))
NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "long_running(seconds): about how long the test (or its whole xdist group) takes alone on "
        "two cores; under pytest-xdist the longest are handed out first")


def pytest_collection_modifyitems(config, items):
    """In a pytest-xdist worker, the longest units of work first: an xdist group (all its tests, as long
    as its longest `long_running` mark says) or a test, by its `long_running(seconds)` mark, longest
    first. So no worker starts one of them as the others run out of work. The others follow in their own
    order; each group's and module's tests keep theirs (make test runs `-n 2 --dist loadgroup
    --no-loadscope-reorder`, which keeps the order)."""
    if not hasattr(config, "workerinput"):
        return

    def seconds(item):
        mark = item.get_closest_marker("long_running")
        return mark.args[0] if mark else 0

    def group(item):
        mark = item.get_closest_marker("xdist_group")
        return mark.args[0] if mark else None

    longest = {}
    for item in items:
        if group(item) is not None:
            longest[group(item)] = max(longest.get(group(item), 0), seconds(item))
    items.sort(key=lambda item: -(longest[group(item)] if group(item) is not None else seconds(item)))


def shared_folder(tmp_path_factory):
    """This run's temporary folder, which every pytest-xdist worker of the run shares (each worker's
    own temporary folder is inside it); without xdist, the process's own."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if "PYTEST_XDIST_WORKER" in os.environ else base


def build_once(tmp_path_factory, name, build):
    """`build(folder)` done once in this run, however many workers ask: the first builds under a file
    lock, the others wait for it and use what it built. Returns the folder."""
    root = shared_folder(tmp_path_factory)
    out, done = root / name, root / f"{name}.done"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # let go when the file closes
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)
            build(out)
            done.touch()
    return out


def printed_exit_codes(command, result):
    """What a glimpse run printed of an `ExitCode` as if it were an error message
    (`error: ExitCode(rawValue: 2)`): an exit code is thrown as an exit, never printed."""
    words = command if isinstance(command, (list, tuple)) else [command]
    if not words or pathlib.Path(str(words[0])).name != "glimpse":
        return []
    found = []
    for stream in (result.stdout, result.stderr):
        text = stream.decode(errors="replace") if isinstance(stream, bytes) else (stream or "")
        found += [line for line in text.splitlines() if "ExitCode(" in line]
    return found


@pytest.fixture(scope="session", autouse=True)
def no_exit_code_is_printed():
    """Every glimpse that a test runs with `subprocess.run`, on every path, failing ones above all:
    a line that prints an `ExitCode` fails the test that ran it."""
    run = subprocess.run

    def checked(*args, **kwargs):
        result = run(*args, **kwargs)
        command = args[0] if args else kwargs.get("args")
        printed = printed_exit_codes(command, result)
        assert not printed, f"{command} printed an exit code as an error: {printed}"
        return result

    subprocess.run = checked
    yield
    subprocess.run = run


@pytest.fixture(scope="session")
def glimpse_bin():
    path = pathlib.Path(os.environ.get("GLIMPSE_BIN", REPO / ".build/debug/glimpse"))
    if not path.exists():
        pytest.fail(f"{path} is missing: run `swift build` (make test does)")
    return path


@pytest.fixture(scope="session")
def default_gallery(glimpse_bin, tmp_path_factory):
    """The sample gallery as `glimpse build` writes it with the test clock and nothing else, built
    once per run for every test that needs it. Not to be edited: tests that start from it copy it."""
    def build(out):
        result = subprocess.run([str(glimpse_bin), "build", *NOW, "--out", str(out), "--quiet"], cwd=REPO,
                                capture_output=True, text=True)
        if result.returncode != 0:
            pytest.fail(f"the default gallery did not build: {result.stderr}")
    return build_once(tmp_path_factory, "default-gallery", build)


@pytest.fixture(scope="session")
def gallery(request):
    """The built sample gallery: GLIMPSE_GALLERY (which make test builds, and which may be of another
    screen class), or else the default gallery."""
    if "GLIMPSE_GALLERY" in os.environ:
        return pathlib.Path(os.environ["GLIMPSE_GALLERY"])
    return request.getfixturevalue("default_gallery")


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
