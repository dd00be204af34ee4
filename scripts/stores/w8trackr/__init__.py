"""W8Trackr's App Group as wsaults/W8Trackr@f313636 writes it (docs/widgets/w8trackr.md#store).

- `group.com.saults.W8Trackr/Library/Application Support/default.store`: SwiftData's store of the
  schema `[WeightEntry, CompletedMilestone]` (`W8Trackr/Shared/SharedModelContainer.swift`,
  `W8Trackr/Models/WeightEntry.swift`, `W8Trackr/Models/Milestone.swift`).
- `group.com.saults.W8Trackr/Library/Preferences/group.com.saults.W8Trackr.plist`: the suite the
  app copies `preferredWeightUnit` (`"lb"`/`"kg"`) and `goalWeight` (a Double in that unit) into
  (`W8Trackr/Views/ContentView.swift`)."""
import pathlib

from stores import coredata, defaults

GROUP = "group.com.saults.W8Trackr"
STORE = "Library/Application Support/default.store"

MODEL = coredata.Model(
    coredata.Entity("WeightEntry", [
        ("weightValue", "FLOAT"), ("weightUnit", "VARCHAR"), ("date", "TIMESTAMP"), ("note", "VARCHAR"),
        ("bodyFatPercentage", "DECIMAL"), ("modifiedDate", "TIMESTAMP"), ("healthKitUUID", "VARCHAR"),
        ("source", "VARCHAR"), ("syncVersion", "INTEGER"), ("pendingHealthSync", "INTEGER")]),
    coredata.Entity("CompletedMilestone", [
        ("targetWeight", "FLOAT"), ("weightUnit", "VARCHAR"), ("achievedDate", "TIMESTAMP"),
        ("startWeight", "FLOAT"), ("celebrationShown", "INTEGER")]),
)


def weigh_in(value, unit, when, edited=None, note=None, body_fat=None):
    """A `WeightEntry` as the app inserts it (`WeightEntry(weight:unit:date:note:)`); `edited`, the
    moment it was edited: `WeightEntryView` then writes the unit's display name (`lbs` for pounds),
    `modifiedDate`, and the row's version goes to 2."""
    row = {"weightValue": value, "weightUnit": unit, "date": when, "note": note, "bodyFatPercentage": body_fat,
           "source": "W8Trackr", "syncVersion": 1, "pendingHealthSync": True}
    if edited is not None:
        row.update(weightUnit="lbs" if unit == "lb" else unit, modifiedDate=edited, _opt=2)
    return row


def write_container(root, entries=(), wal_entries=(), unit="lb", goal=None, suite=True, corrupt=False,
                    seed="default.store", milestones=()):
    """The group container under `root`: the suite (unless `suite` is false) and the store.

    `corrupt` writes a file that is no SQLite database where the store would be."""
    container = pathlib.Path(root) / GROUP
    container.mkdir(parents=True, exist_ok=True)
    if suite:
        values = {"preferredWeightUnit": unit}
        if goal is not None:
            values["goalWeight"] = float(goal)
        defaults.write_suite(container, GROUP, values)
    store = container / STORE
    if corrupt:
        store.parent.mkdir(parents=True, exist_ok=True)
        store.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
        return container
    if entries or wal_entries or milestones:
        coredata.write(store, MODEL, {"WeightEntry": list(entries), "CompletedMilestone": list(milestones)},
                       wal_rows={"WeightEntry": list(wal_entries)}, seed=seed)
    else:
        # The app opens its ModelContainer at launch: an empty store exists before any entry.
        coredata.write(store, MODEL, {}, seed=seed)
    return container
