"""Just Now's App Group: `group.net.bomash.illya.LittleMoments` (ibomash/LittleMoments@6286def,
`Little Moments/Little Moments.entitlements`).

The shipped app shares nothing with its widgets: its sessions live in a SwiftData store in the app's
own container (and in HealthKit), and its widgets read no data. The spec's "time since last
meditation" needs a history, so Glimpse reads one of its own: `sessions.json`, a list of
`{startedAt, durationSeconds}` (or `{"sessions": [...]}`), dates in ISO 8601 or seconds since 2001."""
import json
import pathlib

GROUP = "group.net.bomash.illya.LittleMoments"
FILE = "sessions.json"


def write_container(root, sessions=None, text=None):
    """The container under `root` with `sessions` (a list of (startedAt, durationSeconds)) as
    JSONEncoder-like text, or `text` as it is."""
    container = pathlib.Path(root) / GROUP
    container.mkdir(parents=True, exist_ok=True)
    if text is None:
        rows = [{"startedAt": started, "durationSeconds": seconds} for started, seconds in sessions]
        text = (json.dumps(rows, indent=2) + "\n").encode()
    (container / FILE).write_bytes(text)
    return container
