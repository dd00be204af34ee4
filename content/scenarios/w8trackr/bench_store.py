"""W8Trackr's store for `make bench`: weigh-ins in SwiftData's SQLite store, several a day, in the
real app's format (scripts/stores/w8trackr/).

`make bench` finds this file beside the app's sample scenarios and calls `write(root, count)`:
`count` weigh-ins at ×1 is 1000, and the resource bounds use 1,000,000 (20,000,000 with BENCH_HUGE=1)."""
import datetime
import pathlib
import sqlite3
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "scripts"))
from stores import coredata, defaults, w8trackr  # noqa: E402

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
UNIT = "weigh-ins"
PER_SCALE = 1000
BOUNDS = 1_000_000
HUGE = 20_000_000


def write(root, entries):
    """`entries` weigh-ins, several a day, ending this morning."""
    container = root / w8trackr.GROUP
    defaults.write_suite(container, w8trackr.GROUP, {"preferredWeightUnit": "lb", "goalWeight": 170.0})
    store = container / w8trackr.STORE
    store.parent.mkdir(parents=True)
    db = sqlite3.connect(store)
    coredata.create_schema(db, w8trackr.MODEL, {"WeightEntry": entries}, seed="bench")
    end = coredata.seconds(NOW - datetime.timedelta(hours=1))
    step = 6 * 3600
    entity = w8trackr.MODEL.number("WeightEntry")
    # In Entity.columns() order: Z_PK, Z_ENT, Z_OPT, ZPENDINGHEALTHSYNC, ZSYNCVERSION, ZDATE,
    # ZMODIFIEDDATE, ZWEIGHTVALUE, ZBODYFATPERCENTAGE, ZHEALTHKITUUID, ZNOTE, ZSOURCE, ZWEIGHTUNIT.
    db.executemany(coredata.insert_statement(w8trackr.MODEL, "WeightEntry"),
                   ((i + 1, entity, 1, 1, 1, end - (entries - 1 - i) * step, None, round(200 - 25 * i / entries, 1),
                     None, None, None, "W8Trackr", "lb") for i in range(entries)))
    db.commit()
    db.close()
