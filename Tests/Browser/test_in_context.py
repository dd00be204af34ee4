"""The "in context" pages (`<app>/<scenario>/context.html`) in Chromium: the Home Screen, Lock Screen
and StandBy views at the screen class's true size, each widget exactly in its slot and nothing spilling,
night mode's red still readable, a control in each of its places, and axe."""
import pathlib

import pytest

from browser_support import CONTRAST, MEASURE, axe_violations, contrast_failures, evaluate_json

VIEWS = """
() => [...document.querySelectorAll('[data-context]')].map(view => {
  const box = view.getBoundingClientRect();
  const rect = r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height});
  const inside = r => r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  return {
    context: view.dataset.context, wallpaper: view.dataset.wallpaper || '', width: box.width, height: box.height,
    filter: [...view.querySelectorAll('.sb-slot')].map(slot => getComputedStyle(slot).filter),
    widgets: [...view.querySelectorAll('[data-family]')].map(widget => {
      const r = widget.getBoundingClientRect();
      const slot = widget.closest('.hs-slot');
      return {family: widget.dataset.family, scheme: widget.dataset.scheme, box: rect(r), inside: inside(r),
              slot: slot ? rect(slot.getBoundingClientRect()) : null};
    }),
    icons: [...view.querySelectorAll('.hs-app')].map(app => {
      const icon = app.querySelector('.hs-icon').getBoundingClientRect(), label = app.querySelector('.hs-label').getBoundingClientRect();
      return {icon: rect(icon), label: rect(label), inside: inside(icon) && inside(label)};
    }),
    names: [...view.querySelectorAll('.hs-widget-label')].map(label => ({box: rect(label.getBoundingClientRect()), inside: inside(label.getBoundingClientRect())})),
    modules: [...view.querySelectorAll('.cc-module, .ls-corner-button:not(.ls-corner-camera)')].map(module => ({
      kind: module.className, box: rect(module.getBoundingClientRect()),
      title: (module.querySelector('.cc-title') || {}).textContent || '',
      titleVisible: !!module.querySelector('.cc-title') && module.querySelector('.cc-title').getBoundingClientRect().height > 0,
      text: module.innerText.trim(),
    })),
  };
})
"""

# Night mode as the page draws it: the SVG filter takes a colour's luma (0.2126 R + 0.7152 G + 0.0722 B),
# passes it through a table (linear between its points, as SVG's feFuncR does) and draws it in red.
NIGHT = CONTRAST.replace(
    "for (const widget of document.querySelectorAll('[data-family]'))",
    "for (const widget of document.querySelectorAll('[data-context=\"standby-night\"] [data-family]'))",
).replace(
    "const [l1, l2] = [luminance(foreground.colour), luminance(background.colour)]",
    "const table = [0, 0.01, 0.02, 0.04, 0.12, 0.9, 1, 1, 1, 1, 1];\n"
    "      const curve = v => { const k = Math.min(9, Math.floor(v * 10)); return table[k] + (v * 10 - k) * (table[k + 1] - table[k]); };\n"
    "      const night = ([r, g, b]) => [255 * curve((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255), 0, 0];\n"
    "      const [l1, l2] = [luminance(night(foreground.colour)), luminance(night(background.colour))]",
)
# Both replacements must take, or NIGHT would silently measure by day.
assert "standby-night" in NIGHT and "luminance(night(foreground.colour))" in NIGHT, "CONTRAST changed: update NIGHT"


def context_pages(manifest):
    """Each unit's context page, with its widgets' manifest entries by family."""
    units = {}
    for widget in manifest["widgets"]:
        folder = str(pathlib.PurePosixPath(widget["page"]).parent)
        units.setdefault(folder, {})[widget["family"]] = widget
    return sorted(units.items())


def overlaps(a, b):
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


def test_every_unit_has_a_context_page_linked_from_its_detail_pages(gallery, manifest):
    for folder, widgets in context_pages(manifest):
        assert (gallery / folder / "context.html").is_file(), folder
        for widget in widgets.values():
            assert '<a href="context.html">In context</a>' in (gallery / widget["page"]).read_text(), widget["page"]


def test_every_view_is_at_true_size_with_each_widget_in_its_slot(browser, gallery, manifest):
    screen = manifest["device"]["screen"]
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems, checked = [], {"home": 0, "lock": 0, "standby": 0, "standby-night": 0}
    for folder, widgets in context_pages(manifest):
        page.goto((gallery / folder / "context.html").as_uri())
        page.evaluate("document.fonts.ready")
        for spilled in evaluate_json(page, MEASURE):
            problems += [f"{folder} {spilled['family']} {spilled['scheme']}: {spill}" for spill in spilled["spills"]]
        for view in evaluate_json(page, VIEWS):
            where = f"{folder} {view['context']} {view['wallpaper']}"
            if view["context"] in ("home", "lock"):
                checked[view["context"]] += 1
                if (view["width"], view["height"]) != (screen["width"], screen["height"]):
                    problems.append(f"{where}: {view['width']}×{view['height']}, not the screen's {screen}")
            if view["context"].startswith("standby"):
                checked[view["context"]] += 1
                if (view["width"], view["height"]) != (screen["height"], screen["width"]):
                    problems.append(f"{where}: {view['width']}×{view['height']}, not the screen in landscape")
                night = view["context"] == "standby-night"
                if any(("standby-night" in f) != night for f in view["filter"]):
                    problems.append(f"{where}: filters {view['filter']}")
            for widget in view["widgets"]:
                size = widgets[widget["family"]]["size"]
                box = widget["box"]
                if not widget["inside"]:
                    problems.append(f"{where} {widget['family']}: outside its screen")
                if view["context"].startswith("standby"):
                    scale = box["width"] / size["width"]
                    if not (1 < scale <= 2 and abs(box["height"] / size["height"] - scale) < 0.01):
                        problems.append(f"{where} {widget['family']}: scaled {box['width']}×{box['height']} from {size}")
                elif widget["family"] == "control":
                    if view["context"] == "lock" and (round(box["width"]), round(box["height"])) != (50, 50):
                        problems.append(f"{where} control: {box['width']}×{box['height']}, not the 50 pt corner button")
                elif view["context"] in ("home", "lock") and (box["width"], box["height"]) != (size["width"], size["height"]):
                    problems.append(f"{where} {widget['family']}: {box['width']}×{box['height']}, not {size}")
                if widget["slot"] and any(abs(widget["slot"][k] - box[k]) > 0.5 for k in ("left", "top", "width", "height")):
                    problems.append(f"{where} {widget['family']}: does not fill its grid slot {widget['slot']}")
            for icon in view["icons"]:
                if (icon["icon"]["width"], icon["icon"]["height"]) != (60, 60) or icon["label"]["height"] < 12 or not icon["inside"]:
                    problems.append(f"{where}: icon {icon}")
                if any(overlaps(icon["icon"], widget["box"]) or overlaps(icon["label"], widget["box"]) for widget in view["widgets"]):
                    problems.append(f"{where}: an icon or its label overlaps a widget")
                if any(overlaps(icon["icon"], name["box"]) or overlaps(icon["label"], name["box"]) for name in view["names"]):
                    problems.append(f"{where}: an icon or its label overlaps the app's name under a widget")
            if view["context"] == "home" and (len(view["names"]) != len(view["widgets"]) or not all(n["inside"] for n in view["names"])):
                problems.append(f"{where}: each widget's app name, inside the screen: {view['names']}")
    page.close()
    if not any(w["family"].startswith("accessory") for w in manifest["widgets"]):
        del checked["lock"]  # a screen class without Lock Screen accessories (320×568)
    assert all(checked.values()), checked
    assert not problems, "\n".join(problems[:20])


def test_carplay_and_the_mac_show_the_widgets_at_their_documented_sizes(browser, gallery, manifest):
    """CarPlay (docs/IN-CONTEXT.md): 400×240 pt, the small widget scaled to (240 − 2·16) ÷ its height
    in hundredths, down; the Mac: every widget at its own size. No app of the five has the Smart Stack."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems, seen = [], {"carplay": 0, "mac": 0, "mac-behind": 0}
    for folder, widgets in context_pages(manifest):
        page.goto((gallery / folder / "context.html").as_uri())
        page.evaluate("document.fonts.ready")
        for view in evaluate_json(page, VIEWS):
            where = f"{folder} {view['context']} {view['wallpaper']}"
            if view["context"] == "smart-stack":
                problems.append(f"{where}: a Smart Stack for an app without a watch app")
            if view["context"] not in seen:
                continue
            seen[view["context"]] += 1
            if view["context"] == "carplay" and (view["width"], view["height"]) != (400, 240):
                problems.append(f"{where}: {view['width']}×{view['height']}, not 400×240")
            for widget in view["widgets"]:
                size, box = widgets[widget["family"]]["size"], widget["box"]
                scale = int((240 - 32) / size["height"] * 100) / 100 if view["context"] == "carplay" else 1
                expected = (size["width"] * scale, size["height"] * scale)
                if abs(box["width"] - expected[0]) > 0.5 or abs(box["height"] - expected[1]) > 0.5 or not widget["inside"]:
                    problems.append(f"{where} {widget['family']}: {box['width']}×{box['height']}, not {expected}")
                if view["context"] == "carplay" and widget["family"] != "systemSmall":
                    problems.append(f"{where}: CarPlay shows only the small widget, not {widget['family']}")
    page.close()
    assert all(seen.values()), seen
    assert not problems, "\n".join(problems[:20])


def test_a_control_shows_in_every_place_with_the_title_only_where_there_is_room(browser, gallery, manifest):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    units = [(folder, widgets) for folder, widgets in context_pages(manifest) if "control" in widgets]
    if not units:
        pytest.skip("no app of this gallery has a control")
    for folder, widgets in units:
        title = widgets["control"]["frames"][0]["texts"][0]
        page.goto((gallery / folder / "context.html").as_uri())
        views = {view["context"]: view for view in evaluate_json(page, VIEWS)}
        assert {"control-center", "lock-corner", "action-button"} <= set(views), folder
        modules = {m["kind"].split()[-1]: m for m in views["control-center"]["modules"]}
        sizes = {kind: (m["box"]["width"], m["box"]["height"]) for kind, m in modules.items()}
        assert sizes == {"cc-small": (72, 72), "cc-medium": (162, 72), "cc-large": (162, 162)}, sizes
        assert modules["cc-small"]["text"] == "", "the small control shows its symbol only"
        assert modules["cc-medium"]["title"] == modules["cc-large"]["title"] == title
        assert modules["cc-medium"]["titleVisible"] and modules["cc-large"]["titleVisible"]
        corner = views["lock-corner"]["modules"][0]
        assert (corner["box"]["width"], corner["box"]["height"], corner["text"]) == (50, 50, "")
        assert title in page.locator("[data-context=action-button]").inner_text()
        for lock in (v for v in evaluate_json(page, VIEWS) if v["context"] == "lock"):
            assert [(m["box"]["width"], m["text"]) for m in lock["modules"]] == [(50, "")], "the control in the Lock Screen's corner"
    page.close()


def test_every_text_meets_aa_by_day_and_in_night_mode_red(browser, gallery, manifest):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems, night = [], 0
    for folder, _ in context_pages(manifest):
        url = (gallery / folder / "context.html").as_uri()
        _, failures = contrast_failures(page, url)
        problems += [f"{folder}: {failure}" for failure in failures]
        for m in evaluate_json(page, NIGHT):
            night += 1
            if m["ratio"] < m["needed"]:
                problems.append(f"{folder} night mode {m['element']} {m['text']!r}: {m['ratio']:.2f}:1 < {m['needed']}:1")
    page.close()
    assert night > 0
    assert not problems, "\n".join(problems[:20])


def test_axe_finds_no_violations_on_context_pages(browser, gallery, manifest):
    """wcag2a and wcag2aa on each app's first context page: the pages differ only by the widgets
    inside, which axe checks on their detail pages."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems, apps = [], set()
    for folder, _ in context_pages(manifest):
        if folder.split("/")[0] in apps:
            continue
        apps.add(folder.split("/")[0])
        page.goto((gallery / folder / "context.html").as_uri())
        problems += [f"{folder}: {v['id']} ({v['impact']}) at {v['nodes'][0]['target']}" for v in axe_violations(page)]
    page.close()
    assert not problems, "\n".join(problems[:20])
