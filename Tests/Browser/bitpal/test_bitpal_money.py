"""BitPal in a browser: no amount is ever cut."""
from browser_support import SHOW_EVERY_FRAME, detail_pages


def test_money_is_never_cut(browser, gallery, manifest):
    """Truncating a price or a total would mislead: BitPal steps its type down instead."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    cut = []
    for path, widget in detail_pages(manifest):
        if widget["app"] != "bitpal":
            continue
        page.goto((gallery / path).as_uri())
        page.evaluate(SHOW_EVERY_FRAME)
        page.evaluate("document.fonts.ready")
        cut += [f"{path}: {text}" for text in page.evaluate(
            "[...document.querySelectorAll('[data-family] :is(.bp-total, .bp-pnl, .bp-percent, .bp-value, .bp-row-pct)')]"
            ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")]
    page.close()
    assert not cut, "\n".join(cut[:10])
