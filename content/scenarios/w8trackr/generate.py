#!/usr/bin/env python3
"""Writes W8Trackr's sample stores: SwiftData's SQLite `default.store` (Core Data schema,
ZWEIGHTENTRY with ZDATE in seconds since 2001-01-01) and the preferences suite plist.

Run it after changing a scenario here: python3 content/scenarios/w8trackr/generate.py
The output is committed, so `make preview` does not need Python. The rows, schema and page
layout are the same every run; a -wal file's header carries random salts, as SQLite's do."""
import datetime
import json
import pathlib
import plistlib
import shutil
import sqlite3

ROOT = pathlib.Path(__file__).resolve().parent
REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
CONTAINER = "group.com.w8trackr.shared"
STORE = f"{CONTAINER}/Library/Application Support/default.store"
SUITE = f"{CONTAINER}/Library/Preferences/{CONTAINER}.plist"

SCHEMA = """
PRAGMA page_size = 4096;
CREATE TABLE ZWEIGHTENTRY (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
  ZWEIGHTVALUE FLOAT, ZUNIT VARCHAR, ZDATE TIMESTAMP, ZNOTE VARCHAR, ZBODYFATPERCENTAGE FLOAT);
CREATE INDEX ZWEIGHTENTRY_ZDATE_INDEX ON ZWEIGHTENTRY (ZDATE);
CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
"""


def seconds(iso):
    return (datetime.datetime.fromisoformat(iso) - REFERENCE).total_seconds()


def entries_before(days, start, end, unit="lb", hour=7, minute=32):
    """One weigh-in a morning for `days` days ending yesterday, from `start` to `end`."""
    rows = []
    for i in range(days):
        day = NOW - datetime.timedelta(days=days - i)
        value = round(start + (end - start) * i / max(days - 1, 1), 1)
        rows.append((value, unit, day.replace(hour=hour, minute=minute, second=0).isoformat()))
    return rows


def write(name, title, description, rows=(), unit="lb", goal=None, suite=True, wal_rows=(), corrupt=False,
          container=True, expect=False, events=(), now="2026-11-22T09:00:00-05:00"):
    folder = ROOT / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    yaml = [f"title: {json.dumps(title)}", f"description: {json.dumps(description, ensure_ascii=False)}",
            f"now: {now}", "timeZone: America/New_York"]
    if expect:
        yaml.append("expectDiagnostics: true")
    if events:
        yaml += ["events:"] + [f"  - {{ at: {at}, type: logWeight, value: {v}, unit: {u} }}" for at, v, u in events]
    (folder / "scenario.yaml").write_text("\n".join(yaml) + "\n")
    if not container:
        return
    (folder / CONTAINER).mkdir()
    if suite:
        prefs = {"preferredWeightUnit": unit, "hasSeenOnboarding": True}
        if goal is not None:
            prefs["goalWeight"] = goal
        (folder / SUITE).parent.mkdir(parents=True)
        (folder / SUITE).write_bytes(plistlib.dumps(prefs, fmt=plistlib.FMT_BINARY, sort_keys=True))
    store = folder / STORE
    store.parent.mkdir(parents=True)
    if corrupt:
        store.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
        return
    build = folder / "build.sqlite"
    db = sqlite3.connect(build)
    db.executescript(SCHEMA)
    db.execute("INSERT INTO Z_PRIMARYKEY VALUES (1, 'WeightEntry', 0, ?)", (len(rows) + len(wal_rows),))
    db.execute("INSERT INTO Z_METADATA VALUES (1, '5C3E1D2A-0000-4000-8000-000000000001', NULL)")
    for pk, (value, entry_unit, when) in enumerate(rows, start=1):
        db.execute("INSERT INTO ZWEIGHTENTRY VALUES (?, 1, 1, ?, ?, ?, NULL, NULL)", (pk, value, entry_unit, seconds(when)))
    db.commit()
    if wal_rows:
        # Later rows stay in the write-ahead log: the files are copied while it is open, as a
        # Simulator's container is when the app is running.
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA wal_autocheckpoint = 0")
        for pk, (value, entry_unit, when) in enumerate(wal_rows, start=len(rows) + 1):
            db.execute("INSERT INTO ZWEIGHTENTRY VALUES (?, 1, 1, ?, ?, ?, NULL, NULL)", (pk, value, entry_unit, seconds(when)))
        db.commit()
        for suffix in ("", "-wal", "-shm"):
            shutil.copyfile(str(build) + suffix, str(store) + suffix)
        db.close()
    else:
        db.close()
        shutil.copyfile(build, store)
    for suffix in ("", "-wal", "-shm"):
        pathlib.Path(str(build) + suffix).unlink(missing_ok=True)


LOSING = entries_before(30, 186.0, 176.6)
write("lb-user", "An lb user", "Thirty mornings of weigh-ins, losing toward 170 lb; this morning's at 7:32 AM.",
      LOSING + [(176.2, "lb", "2026-11-22T07:32:00-05:00")], goal=170)
write("kg-user", "A kg user", "Weights logged and shown in kilograms, goal 72 kg.",
      entries_before(20, 84.0, 79.1, unit="kg") + [(78.8, "kg", "2026-11-22T06:50:00-05:00")], unit="kg", goal=72)
write("other-unit", "Latest entry in the other unit",
      "An lb user whose latest entry was typed in kilograms: 81.2 kg is 179.015… lb, shown as 179.0 lb.",
      entries_before(10, 182.0, 180.4) + [(81.2, "kg", "2026-11-22T07:05:00-05:00")], goal=175)
write("several-today", "Several entries today", "Three weigh-ins this morning; the latest by time wins, whatever the row order.",
      entries_before(8, 160.0, 158.4) + [(158.0, "lb", "2026-11-22T08:45:00-05:00"), (158.6, "lb", "2026-11-22T06:10:00-05:00"),
                                         (158.2, "lb", "2026-11-22T07:40:00-05:00")], goal=150)
write("no-goal", "No goal", "No goalWeight in the suite: only the weight and its time.",
      entries_before(12, 201.4, 199.0) + [(198.8, "lb", "2026-11-21T18:10:00-05:00")])
write("goal-reached", "Goal reached", "Started at 180 lb, goal 165 lb, now 164.2 lb: the success indicator shows.",
      entries_before(40, 180.0, 165.4) + [(164.2, "lb", "2026-11-22T07:15:00-05:00")], goal=165)
write("gaining", "Gaining toward the goal", "A user building up: from 130 lb toward 145 lb; the goal is above the start.",
      entries_before(25, 130.0, 136.0) + [(136.4, "lb", "2026-11-22T07:00:00-05:00")], goal=145,
      events=[("PT10H", "136.9", "lb")])
write("no-entries", "No entries yet", "The app is set up, with a goal, but no weight has been logged.", [], goal=160)
write("no-container", "No container", "The app has never been opened: there is no group container at all.", container=False)
write("wal", "A store with its WAL", "The last week of entries is still in default.store-wal, as a running app leaves it.",
      entries_before(20, 190.0, 186.0)[:13], goal=180,
      wal_rows=entries_before(20, 190.0, 186.0)[13:] + [(185.6, "lb", "2026-11-22T07:20:00-05:00")])
write("corrupt-database", "Corrupt database", "default.store is not a SQLite database any more; the widget shows its fallback and names the file.",
      corrupt=True, goal=170, expect=True)
write("dst-fall-back", "Daylight-saving day (25 h)",
      "Weighed in at 1:30 AM EDT, just before the clocks went back; “Today” turns “Yesterday” at midnight, 25 hours after the day began.",
      [(171.0, "lb", "2026-10-30T07:00:00-04:00"), (170.2, "lb", "2026-10-31T07:00:00-04:00"), (169.6, "lb", "2026-11-01T01:30:00-04:00")],
      goal=160, now="2026-11-01T08:00:00-05:00")
