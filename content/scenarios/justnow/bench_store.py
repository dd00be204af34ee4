"""Just Now's store for `make bench`: a history of meditation sessions, in Glimpse's sessions.json in
the real app's group (scripts/stores/justnow/).

`make bench` finds this file beside the app's sample scenarios and calls `write(root, count)`:
`count` sessions at ×1 is 100, and the resource bounds use none."""
import datetime
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "scripts"))
from stores import justnow  # noqa: E402

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
UNIT = "sessions"
PER_SCALE = 100


def write(root, sessions):
    start = NOW - datetime.timedelta(minutes=3)
    rows = [{"startedAt": (start - datetime.timedelta(hours=8 * i)).isoformat(), "durationSeconds": 600}
            for i in range(sessions)]
    justnow.write_container(root, text=json.dumps(rows[::-1]).encode())
