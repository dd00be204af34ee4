"""GlimpseKit's DocC catalog against what it re-exports (Sources/GlimpseKit/Exports.swift): its API
article links every declaration to its page, in the module that declares it, and links nothing else.
(`make docs` builds the archive and scripts/check-docs.py checks the pages are there: it takes a minute.)"""
import re

from conftest import REPO

EXPORTS = REPO / "Sources/GlimpseKit/Exports.swift"
CATALOG = REPO / "Sources/GlimpseKit/GlimpseKit.docc"
DECLARATION = re.compile(r"^@_exported import (?:struct|enum|protocol|class|typealias|func) (\w+)\.(\w+)$", re.M)
WHOLE = re.compile(r"^@_exported import (\w+)$", re.M)
LINK = re.compile(r"``/(\w+)/([^`]+)``")


def test_the_api_article_links_each_declaration_glimpsekit_exports_to_its_page():
    exports = EXPORTS.read_text()
    declared = set(DECLARATION.findall(exports))
    whole = set(WHOLE.findall(exports))
    links = {(module, path.split("/")[0]) for module, path in LINK.findall((CATALOG / "API.md").read_text())}
    assert declared <= links, sorted(declared - links)
    # A link is to an exported declaration, to a module exported whole, or to an extension of one.
    for article in CATALOG.glob("*.md"):
        for module, path in LINK.findall(article.read_text()):
            first = path.split("/")[0]
            assert module in whole or (module, first) in declared or first in whole, (article.name, module, path)
