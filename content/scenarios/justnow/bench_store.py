"""Just Now's store for `make bench`: a history of meditation sessions.

`make bench` finds this file beside the app's sample scenarios and calls `write(root, count)`:
`count` sessions at ×1 is 100, and the resource bounds use none."""
import datetime
import json

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
UNIT = "sessions"
PER_SCALE = 100


def write(root, sessions):
    container = root / "group.app.justnow"
    container.mkdir(parents=True)
    start = NOW - datetime.timedelta(minutes=3)
    rows = [{"startedAt": (start - datetime.timedelta(hours=8 * i)).isoformat(), "durationSeconds": 600} for i in range(sessions)]
    (container / "sessions.json").write_text(json.dumps(rows[::-1]))
