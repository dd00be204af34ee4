"""Hostile content, end to end: control characters in any copy, prompt or template never reach a page."""
import re
import shutil

from conftest import REPO, run_glimpse

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]


FORBIDDEN = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")


def test_control_characters_from_copy_prompts_and_templates_never_reach_a_page(glimpse_bin, tmp_path):
    """Controls are replaced where text enters (store text, copy, prompts, templates), not on every
    page: markup is placed unscanned, so every way in is tried here, in every app, and every page is read."""
    content, templates = tmp_path / "content", tmp_path / "templates"
    shutil.copytree(REPO / "content", content)
    shutil.copytree(REPO / "templates", templates)
    controls = "".join(chr(c) for c in [*range(0x00, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F])
    copy = sorted((content / "copy").glob("*/*.md"))
    prompts = sorted((content / "prompts").glob("*/*.md"))
    assert copy and prompts
    for markdown in copy + prompts:
        markdown.write_text(markdown.read_text().rstrip("\n") + f" ctl{controls} *now{controls}*\n")
    layout = templates / "layout.mustache"
    layout.write_text(layout.read_text().replace("</body>", f"<!-- {controls} --></body>"))
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--content", content, "--templates", templates, "--out", out, *NOW)
    assert result.returncode == 0, result.stderr
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 50
    replaced = 0
    for page in pages:
        text = page.read_text()
        assert not FORBIDDEN.search(text), f"{page.relative_to(out)}: {FORBIDDEN.search(text)!r}"
        replaced += "ctl\ufffd" in text
    assert replaced > len(pages) // 2, f"copy reached only {replaced} of {len(pages)} pages"
    assert "\ufffd --></body>" in (out / "index.html").read_text()
