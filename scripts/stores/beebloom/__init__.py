"""BeeBloom's App Group as IlyaKukarkin/bee_bloom@8002b16 writes it (docs/widgets/beebloom.md#store):
`group.com.ilyakukarkinorg.beebloom/beebloom.db`, the TinyBase store of `src/store/schema.ts`,
persisted by `createExpoSqlitePersister` with no config (`src/store/persister.ts`):

- `habitGroups`: `id`, `title`, `order` (0, 10, 20 … as groups are made), `createdAt`; `color`
  never set (the app writes null, which TinyBase drops);
- `habits`: `id`, `title`, `description`?, `color` (always: chosen or from the palette),
  `groupId`?, `order` (within its group, as the user dragged it), `createdAt`, `deletedAt`?
  (deleted), `weeklyTarget` (1–7, default 7);
- `checks`: keyed `<habitId>:<YYYY-MM-DD>` (the device's local date): `habitId`, `date`,
  `completed`, `updatedAt`.

Dates are `Date.prototype.toISOString()`."""
import collections
import datetime
import pathlib
import zoneinfo

from stores import tinybase
from stores.encoders import javascript_iso

GROUP = "group.com.ilyakukarkinorg.beebloom"
DATABASE = "beebloom.db"
# The colour picker's palette (`app/habit/new.tsx`).
PALETTE = ["#3c7c5a", "#8fb89e", "#d88c4a", "#7a9cb8", "#b8a89e"]


def iso(moment):
    return javascript_iso(datetime.datetime.fromisoformat(moment) if isinstance(moment, str) else moment)


class Store:
    """A store being filled as the app fills it: groups, habits and checks, in the order they are
    added (the order TinyBase's JSON keeps)."""

    def __init__(self, zone="America/New_York"):
        self.zone = zoneinfo.ZoneInfo(zone)
        self.groups, self.habits, self.checks = {}, {}, {}
        # Habits in each group (None: no group), so that a habit's default order is not a scan of
        # every habit before it: `make bench` writes 100,000.
        self.in_group = collections.Counter()

    def group(self, group_id, title, created):
        order = 10 * len(self.groups)
        self.groups[group_id] = {"id": group_id, "title": title, "order": order, "createdAt": iso(created)}
        return self

    def habit(self, habit_id, title, created, color=None, group=None, order=None, weekly_target=7,
              description=None, deleted=None):
        """A habit as `createHabit` writes it; `order` defaults to 10 past the last in its group."""
        if order is None:
            order = 10 * self.in_group[group]
        row = {"id": habit_id, "title": title}
        if description:
            row["description"] = description
        row["color"] = color or PALETTE[len(self.habits) % len(PALETTE)]
        if group:
            row["groupId"] = group
        row.update(order=order, createdAt=iso(created), weeklyTarget=weekly_target)
        if deleted:
            row["deletedAt"] = iso(deleted)
        if habit_id in self.habits:
            self.in_group[self.habits[habit_id].get("groupId")] -= 1
        self.habits[habit_id] = row
        self.in_group[row.get("groupId")] += 1
        return self

    def check(self, habit_id, at, completed=True):
        """`toggleDailyCheck` (or the widget's tap) at the moment `at`, on its local day."""
        moment = datetime.datetime.fromisoformat(at)
        day = moment.astimezone(self.zone).date().isoformat()
        self.checks[f"{habit_id}:{day}"] = {"habitId": habit_id, "date": day, "completed": completed,
                                            "updatedAt": iso(moment)}
        return self

    def tables(self):
        tables = {}
        for name, rows in (("habitGroups", self.groups), ("habits", self.habits), ("checks", self.checks)):
            if rows:
                tables[name] = rows
        return tables

    def write(self, root, store_text=None):
        """`beebloom.db` in the group container under `root`."""
        container = pathlib.Path(root) / GROUP
        tinybase.write(container / DATABASE, self.tables(), store_text=store_text)
        return container
