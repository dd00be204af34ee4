"""W8Trackr's SQLite store, made hostile: its weigh-in table replaced by an endless recursive view,
given a trigger and a generated column, or holding a huge TEXT or BLOB value. The build never
hangs and never loads the value: a view is refused by name, a row with a value too long is
skipped, and any read stops at its deadline (issue 20, item 3). Every other app still renders.
60 s timeout, 1 GB address space, and under 512 MB resident."""
import json
import shutil
import sqlite3

from conftest import REPO, app_ids
from hostile_support import build

STORE = "group.com.saults.W8Trackr/Library/Application Support/default.store"


def store_with(tmp_path, sql):
    root = tmp_path / "store"
    shutil.copytree(REPO / "content/scenarios/w8trackr/lb-user", root)
    db = sqlite3.connect(root / STORE)
    db.executescript(sql)
    db.commit()
    db.close()
    return root


def build_store(glimpse_bin, store, tmp_path):
    """Every app, so that the rest of the gallery is seen to build."""
    built = build(glimpse_bin, "--store", store, "--out", tmp_path / "public")
    manifest = json.loads((tmp_path / "public/manifest.json").read_text())
    assert {w["app"] for w in manifest["widgets"]} == set(app_ids()) and all(w["frames"] for w in manifest["widgets"])
    return built, [w for w in manifest["widgets"] if w["app"] == "w8trackr"]


def test_a_recursive_view_in_place_of_the_table_is_refused(glimpse_bin, tmp_path):
    store = store_with(tmp_path, """
        DROP TABLE ZWEIGHTENTRY;
        CREATE VIEW ZWEIGHTENTRY AS
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
          SELECT i AS Z_PK, 170.0 AS ZWEIGHTVALUE, 'lb' AS ZWEIGHTUNIT, 785000000.0 AS ZDATE FROM n;""")
    built, _ = build_store(glimpse_bin, store, tmp_path)
    assert built.returncode == 0, built.stderr
    assert "default.store" in built.stderr and "ZWEIGHTENTRY is a view, not a table" in built.stderr
    built.report("a recursive view for W8Trackr's table")


def test_a_trigger_and_a_generated_column_are_read_as_plain_data(glimpse_bin, tmp_path):
    store = store_with(tmp_path, """
        ALTER TABLE ZWEIGHTENTRY ADD COLUMN ZEXTRA TEXT GENERATED ALWAYS AS (upper(ZWEIGHTUNIT) || zeroblob(10)) VIRTUAL;
        CREATE TRIGGER ZGROW AFTER INSERT ON ZWEIGHTENTRY BEGIN INSERT INTO ZWEIGHTENTRY (ZWEIGHTVALUE) VALUES (1); END;""")
    built, widgets = build_store(glimpse_bin, store, tmp_path)
    assert built.returncode == 0, built.stderr
    assert not any(w["diagnostics"] for w in widgets), built.stderr
    built.report("a trigger and a generated column in W8Trackr's store")


def test_a_huge_text_value_is_never_loaded(glimpse_bin, tmp_path):
    # 300 MiB of text in one row's unit: loaded, once by SQLite and once as a string, it would
    # take more than the 512 MB the build may.
    store = store_with(tmp_path, """
        UPDATE ZWEIGHTENTRY SET ZWEIGHTUNIT = replace(hex(zeroblob(150 * 1024 * 1024)), '0', 'l')
          WHERE Z_PK = (SELECT min(Z_PK) FROM ZWEIGHTENTRY);""")
    built, widgets = build_store(glimpse_bin, store, tmp_path)
    assert built.returncode == 0, built.stderr
    assert any("default.store" in line and "1 row with a value over 64 KiB was skipped" in line
               for line in built.stderr.splitlines()), built.stderr
    # The other weigh-ins are read: the widget shows a weight, not its fallback.
    assert all(w["frames"][0]["state"] not in ("unreadable", "noEntries") for w in widgets)
    built.report("a 300 MiB TEXT value in W8Trackr's store")


def test_a_huge_blob_value_is_never_loaded(glimpse_bin, tmp_path):
    store = store_with(tmp_path, """
        UPDATE ZWEIGHTENTRY SET ZWEIGHTVALUE = zeroblob(300 * 1024 * 1024) WHERE Z_PK = (SELECT max(Z_PK) FROM ZWEIGHTENTRY);""")
    built, _ = build_store(glimpse_bin, store, tmp_path)
    assert built.returncode == 0, built.stderr
    assert "1 row with a value over 64 KiB was skipped" in built.stderr, built.stderr
    built.report("a 300 MiB BLOB value in W8Trackr's store")


def test_a_million_weigh_ins_are_read_a_row_at_a_time(glimpse_bin, tmp_path):
    """Issue 31: a count of items that would multiply. A million older rows under the store's own,
    read through a cursor: the widget still shows the latest weight, in seconds and little memory."""
    store = store_with(tmp_path, """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
        INSERT INTO ZWEIGHTENTRY (Z_ENT, Z_OPT, ZWEIGHTVALUE, ZWEIGHTUNIT, ZDATE)
          SELECT 2, 1, 150 + (i % 10) * 0.1, 'lb', 700000000 - i * 60 FROM n;""")
    plain = build(glimpse_bin, "--store", store_with(tmp_path / "plain", ""), "--app", "w8trackr",
                  "--out", tmp_path / "plain-public", "--quiet")
    # All the time it needs, so that a busy machine cannot make it fall back (the default is 10 s).
    built = build(glimpse_bin, "--store", store, "--app", "w8trackr", "--out", tmp_path / "public", "--quiet",
                  "--store-timeout", "250")
    built.report("1,000,000 W8Trackr weigh-ins")
    assert built.returncode == 0, built.stderr
    size = sum(f.stat().st_size for f in (tmp_path / "public").rglob("*") if f.is_file())
    print(f"hostile 1,000,000 W8Trackr weigh-ins: output {size / (1 << 20):.1f} MB")
    assert size < 50 << 20
    latest = lambda out: [w["frames"][0]["texts"][0] for w in json.loads((out / "manifest.json").read_text())["widgets"]
                          if w["family"] == "systemSmall"]
    # The latest weight is still the store's own; the old rows are the history the goal is measured from.
    assert plain.returncode == 0 and latest(tmp_path / "public") == latest(tmp_path / "plain-public")
