"""Hostile store text and Markdown copy, end to end: escaped, truncated, never markup."""
import json
import re
import shutil

from conftest import REPO, run_glimpse

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
    container = tmp_path / "store" / "group.app.beebloom"
    container.mkdir(parents=True)
    habits = [{"id": f"h{i}", "title": title, "createdAt": "2026-01-01T08:00:00Z", "archived": False}
              for i, title in enumerate(HOSTILE)]
    (container / "habits.json").write_text(json.dumps({"groups": [], "habits": habits, "completions": []}))
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
    assert '<span class="bb-title truncate">Long 🌸' in markup  # whole in the markup; CSS ends it in an ellipsis
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


FORBIDDEN = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")


def test_control_characters_from_copy_prompts_and_templates_never_reach_a_page(glimpse_bin, tmp_path):
    """Controls are replaced where text enters (store text, copy, prompts, templates), not on every
    page: markup is placed unscanned, so every way in is tried here, and every page is read."""
    content, templates = tmp_path / "content", tmp_path / "templates"
    shutil.copytree(REPO / "content", content)
    shutil.copytree(REPO / "templates", templates)
    controls = "".join(chr(c) for c in [*range(0x00, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F])
    (content / "copy/beebloom/all-complete.md").write_text(f"All done {controls} *now{controls}* 🌸\n")
    for prompt in sorted((content / "prompts").glob("*.md"))[:3]:
        prompt.write_text(prompt.read_text() + f" ctl{controls}\n")
    layout = templates / "layout.mustache"
    layout.write_text(layout.read_text().replace("</body>", f"<!-- {controls} --></body>"))
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--content", content, "--templates", templates, "--app", "beebloom", "--app", "justnow",
                         "--out", out, *NOW)
    assert result.returncode == 0, result.stderr
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        text = page.read_text()
        assert not FORBIDDEN.search(text), f"{page.relative_to(out)}: {FORBIDDEN.search(text)!r}"
    assert "All done \ufffd" in (out / "beebloom/all-complete/systemSmall.html").read_text()
    assert "\ufffd --></body>" in (out / "index.html").read_text()
