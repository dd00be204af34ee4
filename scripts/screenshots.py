#!/usr/bin/env python3
"""Writes a PNG of every app page and every detail page, light and dark, to GALLERY/_screens/.

Usage: scripts/screenshots.py [GALLERY]   (default: public)
Pages are shot whole (full height) at 1280 px wide, offline, once the fonts have loaded.
"""
import json
import pathlib
import sys

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"


def main():
    gallery = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "public").resolve()
    manifest_path = gallery / "manifest.json"
    if not manifest_path.is_file():
        sys.exit(f"{manifest_path} is missing: run `make preview` first")
    manifest = json.loads(manifest_path.read_text())
    pages = sorted({f"{w['app']}/index.html" for w in manifest["widgets"]} | {w["page"] for w in manifest["widgets"]})
    screens = gallery / "_screens"
    written = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
            page.route("http*://**", lambda route: route.abort())
            for path in pages:
                page.goto((gallery / path).as_uri())
                page.evaluate("document.fonts.ready")
                target = screens / f"{path.removesuffix('.html')}-{scheme}.png"
                target.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(target), full_page=True)
                written += 1
            page.close()
        browser.close()
    print(f"Wrote {written} screenshots ({len(pages)} pages, light and dark) to {screens.relative_to(pathlib.Path.cwd()) if screens.is_relative_to(pathlib.Path.cwd()) else screens}/")


if __name__ == "__main__":
    main()
