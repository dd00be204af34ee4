"""BitPal in a browser: no amount is ever cut."""
import pytest

from browser_support import detail_pages


@pytest.mark.xdist_group("detail-pages")
def test_money_is_never_cut(detail_page_survey, manifest):
    """Truncating a price or a total would mislead: BitPal steps its type down instead.

    survey_money.js on every BitPal detail page, every frame shown, the fonts
    loaded (read from the detail_page_survey fixture)."""
    _, surveyed = detail_page_survey
    cut = []
    for path, widget in detail_pages(manifest):
        if widget["app"] != "bitpal":
            continue
        cut += [f"{path}: {text}" for text in surveyed[path]["money"]]
    assert not cut, "\n".join(cut[:10])
