"""Just Now in Arabic: how long since the last session takes the plural form CLDR gives its number
(two hours are "ساعتين", three to ten "ساعات", eleven and more "ساعة"), in Arabic digits, in the
widget and in the line VoiceOver reads."""
import json
import re

from conftest import run_glimpse
from diff_support import NOW


def test_arabic_hours_take_their_plural_form(glimpse_bin, tmp_path):
    result = run_glimpse(glimpse_bin, *NOW, "--app", "justnow", "--locale", "ar_SA", "--out", tmp_path / "ar")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "ar/manifest.json").read_text())
    assert re.fullmatch(r"ICU [0-9.]+, CLDR [0-9.]+", manifest["formats"]), manifest["formats"]
    spoken = set()
    for page in {w["page"] for w in manifest["widgets"]}:
        spoken |= set(re.findall(r'aria-label="آخر تأمل (منذ [^".]*)\.', (tmp_path / "ar" / page).read_text()))
    digits = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")
    hours = {}
    for said in spoken:
        if said == "منذ ساعتين":
            hours[2] = said
        elif match := re.fullmatch(r"منذ ([٠-٩]+) (ساعات|ساعة)", said):
            hours[int(match[1].translate(digits))] = match[2]
    assert hours.get(2) == "منذ ساعتين", sorted(spoken)
    few = [n for n, word in hours.items() if word == "ساعات"]
    many = [n for n, word in hours.items() if word == "ساعة"]
    assert few and all(3 <= n <= 10 for n in few), hours
    assert many and all(n >= 11 for n in many), hours
    # No Western digit is left in the copy the widget draws around the number.
    texts = [t for w in manifest["widgets"] for f in w["frames"] for t in f["texts"] if t.startswith("منذ")]
    assert texts and not any(re.search(r"[0-9]", t) for t in texts), texts[:5]


def test_prompts_are_translated_and_a_missing_one_stays_english(glimpse_bin, tmp_path):
    """`content/prompts/justnow/<language>/<file>` is the prompt in that language, the region's over
    the language's; a prompt without one is shown in English."""
    from diff_support import copy_content
    work = copy_content(tmp_path)
    prompts = work / "content/prompts/justnow"

    def shown(locale):
        result = run_glimpse(glimpse_bin, *NOW, "--app", "justnow", "--locale", locale, "--out", tmp_path / locale,
                             cwd=work)
        assert result.returncode == 0, result.stderr
        return {t for w in json.loads((tmp_path / locale / "manifest.json").read_text())["widgets"]
                for f in w["frames"] for t in f["texts"]}

    def said(path):
        return path.read_text().split("---")[-1].strip().replace("*", "")
    german = shown("de_DE")
    on_the_day = [p.name for p in sorted((prompts / "de").glob("*.md")) if said(p) in german]
    assert len(on_the_day) >= 3, on_the_day
    untranslated, regional, kept = on_the_day[:3]
    (prompts / "de" / untranslated).unlink()
    (prompts / "de_AT").mkdir()
    (prompts / "de_AT" / regional).write_text("Grüß di, a Augenblick.\n")
    austrian = shown("de_AT")
    assert said(prompts / untranslated) in austrian
    # The prompt left in English is not localized, as a key of the copy would be.
    manifest = json.loads((tmp_path / "de_AT" / "manifest.json").read_text())
    assert {"app": "justnow", "key": f"prompts/justnow/{untranslated}", "text": said(prompts / untranslated),
            "file": f"content/prompts/justnow/{untranslated}"} in manifest["notLocalized"]
    assert "Grüß di, a Augenblick." in austrian and said(prompts / "de" / regional) not in austrian
    assert said(prompts / "de" / kept) in austrian


def test_every_language_of_one_gallery_shows_its_own_prompts_and_a_pseudolanguage_changes_them(glimpse_bin, tmp_path):
    """Prompts are the app's own words: in a gallery of English, German, Japanese and bounded
    English, each language's widgets show that language's prompts (the app shares them among its
    scenarios, once per language), and bounded wraps each prompt in [# … #], as Xcode's does."""
    from diff_support import REPO
    result = run_glimpse(glimpse_bin, *NOW, "--app", "justnow", "--locale", "en_US", "--locale", "de_DE",
                         "--locale", "ja_JP", "--pseudo", "bounded", "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    prompts = REPO / "content/prompts/justnow"

    def said(path):
        return path.read_text().split("---")[-1].strip().replace("*", "")
    english = {said(p) for p in prompts.glob("*.md")}
    german = {said(p) for p in (prompts / "de").glob("*.md")}
    japanese = {said(p) for p in (prompts / "ja").glob("*.md")}
    shown = {}
    for widget in json.loads((tmp_path / "out/manifest.json").read_text())["widgets"]:
        language = widget["locale"] + ("+" + widget["pseudo"] if widget.get("pseudo") else "")
        shown.setdefault(language, set()).update(t for f in widget["frames"] for t in f["texts"])
    assert shown["en_US"] & english and not shown["en_US"] & (german | japanese)
    assert shown["de_DE"] & german and not shown["de_DE"] & (english | japanese)
    assert shown["ja_JP"] & japanese and not shown["ja_JP"] & (english | german)
    bounded = {t for t in shown["en_US+bounded"] if t.startswith("[# ") and t[3:-3] in english}
    assert bounded and not shown["en_US+bounded"] & english


def test_check_finds_a_prompt_left_in_english_on_that_languages_widgets_alone(glimpse_bin, tmp_path):
    from diff_support import copy_content, glimpse
    work = copy_content(tmp_path)
    prompts = work / "content/prompts/justnow"
    english = {p.name: p.read_text().split("---")[-1].strip().replace("*", "") for p in prompts.glob("*.md")}
    built = run_glimpse(glimpse_bin, *NOW, "--app", "justnow", "--locale", "en_US", "--locale", "de_DE",
                        "--out", work / "both", cwd=work)
    assert built.returncode == 0, built.stderr
    manifest = json.loads((work / "both/manifest.json").read_text())
    # The prompt the German widgets show first: its translation removed.
    first = next(t for w in manifest["widgets"] if w["locale"] == "en_US" for f in w["frames"] for t in f["texts"]
                 if t in english.values())
    name = next(n for n, t in english.items() if t == first)
    (prompts / "de" / name).unlink()
    built = run_glimpse(glimpse_bin, *NOW, "--app", "justnow", "--locale", "en_US", "--locale", "de_DE",
                        "--out", work / "partial", cwd=work)
    assert built.returncode == 0, built.stderr
    assert f"info: [justnow] 1 file not localized for de_DE, shown in English: content/prompts/justnow/{name}" \
        in built.stderr, built.stderr
    manifest = json.loads((work / "partial/manifest.json").read_text())
    result = glimpse(glimpse_bin, work, "check", "partial", "--out", "check", "--rule", "not-localized",
                     "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    found = [f for f in json.loads((work / "check/findings.json").read_text())["findings"]
             if f["rule"] == "not-localized"]
    showing = {f"{w['app']}/{w['scenario']}/{w['family']}@de_DE" for w in manifest["widgets"]
               if w["locale"] == "de_DE" and any(first in f["texts"] for f in w["frames"])}
    assert showing and {f["widget"]["key"] for f in found} == showing
    assert all(f"content/prompts/justnow/{name}" in f["message"] for f in found)
    # Every scenario reads the prompts (once a build per language, shared): each German page says so.
    pages = {w["page"] for w in manifest["widgets"] if w["locale"] == "de_DE"}
    marked = {p for p in pages if f"content/prompts/justnow/{name}" in (work / "partial" / p).read_text()}
    assert len(pages) > 20 and marked == pages


def test_an_emphasis_in_an_arabic_prompt_is_not_an_overlap_with_its_own_sentence(glimpse_bin, tmp_path):
    """"أرخِ فكّك. أنزل كتفيك. ثم أرخِ *مرة أخرى*." wraps its emphasis onto the second line: the
    first line's kasra and the second's hamza reach into the line gap, and their boxes meet though
    no glyph touches another. One sentence is set by one line breaker, so its parts are never
    compared; a different text drawn into it still is (the seeded overlap of the check's tests)."""
    from diff_support import copy_content, glimpse
    work = copy_content(tmp_path)
    built = run_glimpse(glimpse_bin, *NOW, "--app", "justnow", "--locale", "ar_SA", "--device", "430x932",
                        "--out", work / "arabic", cwd=work)
    assert built.returncode == 0, built.stderr
    result = glimpse(glimpse_bin, work, "check", "arabic", "--out", "check", "--rule", "overlap", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    found = json.loads((work / "check/findings.json").read_text())["findings"]
    prompts = [f for f in found if (f["element"].get("source") or "").startswith("copy:justnow/prompts")]
    assert not prompts, [f["message"] for f in prompts][:3]
    # The control: the sentence and its emphasis are on the medium widget's page.
    page = (work / "arabic/justnow/corrupt/systemMedium.html").read_text()
    assert "ثم أرخِ <em>مرة أخرى</em>." in page


def test_the_large_prompt_gives_way_to_the_start_button_under_double_length(glimpse_bin, tmp_path):
    """The double-length pseudolanguage says every prompt twice: at xxLarge on the smallest screen the
    large widget's prompt takes the lines its room holds and ends in an ellipsis, and the Start
    Meditation button stays inside the widget, as a VStack gives its flexible text what is left."""
    from diff_support import copy_content, glimpse
    work = copy_content(tmp_path)
    built = run_glimpse(glimpse_bin, *NOW, "--app", "justnow", "--pseudo", "double", "--device", "320x568",
                        "--text-size", "xxLarge", "--text-size", "AX4", "--out", work / "double", cwd=work)
    assert built.returncode == 0, built.stderr
    result = glimpse(glimpse_bin, work, "check", "double", "--out", "check", "--rule", "clipped", "--rule", "overlap",
                     "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    found = [f for f in json.loads((work / "check/findings.json").read_text())["findings"]
             if f["widget"]["family"] == "systemLarge"]
    assert not found, [(f["rule"], f["message"]) for f in found][:4]
    manifest = json.loads((work / "double/manifest.json").read_text())
    large = [w for w in manifest["widgets"] if w["family"] == "systemLarge" and w["scenario"] == "three-minutes-ago"]
    # The control: the prompt is still there, clamped to fewer lines than the six it has at Large.
    page = (work / "double" / large[0]["page"]).read_text()
    lines = [int(n) for n in re.findall(r'--prompt-lines:(\d+)', page)]
    assert lines and max(lines) < 6 and min(lines) >= 1, lines
