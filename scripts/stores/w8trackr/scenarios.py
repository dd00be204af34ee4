"""W8Trackr's sample stores, in the real app's format (scripts/stores/w8trackr/)."""
import datetime

from stores import w8trackr
from stores.w8trackr import weigh_in

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")


def mornings(days, start, end, unit="lb", hour=7, minute=32):
    """One weigh-in a morning for `days` days ending yesterday, from `start` to `end`."""
    rows = []
    for i in range(days):
        day = NOW - datetime.timedelta(days=days - i)
        value = round(start + (end - start) * i / max(days - 1, 1), 1)
        rows.append(weigh_in(value, unit, day.replace(hour=hour, minute=minute, second=0)))
    return rows


def at(iso):
    return datetime.datetime.fromisoformat(iso)


def container(**arguments):
    return lambda root, name: w8trackr.write_container(root, seed=f"w8trackr/{name}", **arguments)


LOSING = mornings(30, 186.0, 176.6)
SCENARIOS = {
    # This morning's entry was edited in the app: WeightEntryView writes "lbs" and modifiedDate.
    "lb-user": container(
        entries=LOSING + [weigh_in(176.2, "lb", at("2026-11-22T07:32:00-05:00"), edited=at("2026-11-22T07:34:10-05:00"))],
        goal=170),
    "kg-user": container(
        entries=mornings(20, 84.0, 79.1, unit="kg") + [weigh_in(78.8, "kg", at("2026-11-22T06:50:00-05:00"))],
        unit="kg", goal=72),
    "other-unit": container(
        entries=mornings(10, 182.0, 180.4) + [weigh_in(81.2, "kg", at("2026-11-22T07:05:00-05:00"))], goal=175),
    "several-today": container(
        entries=mornings(8, 160.0, 158.4) + [
            weigh_in(158.0, "lb", at("2026-11-22T08:45:00-05:00")),
            weigh_in(158.6, "lb", at("2026-11-22T06:10:00-05:00")),
            weigh_in(158.2, "lb", at("2026-11-22T07:40:00-05:00"))],
        goal=150),
    "no-goal": container(entries=mornings(12, 201.4, 199.0) + [weigh_in(198.8, "lb", at("2026-11-21T18:10:00-05:00"))]),
    "goal-reached": container(
        entries=mornings(40, 180.0, 165.4) + [weigh_in(164.2, "lb", at("2026-11-22T07:15:00-05:00"))], goal=165),
    "gaining": container(
        entries=mornings(25, 130.0, 136.0) + [weigh_in(136.4, "lb", at("2026-11-22T07:00:00-05:00"))], goal=145),
    "no-entries": container(goal=160),
    "no-container": lambda root, name: None,
    "wal": container(
        entries=mornings(20, 190.0, 186.0)[:13], goal=180,
        wal_entries=mornings(20, 190.0, 186.0)[13:] + [weigh_in(185.6, "lb", at("2026-11-22T07:20:00-05:00"))]),
    "corrupt-database": container(corrupt=True, goal=170),
    "dst-fall-back": container(
        entries=[weigh_in(171.0, "lb", at("2026-10-30T07:00:00-04:00")),
                 weigh_in(170.2, "lb", at("2026-10-31T07:00:00-04:00")),
                 weigh_in(169.6, "lb", at("2026-11-01T01:30:00-04:00"))],
        goal=160),
}
