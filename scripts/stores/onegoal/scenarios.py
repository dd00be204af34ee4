"""One Goal's sample stores: the spec's snapshot, as the app's JavaScript builds it
(scripts/stores/onegoal/)."""
import datetime

from stores import onegoal
from stores.onegoal import snapshot


def at(iso):
    return datetime.datetime.fromisoformat(iso)


def container(*arguments, **keywords):
    return lambda root, name: onegoal.write_container(root, snapshot(*arguments, **keywords))


SCENARIOS = {
    "complete": container("No sugar for 30 days", 30, 30, "2026-11-21", at("2026-11-21T20:02:11+00:00"), "#AF52DE"),
    # A write cut short, as a crash in the native module's write might leave it.
    "corrupt": lambda root, name: onegoal.write_container(root, text=b'{"title":"Meditate","totalDays":100,"completedDays":4'),
    "done-today": container("Morning run", 66, 41, "2026-11-22", at("2026-11-22T07:30:00-05:00"), "#34C759"),
    "dst-fall-back": container("Stretch", 100, 23, "2026-10-31", at("2026-10-31T19:30:00-04:00"), "#5AC8FA"),
    "dst-spring-forward": container("Stretch", 100, 57, "2026-03-07", at("2026-03-07T19:30:00-05:00"), "#5AC8FA"),
    "in-progress": container("Read 20 pages", 30, 12, "2026-11-21", at("2026-11-21T21:14:03-05:00"), "#FF9500"),
    "kathmandu": container("Practise Nepali", 30, 9, "2026-11-22", at("2026-11-22T19:05:00+05:45"), "#f00"),
    "no-goal": lambda root, name: None,
    "year-long": container("Write one page of the novel every single day, no excuses 📖", 365, 200, "2026-11-20",
                           at("2026-11-20T22:40:00-05:00")),
}
