"""`--locale` as a user gives it: the copy in its language (the region's translation, then the
language's, then English, which is said), store text as the store has it, and a locale ICU does not
know refused, and several locales in one gallery, a variant each."""
import json

from conftest import run_glimpse
from diff_support import LAYOUT_RULES, NOW, copy_content


def texts(gallery, app):
    manifest = json.loads((gallery / "manifest.json").read_text())
    return manifest, [text for widget in manifest["widgets"] if widget["app"] == app
                      for frame in widget["frames"] for text in frame["texts"]]


def test_german_copy_falls_back_to_english_where_untranslated_and_says_so(glimpse_bin, tmp_path):
    work = copy_content(tmp_path)
    (work / "content/copy/onegoal/de/done-today.md").unlink()
    (work / "content/copy/onegoal/de_AT").mkdir()
    (work / "content/copy/onegoal/de_AT/complete.md").write_text("Ziel geschafft! 🎉\n")
    for locale, complete in (("de_DE", "Ziel erreicht! 🎉"), ("de_AT", "Ziel geschafft! 🎉")):
        result = run_glimpse(glimpse_bin, *NOW, "--app", "onegoal", "--locale", locale, "--out", tmp_path / locale,
                             cwd=work)
        assert result.returncode == 0, result.stderr
        note = f"info: [onegoal] content/copy/onegoal: 1 key not localized for {locale}, shown in English: done-today"
        assert note in result.stderr, result.stderr
        manifest, shown = texts(tmp_path / locale, "onegoal")
        assert any("not localized for" in d["message"] for d in manifest["diagnostics"])
        assert complete in shown and "Done today" in shown and "Not done yet today" not in shown
        assert any("von 66 Tagen" in text for text in shown) and "Heute noch offen" in shown
        # Store text is the store's: a goal's title is never translated.
        assert "Morning run" in shown


def test_japanese_and_arabic_copy_and_english_unchanged(glimpse_bin, tmp_path):
    for locale, done in (("ja_JP", "今日は達成"), ("ar_SA", "أُنجز اليوم"), ("en_GB", "Done today")):
        result = run_glimpse(glimpse_bin, *NOW, "--app", "onegoal", "--locale", locale, "--out", tmp_path / locale)
        assert result.returncode == 0 and "not localized" not in result.stderr, result.stderr
        assert done in texts(tmp_path / locale, "onegoal")[1]


def test_a_translation_of_no_key_and_a_folder_of_no_locale_are_warnings_that_name_the_file(glimpse_bin, tmp_path):
    work = copy_content(tmp_path)
    (work / "content/copy/onegoal/de/stray.md").write_text("Verirrt\n")
    (work / "content/copy/onegoal/german").mkdir()
    (work / "content/copy/onegoal/german/complete.md").write_text("Fertig\n")
    result = run_glimpse(glimpse_bin, *NOW, "--app", "onegoal", "--locale", "de_DE", "--out", tmp_path / "out", cwd=work)
    assert result.returncode == 0, result.stderr
    assert ("warning: content/copy/onegoal/de/stray.md: no copy of this key in English (content/copy/onegoal/stray.md)"
            in result.stderr), result.stderr
    assert "warning: content/copy/onegoal/german: not a locale ICU knows" in result.stderr
    strict = run_glimpse(glimpse_bin, *NOW, "--app", "onegoal", "--strict", "--out", tmp_path / "strict", cwd=work)
    assert strict.returncode == 1, strict.stderr


def test_check_finds_the_copy_left_in_english_and_nothing_else_new(glimpse_bin, tmp_path):
    """A German gallery with every key translated has no `not-localized` finding; with one key's
    translation gone, what is new against it is that key's English, found by exactly that rule on
    the widgets that show it, naming the file to translate."""
    from diff_support import glimpse
    work = copy_content(tmp_path)

    def check(name):
        built = run_glimpse(glimpse_bin, *NOW, "--app", "onegoal", "--locale", "de_DE", "--out", work / name, cwd=work)
        assert built.returncode == 0, built.stderr
        return json.loads((work / name / "manifest.json").read_text())

    manifest = check("whole")
    assert "notLocalized" not in manifest
    # The rules that read layout, not pixels: a translation left out changes words, not colours.
    result = glimpse(glimpse_bin, work, "check", "whole", "--out", "whole-check", *LAYOUT_RULES, "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    assert not [f for f in json.loads((work / "whole-check/findings.json").read_text())["findings"]
                if f["rule"] == "not-localized"]
    (work / "content/copy/onegoal/de/done-today.md").unlink()
    manifest = check("partial")
    assert manifest["notLocalized"] == [{"app": "onegoal", "key": "done-today", "text": "Done today"}]
    result = glimpse(glimpse_bin, work, "check", "partial", "--out", "partial-check", "--baseline", "whole-check",
                     *LAYOUT_RULES, "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    new = [f for f in json.loads((work / "partial-check/findings.json").read_text())["findings"]
           if f.get("baseline") == "new"]
    assert new and {(f["rule"], f["element"]["text"]) for f in new} == {("not-localized", "Done today")}, new[:4]
    showing = {f"{w['app']}/{w['scenario']}/{w['family']}" for w in manifest["widgets"]
               if any("Done today" in f["texts"] for f in w["frames"] + w.get("storyboard", []))}
    assert {f["widget"]["key"] for f in new} == showing
    assert all("content/copy/onegoal/done-today.md" in f["message"] for f in new)


def test_check_over_the_language_axis_finds_the_english_left_in_german_and_not_in_english(glimpse_bin, tmp_path):
    """One gallery in English and German, German without one key's translation: the English widgets
    show "Done today" as they should, and only the German widgets that show it are found."""
    from diff_support import glimpse
    work = copy_content(tmp_path)
    (work / "content/copy/onegoal/de/done-today.md").unlink()
    built = run_glimpse(glimpse_bin, *NOW, "--app", "onegoal", "--locale", "en_US", "--locale", "de_DE",
                        "--out", work / "both", cwd=work)
    assert built.returncode == 0, built.stderr
    manifest = json.loads((work / "both/manifest.json").read_text())
    assert manifest["notLocalized"] == [{"app": "onegoal", "key": "done-today", "locale": "de_DE", "text": "Done today"}]
    assert {w["locale"] for w in manifest["widgets"]} == {"en_US", "de_DE"}
    assert all(w["page"].endswith(".de_DE.html") == (w["locale"] == "de_DE") for w in manifest["widgets"])
    result = glimpse(glimpse_bin, work, "check", "both", "--out", "check", "--rule", "not-localized",
                     "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    found = [f for f in json.loads((work / "check/findings.json").read_text())["findings"]
             if f["rule"] == "not-localized"]
    showing = {(w["app"], w["scenario"], w["family"]) for w in manifest["widgets"]
               if any("Done today" in f["texts"] for f in w["frames"] + w.get("storyboard", []))
               and w["locale"] == "de_DE"}
    assert showing and {f["widget"]["key"] for f in found} == {f"{a}/{s}/{f}@de_DE" for a, s, f in showing}
    english = [w for w in manifest["widgets"] if w["locale"] == "en_US"
               and any("Done today" in f["texts"] for f in w["frames"])]
    assert english, "the English widgets show the same words, and are not found"


def test_scenario_titles_follow_the_language_of_their_page(glimpse_bin, tmp_path):
    """One Goal's scenarios have German titles and descriptions (`<scenario>/de/scenario.yaml`): the
    German pages show them, the English pages and the English sidebar do not, and a German gallery's
    sidebar does."""
    import re
    both = tmp_path / "both"
    result = run_glimpse(glimpse_bin, *NOW, "--app", "onegoal", "--locale", "en_US", "--locale", "de_DE",
                         "--out", both)
    assert result.returncode == 0, result.stderr

    def title(page):
        return re.search(r'<h1>.*?<span class="subtle">(.*?)</span>', page.read_text()).group(1)
    assert title(both / "onegoal/complete/systemSmall.de_DE.html") == "Ziel erreicht"
    assert title(both / "onegoal/complete/systemSmall.html") == "Goal complete"
    assert "Ziel erreicht" not in (both / "onegoal/complete/systemSmall.html").read_text()
    german = tmp_path / "german"
    result = run_glimpse(glimpse_bin, *NOW, "--app", "onegoal", "--locale", "de_DE", "--out", german)
    assert result.returncode == 0, result.stderr
    index = (german / "onegoal/index.html").read_text()
    assert "Ziel erreicht" in index and "Goal complete" not in index
