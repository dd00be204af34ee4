"""`glimpse check` on a BeeBloom store no file of the repository holds, as a new user's would be: its
titles, cut at every size, are accepted by their source (`store:habits[].title`) with no entry that
names a title; an entry for a copy key holds in every language the key is translated into; and the
report's first screen shows the problems, each with its frame and its grid, not the findings."""
import json
import random

import jsonschema
import pytest

from conftest import REPO
from diff_support import LAYOUT_RULES, copy_content, glimpse
from stores import beebloom, tinybase

pytestmark = [pytest.mark.xdist_group("beebloom-check"), pytest.mark.long_running(120)]

WORDS = ["quokka", "zither", "marmalade", "tundra", "origami", "velvet", "harbour", "lantern", "saffron", "glacier",
         "Großmutter", "anrufen", "東京", "散歩", "قراءة", "مساء", "emoji 🦦", "cellos 🎻"]


def titles(seed, count=8):
    """Titles no fixture has: words drawn by a seeded generator, some long, some short."""
    pick = random.Random(seed)
    return [" ".join(pick.choice(WORDS) for _ in range(pick.randint(2, 9))) for _ in range(count)]


@pytest.fixture(scope="module")
def work(glimpse_bin, tmp_path_factory):
    folder = copy_content(tmp_path_factory.mktemp("beebloom-check"))
    habits = [f'"h{i}":' + json.dumps({"id": f"h{i}", "title": title, "order": i}, ensure_ascii=False)
              for i, title in enumerate(titles(20261127))]
    root = folder / "unknown-store"
    text = '[{"habits":{' + ",".join(habits) + '}},{}]'
    tinybase.write(root / beebloom.GROUP / beebloom.DATABASE, None, store_text=text.encode())
    result = glimpse(glimpse_bin, folder, "build", "--store", root, "--app", "beebloom", "--out", "unknown",
                     "--text-size", "xSmall", "--text-size", "AX5", "--locale", "en_US", "--locale", "de_DE",
                     "--quiet")
    assert result.returncode == 0, result.stderr
    return folder


def test_a_stores_titles_need_no_entry_of_their_own(glimpse_bin, work):
    accept = json.loads((REPO / "glimpse-accepted.json").read_text())
    stored = set(titles(20261127))
    assert not {entry.get("text") for entry in accept["accepted"]} & stored
    result = glimpse(glimpse_bin, work, "check", "unknown", "--out", "unknown-check", "--accept",
                     REPO / "glimpse-accepted.json", *LAYOUT_RULES, "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "unknown-check/findings.json").read_text())
    jsonschema.validate(report, json.loads((work / "unknown-check/findings.schema.json").read_text()))
    cut = [f for f in report["findings"] if f["rule"] == "truncated" and f["element"].get("source") == "store:habits[].title"]
    assert {f["element"]["text"] for f in cut} & stored, "the store's titles are cut somewhere"
    assert all(f.get("accepted") for f in cut)
    # One problem per family, whatever the title, the size or the language.
    problems = [p for p in report["problems"] if p["element"].get("source") == "store:habits[].title" and p["rule"] == "truncated"]
    assert sorted(p["family"] for p in problems) == ["systemLarge", "systemMedium", "systemSmall"]
    assert all(p["accepted"] == p["findings"] for p in problems)


def test_an_entry_for_a_copy_key_holds_in_every_language(glimpse_bin, work, tmp_path):
    """"+N more", written long in English and in German so that it is cut in both: one entry naming
    its key accepts every cut, in both languages."""
    (work / "content/copy/beebloom/more.md").write_text("+{count} more habits are still waiting for you\n")
    (work / "content/copy/beebloom/de/more.md").write_text("+{count} weitere Gewohnheiten warten noch auf dich\n")
    root = work / "unknown-store"
    result = glimpse(glimpse_bin, work, "build", "--store", root, "--app", "beebloom", "--out", "long-more",
                     "--locale", "en_US", "--locale", "de_DE", "--quiet")
    assert result.returncode == 0, result.stderr
    by_source = tmp_path / "by-source.json"
    by_source.write_text(json.dumps({"schemaVersion": 2, "accepted": [
        {"rule": "truncated", "widget": "beebloom/*", "source": "copy:beebloom/more", "reason": "Seeded for the test."},
        {"rule": "hit-target", "widget": "beebloom/*", "source": "role:more-row", "reason": "Seeded for the test."}]}))
    result = glimpse(glimpse_bin, work, "check", "long-more", "--out", "more-check", "--accept", by_source,
                     "--rule", "truncated", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "more-check/findings.json").read_text())
    more = [f for f in report["findings"] if f["element"].get("source") == "copy:beebloom/more"]
    assert {f["widget"]["locale"] for f in more} == {"en_US", "de_DE"}
    assert {f["element"]["text"].split(" ", 1)[1][:5] for f in more} == {"more ", "weite"}
    assert all(f.get("accepted") == "Seeded for the test." for f in more)
    # The entry of a rule that did not run is not stale; one that accepted nothing of its rule is.
    assert report.get("staleAccepted") is None


def test_the_reports_first_screen_shows_problems_with_their_frames(work, page):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto((work / "unknown-check/index.html").as_uri())
    cards = page.locator(".ck-problem")
    assert cards.count() > 0
    first = cards.first
    assert first.locator(".ck-frame img").evaluate("img => img.complete && img.naturalWidth > 0")
    assert first.locator(".ck-outline").count() == 1 and first.locator(".ck-grid td").count() > 0
    assert first.locator(".ck-extent").inner_text().strip()
    # The findings are a click away: on the problem's own page, never on the first screen.
    assert page.locator(".ck-finding").count() == 0
    first.locator(".ck-more a").click()
    assert page.locator(".ck-finding").count() > 0
