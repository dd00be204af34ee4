"""Hostile store text and Markdown copy through BeeBloom's list, end to end: escaped, truncated, never markup."""
import json
import re
import shutil

from conftest import REPO, run_glimpse
from stores.beebloom import Store

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
HOSTILE = [
    "<script>alert('store')</script>",
    '" onmouseover="alert(1)',
    "{{mustache}} {{{triple}}} {{> partial}}",
    "\u202eevil\u202c reversed \u2067isolate",
    "Nul\u0000byte",
    "Long " + "🌸 wide ｗｏｒｄｓ and ümlauts " * 400,  # over 10 kB
    "<img src=x onerror=alert(1)>",
]


def widget_markup(page):
    """The widgets' own markup on a page, without the store excerpt (which shows the file's text, escaped)."""
    return re.sub(r'<pre class="store-data".*?</pre>', "", page, flags=re.S)


def test_store_text_is_escaped_and_never_markup(glimpse_bin, tmp_path):
    store = Store()
    for i, title in enumerate(HOSTILE):
        store.habit(f"h{i}", title, "2026-01-01T08:00:00+00:00")
    container = store.write(tmp_path / "store")
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", container.parent, "--app", "beebloom", "--out", out, *NOW)
    assert result.returncode == 0, result.stderr
    page = (out / "beebloom/store/systemLarge.html").read_text()
    markup = widget_markup(page)
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(&#39;store&#39;)&lt;/script&gt;" in markup
    assert '" onmouseover="' not in page and "&quot; onmouseover=&quot;alert(1)" in markup
    assert "{{mustache}} {{{triple}}} {{&gt; partial}}" in markup, "Mustache in store text is shown, not evaluated"
    assert "\u0000" not in page and "Nulbyte" in markup  # store text loses its control characters
    assert "\u202eevil" in markup  # kept, and isolated by CSS (unicode-bidi: isolate) so it cannot reorder the page
    assert '<span class="bb-title truncate" data-source="store:habits[].title">Long 🌸' in markup  # whole in the markup; CSS ends it in an ellipsis
    manifest = json.loads((out / "manifest.json").read_text())
    texts = [t for w in manifest["widgets"] for f in w["frames"] for t in f["texts"]]
    assert any(t.startswith("<script>alert") for t in texts), "the manifest keeps the text as it is (JSON-escaped)"


def test_markdown_copy_drops_raw_html_and_javascript_links(glimpse_bin, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    (content / "copy/beebloom/all-complete.md").write_text(
        "All done <script>alert(1)</script><b onclick=x>bold</b> [tap](javascript:alert(2)) [ok](https://example.org) 🌸\n")
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--content", content, "--app", "beebloom", "--out", out, *NOW)
    assert result.returncode == 0, result.stderr
    page = (out / "beebloom/all-complete/systemSmall.html").read_text()
    assert "<script>alert(1)" not in page and "onclick" not in page and "javascript:" not in page
    assert "All done" in page and "🌸" in page
