"""`glimpse build --redact`: no text of any sample store reaches a page or the manifest, copy stays,
the layout holds (the same widgets, states and frames), the manifest says so, and two redacted
galleries diff."""
import json
import re

import jsonschema
import pytest

from conftest import REPO
from diff_support import build, copy_content, copy_gallery, glimpse

# Its tests share module-scoped fixtures: under pytest-xdist (--dist loadgroup) one worker runs them all.
pytestmark = pytest.mark.xdist_group("redact")


def store_strings():
    """Every string value of the sample stores' JSON files that reads as text (letters and a space)."""
    found = set()

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and " " in value.strip() and re.search(r"[^\W\d_]{3}", value):
            found.add(value.strip())
    for path in (REPO / "content/scenarios").rglob("*.json"):
        try:
            walk(json.loads(path.read_text()))
        except (ValueError, UnicodeDecodeError):
            pass  # a corrupt store on purpose
    # A scenario's title and description are written about the store, not read from it.
    settings = "\n".join(path.read_text() for path in (REPO / "content/scenarios").rglob("scenario.yaml"))
    return {text for text in found if text not in settings}


@pytest.fixture(scope="module")
def galleries(glimpse_bin, tmp_path_factory, default_gallery):
    work = copy_content(tmp_path_factory.mktemp("redact"))
    copy_gallery(default_gallery, work / "plain")
    build(glimpse_bin, work, "redacted", "--redact")
    build(glimpse_bin, work, "redacted-again", "--redact")
    return work


def test_no_store_text_reaches_a_page_or_the_manifest(galleries):
    strings = store_strings()
    assert len(strings) > 20
    plain = "\n".join(p.read_text() for p in (galleries / "plain").rglob("*.html"))
    shown = {s for s in strings if s in plain}
    assert len(shown) > 10, "the sample stores' text should show in a plain gallery"
    for path in list((galleries / "redacted").rglob("*.html")) + [galleries / "redacted/manifest.json"]:
        text = path.read_text()
        leaked = [s for s in shown if s in text or json.dumps(s)[1:-1] in text]
        assert not leaked, (path, leaked[:3])


def test_the_layout_and_copy_stay(galleries):
    plain = json.loads((galleries / "plain/manifest.json").read_text())
    redacted = json.loads((galleries / "redacted/manifest.json").read_text())
    assert plain["redacted"] is False and redacted["redacted"] is True
    jsonschema.validate(redacted, json.loads((galleries / "redacted/manifest.schema.json").read_text()))
    assert len(plain["widgets"]) == len(redacted["widgets"])

    def states(widget):
        """The states one after another. Frames that only a figure told apart ("12m", "13m") draw
        the same placeholder, and merge, as any frames drawing the same do."""
        return [state for index, state in enumerate(f["state"] for f in widget["frames"])
                if index == 0 or widget["frames"][index - 1]["state"] != state]
    merged = 0
    for before, after in zip(plain["widgets"], redacted["widgets"]):
        assert states(before) == states(after), before["page"]
        if len(before["frames"]) != len(after["frames"]):
            merged += 1
            continue
        for one, two in zip(before["frames"], after["frames"]):
            # Placeholders are as long as what they replace; copy is word for word.
            assert [len(t) for t in one["texts"]] == [len(t) for t in two["texts"]], before["page"]
    assert merged < len(plain["widgets"]) / 4
    copied = {t for w in plain["widgets"] for f in w["frames"] for t in f["texts"] if t.endswith(("!", "🌸", "."))}
    kept = {t for w in redacted["widgets"] for f in w["frames"] for t in f["texts"]}
    assert "All habits completed today! 🌸" in copied and "All habits completed today! 🌸" in kept
    page = next((galleries / "redacted").rglob("systemSmall.html")).read_text()
    assert "Redacted." in page and "Redacted." not in next((galleries / "plain").rglob("systemSmall.html")).read_text()


def test_two_redacted_galleries_diff_and_a_plain_one_says_so(glimpse_bin, galleries):
    same = glimpse(glimpse_bin, galleries, "diff", "redacted", "redacted-again", "--out", "review-same")
    assert same.returncode == 0, same.stderr
    mixed = glimpse(glimpse_bin, galleries, "diff", "plain", "redacted", "--out", "review-mixed", "--fail-on", "never")
    report = json.loads((galleries / "review-mixed/diff.json").read_text())
    assert mixed.returncode == 0 and ("redacted", "false", "true") in [(s["setting"], s["before"], s["after"]) for s in report["settings"]]
