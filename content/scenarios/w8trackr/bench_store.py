"""W8Trackr's store for `make bench`: weigh-ins in SwiftData's SQLite store, several a day.

`make bench` finds this file beside the app's sample scenarios and calls `write(root, count)`:
`count` weigh-ins at ×1 is 1000, and the resource bounds use 1,000,000 (20,000,000 with BENCH_HUGE=1)."""
import datetime
import plistlib
import sqlite3

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
UNIT = "weigh-ins"
PER_SCALE = 1000
BOUNDS = 1_000_000
HUGE = 20_000_000


def write(root, entries):
    """`entries` weigh-ins, several a day, ending this morning."""
    container = root / "group.com.w8trackr.shared"
    (container / "Library/Preferences").mkdir(parents=True)
    (container / "Library/Application Support").mkdir(parents=True)
    (container / "Library/Preferences/group.com.w8trackr.shared.plist").write_bytes(
        plistlib.dumps({"preferredWeightUnit": "lb", "goalWeight": 170}, fmt=plistlib.FMT_BINARY))
    db = sqlite3.connect(container / "Library/Application Support/default.store")
    db.executescript("""
        CREATE TABLE ZWEIGHTENTRY (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZWEIGHTVALUE FLOAT, ZUNIT VARCHAR, ZDATE TIMESTAMP, ZNOTE VARCHAR, ZBODYFATPERCENTAGE FLOAT);
        CREATE INDEX ZWEIGHTENTRY_ZDATE_INDEX ON ZWEIGHTENTRY (ZDATE);""")
    end = (NOW - datetime.timedelta(hours=1) - REFERENCE).total_seconds()
    step = 6 * 3600
    db.executemany("INSERT INTO ZWEIGHTENTRY VALUES (?, 1, 1, ?, 'lb', ?, NULL, NULL)",
                   ((i + 1, round(200 - 25 * i / entries, 1), end - (entries - 1 - i) * step) for i in range(entries)))
    db.commit()
    db.close()
