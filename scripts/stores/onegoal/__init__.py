"""One Goal's App Group: `group.com.mj.onegoal` (MariannaMilovanova/Goal-Tracker@2dff268, `app.json`).

The app builds the spec's §8.1 `WidgetSnapshot` (`src/utils/widgetSnapshot.ts`) and hands
`JSON.stringify(snapshot)` to a native module, `OneGoalWidgetBridge.writeSnapshot`
(`src/native/widgetBridge.ts`), that is not in the repository: no shipped app writes a file here.
Glimpse reads the snapshot as that JSON in `widget-snapshot.json`, a name of its own: compact, keys
in the snapshot's order, `updatedAt` from `toISOString()`, `accentColor` left out when unset."""
import pathlib

from stores.encoders import javascript_iso, javascript_json

GROUP = "group.com.mj.onegoal"
FILE = "widget-snapshot.json"


def snapshot(title, total, completed, last_completed, updated, accent=None):
    """`buildWidgetSnapshot(goal)`, in its keys' order."""
    value = {"title": title, "totalDays": total, "completedDays": completed, "lastCompletedDate": last_completed}
    if accent is not None:
        value["accentColor"] = accent
    value["updatedAt"] = javascript_iso(updated)
    return value


def write_container(root, value=None, text=None):
    """The container under `root` with the snapshot `value` (or `text` as it is)."""
    container = pathlib.Path(root) / GROUP
    container.mkdir(parents=True, exist_ok=True)
    (container / FILE).write_bytes(text if text is not None else javascript_json(value))
    return container
