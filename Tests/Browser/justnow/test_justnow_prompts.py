"""Just Now's prompts in a browser: every sample prompt fits medium and large whole."""
from browser_support import SHOW_EVERY_FRAME, evaluate_json
from conftest import REPO, run_glimpse


PROMPTS = """
() => [...document.querySelectorAll('[data-family] .jn-quote')].map(quote => ({
  family: quote.closest('[data-family]').dataset.family,
  text: quote.textContent,
  cut: quote.scrollHeight > quote.clientHeight + 1,
  lines: Math.round(quote.getBoundingClientRect().height / parseFloat(getComputedStyle(quote).lineHeight)),
}))
"""


def test_every_prompt_fits_every_family_whole(browser, glimpse_bin, tmp_path):
    """The clamp keeps any prompt inside; the sample prompts must not even need it.

    Two consecutive days of 3-hour slots are 16 prompts in a row, so every prompt shows."""
    store = tmp_path / "store" / "group.net.bomash.illya.LittleMoments"
    store.mkdir(parents=True)
    (store / "sessions.json").write_text("[]")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    seen, cut = set(), []
    for day in ("2026-11-22", "2026-11-23"):
        out = tmp_path / day
        result = run_glimpse(glimpse_bin, "--store", store.parent, "--app", "justnow", "--now", f"{day}T00:00:00Z",
                             "--time-zone", "UTC", "--out", out, "--quiet")
        assert result.returncode == 0, result.stderr
        for family in ("systemMedium", "systemLarge"):
            page.goto((out / "justnow/store" / f"{family}.html").as_uri())
            page.evaluate(SHOW_EVERY_FRAME)
            page.evaluate("document.fonts.ready")
            for quote in evaluate_json(page, PROMPTS):
                seen.add(quote["text"])
                if quote["cut"]:
                    cut.append(f"{family}: {quote['text']!r} needs more than {quote['lines']} lines")
    page.close()
    prompts = list((REPO / "content/prompts/justnow").glob("*.md"))
    assert len(prompts) >= 12
    assert len(seen) == len(prompts), f"{len(seen)} of {len(prompts)} prompts rendered"
    assert not cut, "\n".join(cut[:10])
