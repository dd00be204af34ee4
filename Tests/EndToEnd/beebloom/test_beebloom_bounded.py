"""Size that would multiply (issue 31, docs/LIMITS.md): a habit title of 1, 10 and 50 MB is shortened
where it is read, so the gallery, the memory and the time stay what a short title takes; 200,000
habits (the store-rows limit) are counted, not kept, and "+N more" still tells the true number; a
million are refused before any is decoded. The stores are the real app's: TinyBase's one row in
beebloom.db."""
import json
import re

import pytest

from hostile_support import build
from stores import beebloom, tinybase

OUTPUT_LIMIT = 50 << 20


def folder_bytes(folder):
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def store(tmp_path, habits):
    """A beebloom.db whose `habits` table holds `habits`, each `"id":{cells}` JSON text."""
    root = tmp_path / "store"
    text = '[{"habits":{' + ",".join(habits) + '}},{}]'
    tinybase.write(root / beebloom.GROUP / beebloom.DATABASE, None, store_text=text.encode())
    return root


@pytest.mark.long_running(20)
@pytest.mark.parametrize("megabytes", [1, 10, 50])
def test_a_huge_title_is_shortened_where_it_is_read(glimpse_bin, tmp_path, megabytes):
    title = "🌸" * (megabytes * (1 << 20) // 4)
    root = store(tmp_path, ['"h1":' + json.dumps({"id": "h1", "title": title, "order": 0}, ensure_ascii=False),
                            '"h2":{"id":"h2","title":"Water the plants","order":10}'])
    out = tmp_path / "public"
    built = build(glimpse_bin, "--store", root, "--app", "beebloom", "--out", out, "--quiet")
    built.report(f"habit title of {megabytes} MB")
    assert built.returncode == 0, built.stderr
    size = folder_bytes(out)
    print(f"hostile habit title of {megabytes} MB: output {size / (1 << 20):.1f} MB")
    assert size < OUTPUT_LIMIT, size
    characters = len(title)
    assert (f"[0].habits.h1.title: a string of {characters:,} characters, shortened to 2,048 (store-string, "
            "docs/LIMITS.md)") in built.stderr, built.stderr
    page = (out / "beebloom/store/systemLarge.html").read_text()
    assert "🌸" * 2048 + "…" in page and "🌸" * 2049 not in page
    manifest = json.loads((out / "manifest.json").read_text())
    longest = max(len(text) for widget in manifest["widgets"] for frame in widget["frames"] for text in frame["texts"])
    assert longest <= 2048 + 1, longest


@pytest.mark.long_running(10)
def test_the_most_habits_a_store_may_hold_are_counted_not_kept(glimpse_bin, tmp_path):
    """200,000 habits, the store-rows limit: every one counted, and "+N more" tells the true number."""
    count = 200_000
    root = store(tmp_path, ('"%d":{"title":"Habit %d","order":%d}' % (i, i, i) for i in range(count)))
    out = tmp_path / "public"
    # The store's read has all the time it needs: what is under test is what it counts, not how fast
    # this machine is (a clean clone beside a build took 19 s, past the default 10 s, and fell back).
    built = build(glimpse_bin, "--store", root, "--app", "beebloom", "--out", out, "--quiet", "--store-timeout", "250")
    built.report(f"{count:,} habits")
    assert built.returncode == 0, built.stderr
    size = folder_bytes(out)
    print(f"hostile {count:,} habits: output {size / (1 << 20):.1f} MB")
    assert size < OUTPUT_LIMIT
    small = (out / "beebloom/store/systemSmall.html").read_text()
    assert re.search(r"\+([\d,]+) more", small), "the small widget says how many more there are"
    # The small widget shows two habits at 9:00, and the rest are "more": the true count.
    frame = json.loads((out / "manifest.json").read_text())["widgets"]
    first = next(w for w in frame if w["family"] == "systemSmall")["frames"][0]["texts"]
    assert first[-1] == f"+{count - (len(first) - 1):,} more", first


@pytest.mark.long_running(10)
def test_a_million_habits_are_refused_before_they_are_decoded(glimpse_bin, tmp_path):
    """Past store-rows a table's rows are counted, not decoded: the store is refused, in little memory."""
    root = store(tmp_path, ('"%d":{"title":"Habit %d","order":%d}' % (i, i, i) for i in range(1_000_000)))
    out = tmp_path / "public"
    built = build(glimpse_bin, "--store", root, "--app", "beebloom", "--out", out, "--quiet")
    built.report("1,000,000 habits")
    assert built.returncode == 0, built.stderr
    assert "beebloom.db: [0].habits: more than 200,000 rows (store-rows, docs/LIMITS.md)" in built.stderr
    widgets = json.loads((out / "manifest.json").read_text())["widgets"]
    assert {f["state"] for w in widgets for f in w["frames"]} == {"unreadable"}


def test_a_store_that_starts_with_a_byte_order_mark_is_bounded_too(glimpse_bin, tmp_path):
    """habits.json, Glimpse's earlier format, still read until the next release."""
    container = tmp_path / "store" / "group.app.beebloom"
    container.mkdir(parents=True)
    habits = {"habits": [{"id": "h1", "title": "x" * 5000, "createdAt": 0}]}
    (container / "habits.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(habits).encode())
    built = build(glimpse_bin, "--store", container.parent, "--app", "beebloom", "--out", tmp_path / "public", "--quiet")
    assert built.returncode == 0, built.stderr
    assert "habits[0].title: a string of 5,000 characters, shortened to 2,048" in built.stderr
    assert "x" * 2049 not in (tmp_path / "public/beebloom/store/systemLarge.html").read_text()
