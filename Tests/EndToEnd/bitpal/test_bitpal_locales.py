"""BitPal's money in the build's locale, as CLDR writes it: German puts the dollar after the amount
with a comma for decimals, Japanese keeps "$" first, Arabic writes Arabic digits; the update time
follows the locale's clock. A total of 100,000 or more is shortened as the shipped widget shortens
it, in the locale's compact form: 万 in Japanese; German shortens only millions, so it stays whole."""
import json
import re

from conftest import run_glimpse
from diff_support import NOW


def totals(glimpse_bin, tmp_path, locale):
    result = run_glimpse(glimpse_bin, *NOW, "--app", "bitpal", "--locale", locale, "--out", tmp_path / locale)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / locale / "manifest.json").read_text())
    small = [w for w in manifest["widgets"] if w["family"] == "systemSmall" and w["frames"][0]["texts"][1:2]]
    return [w["frames"][0]["texts"] for w in small]


def test_money_and_times_follow_the_locale(glimpse_bin, tmp_path):
    german = [texts for texts in totals(glimpse_bin, tmp_path, "de_DE") if texts[-1].startswith("Aktualisiert")]
    assert german and all(re.fullmatch(r"[0-9.]+(,[0-9]{2})?\u00a0\$", texts[1]) for texts in german), german[:3]
    assert any(re.fullmatch(r"[0-9]{3}\.[0-9]{3}\u00a0\$", texts[1]) for texts in german), "a whole six-figure total"
    assert all(re.fullmatch(r"Aktualisiert [0-9]{1,2}:[0-9]{2}", texts[-1]) for texts in german), german[:3]
    japanese = [texts for texts in totals(glimpse_bin, tmp_path, "ja_JP") if texts[-1].endswith("に更新")]
    assert japanese and all(re.fullmatch(r"\$([0-9,]+\.[0-9]{2}|[0-9.]+万)", texts[1]) for texts in japanese), japanese[:3]
    assert any(texts[1].endswith("万") for texts in japanese), "a six-figure total in 万"
    arabic = totals(glimpse_bin, tmp_path, "ar_SA")
    amounts = [texts[1] for texts in arabic if "US$" in texts[1]]
    assert amounts and all(re.search(r"[٠-٩]", a) and not re.search(r"[0-9]", a) for a in amounts), amounts[:3]
