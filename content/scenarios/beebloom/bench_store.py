"""BeeBloom's store for `make bench`: habits in groups, with ten days of checks each, in the real
app's format: TinyBase's one row in beebloom.db (scripts/stores/beebloom/).

`make bench` finds this file beside the app's sample scenarios and calls `write(root, count)`:
`count` habits at ×1 is 30. The resource bounds use 24,000: with their checks (193,456) that is the
most the store-rows limit lets one table hold (200,000, docs/LIMITS.md), in 25 MiB. At 100,000 the
store is 106 MiB and refused unread (store-file, 64 MiB): a bound that measured nothing."""
import datetime
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "scripts"))
from stores.beebloom import PALETTE, Store  # noqa: E402

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
UNIT = "habits"
PER_SCALE = 30
BOUNDS = 24_000
WORDS = ("drink water stretch read walk journal floss meditate call mum practise piano plan tomorrow "
         "tidy desk cook vegetables sleep early lift weights study spanish water plants breathe").split()


def write(root, habits):
    """`habits` habits in 7 groups, ten days of checks each (so up to 10 × habits checks)."""
    rng = random.Random(habits)
    store = Store()
    for i in range(7):
        store.group(f"g{i}", f"Group {i}", "2026-01-01T08:00:00+00:00")
    for i in range(habits):
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize()
        store.habit(f"h{i}", title, "2026-01-01T08:00:00+00:00", PALETTE[i % len(PALETTE)],
                    f"g{i % 7}" if i % 5 else None, deleted="2026-11-01T08:00:00+00:00" if i % 17 == 0 else None)
        for day in range(10):
            if rng.random() < 0.8 or day == 0 and i % 3 == 0:
                when = NOW - datetime.timedelta(days=day, hours=rng.randint(0, 8))
                store.check(f"h{i}", when.isoformat())
    store.write(root)
