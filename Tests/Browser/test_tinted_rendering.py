"""The tinted scheme follows WidgetKit's accented rendering (docs/TINT.md): every text and icon is
the accent group's colour or the default group's (or a hole showing the background), drawn from
its alpha alone, so a colour emoji is a silhouette too. Read from the palette the page's own
stylesheet sets, so it holds for any --tint; and with --tint, the palette is the derived one."""
import json
import subprocess

from browser_support import SHOW_EVERY_FRAME, detail_pages, evaluate_json

TINTED = """
() => {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const rgb = css => { ctx.fillStyle = '#000'; ctx.fillStyle = css.trim(); return ctx.fillStyle; };
  const found = [];
  for (const widget of document.querySelectorAll('[data-family][data-scheme="tinted"]')) {
    const root = getComputedStyle(widget);
    const palette = new Set(['--w-label', '--w-secondary', '--w-accent', '--w-bg'].map(name => rgb(root.getPropertyValue(name))));
    for (const element of [widget, ...widget.querySelectorAll('*')]) {
      const own = [...element.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join('').trim();
      const style = getComputedStyle(element);
      const isIcon = element.tagName === 'svg';
      if (!own && !isIcon) continue;
      if (style.visibility !== 'visible' || style.color === 'rgba(0, 0, 0, 0)') continue;  // redacted
      found.push({text: own.slice(0, 30) || element.getAttribute('class'), colour: rgb(style.color), inPalette: palette.has(rgb(style.color)),
                  fill: style.webkitTextFillColor, shadow: style.textShadow, raw: style.color, palette: [...palette]});
    }
  }
  return found;
}
"""


def tinted_texts(browser, gallery, manifest):
    page = browser.new_page()
    found = []
    for path, widget in detail_pages(manifest):
        if widget["family"].startswith("accessory"):
            continue
        page.goto((gallery / path).as_uri())
        page.evaluate(SHOW_EVERY_FRAME)
        found += [dict(item, page=path) for item in evaluate_json(page, TINTED)]
    page.close()
    return found


def check(found):
    assert len(found) > 500, len(found)
    off = [f"{f['page']}: {f['text']!r} is {f['colour']}, not one of {f['palette']}" for f in found if not f["inPalette"]]
    assert not off, "\n".join(off[:20])
    # Drawn from its alpha: the glyphs' own colours (emoji) never show, only the shadow in the group's colour.
    unmasked = [f"{f['page']}: {f['text']!r} fill {f['fill']}, shadow {f['shadow']}" for f in found
                if f["fill"] != "rgba(0, 0, 0, 0)" or not f["shadow"].startswith(f["raw"] + " 0px 0px 0px")]
    assert not unmasked, "\n".join(unmasked[:20])


def test_every_tinted_text_and_icon_is_an_accent_or_default_group_colour(browser, gallery, manifest):
    check(tinted_texts(browser, gallery, manifest))


def test_another_tint_derives_a_palette_that_keeps_the_rule(browser, glimpse_bin, tmp_path):
    out = tmp_path / "pink"
    subprocess.run([str(glimpse_bin), "build", "--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York",
                    "--tint", "#FF6B9D", "--out", str(out), "--quiet"], check=True)
    manifest = json.loads((out / "manifest.json").read_text())
    found = tinted_texts(browser, out, manifest)
    check(found)
    assert any("#ff6b9d" in f["palette"] for f in found), found[:3]
