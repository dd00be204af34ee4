"""W8Trackr's SQLite store, made hostile: its weigh-in table replaced by an endless recursive view,
or given a trigger and a generated column. The build never hangs: a view is refused by name, and
any read stops at its deadline (issue 20, item 3). 60 s timeout, 1 GB address space."""
import json
import resource
import shutil
import sqlite3
import subprocess
import time

from conftest import REPO

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
STORE = "group.com.w8trackr.shared/Library/Application Support/default.store"


def store_with(tmp_path, sql):
    root = tmp_path / "store"
    shutil.copytree(REPO / "content/scenarios/w8trackr/lb-user", root)
    db = sqlite3.connect(root / STORE)
    db.executescript(sql)
    db.commit()
    db.close()
    return root


def build(glimpse_bin, store, out):
    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    started = time.monotonic()
    result = subprocess.run([str(glimpse_bin), "build", *NOW, "--store", str(store), "--out", str(out), "--app", "w8trackr"],
                            cwd=REPO, capture_output=True, text=True, timeout=60, preexec_fn=limited)
    return result, time.monotonic() - started


def test_a_recursive_view_in_place_of_the_table_is_refused(glimpse_bin, tmp_path):
    store = store_with(tmp_path, """
        DROP TABLE ZWEIGHTENTRY;
        CREATE VIEW ZWEIGHTENTRY AS
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
          SELECT i AS Z_PK, 170.0 AS ZWEIGHTVALUE, 'lb' AS ZUNIT, 785000000.0 AS ZDATE FROM n;""")
    result, seconds = build(glimpse_bin, store, tmp_path / "public")
    assert result.returncode == 0, result.stderr
    assert "default.store" in result.stderr and "ZWEIGHTENTRY is a view, not a table" in result.stderr
    manifest = json.loads((tmp_path / "public/manifest.json").read_text())
    assert manifest["widgets"] and all(w["frames"] for w in manifest["widgets"])
    print(f"recursive view refused in {seconds:.2f} s")


def test_a_trigger_and_a_generated_column_are_read_as_plain_data(glimpse_bin, tmp_path):
    store = store_with(tmp_path, """
        ALTER TABLE ZWEIGHTENTRY ADD COLUMN ZEXTRA TEXT GENERATED ALWAYS AS (upper(ZUNIT) || zeroblob(10)) VIRTUAL;
        CREATE TRIGGER ZGROW AFTER INSERT ON ZWEIGHTENTRY BEGIN INSERT INTO ZWEIGHTENTRY (ZWEIGHTVALUE) VALUES (1); END;""")
    result, _ = build(glimpse_bin, store, tmp_path / "public")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "public/manifest.json").read_text())
    assert not any(w["diagnostics"] for w in manifest["widgets"]), result.stderr
