"""BeeBloom's store for `make bench`: habits in groups, with ten days of completions each.

`make bench` finds this file beside the app's sample scenarios and calls `write(root, count)`:
`count` habits at ×1 is 30, and the resource bounds use 100,000."""
import datetime
import json
import random

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
UNIT = "habits"
PER_SCALE = 30
BOUNDS = 100_000
PALETTE = ["#F2B8C6", "#8CC7A1", "#A7C4E8", "#F6D28B", "#C9B6E4", "#9ED9D1", "#F4A988"]
WORDS = ("drink water stretch read walk journal floss meditate call mum practise piano plan tomorrow "
         "tidy desk cook vegetables sleep early lift weights study spanish water plants breathe").split()


def write(root, habits):
    """`habits` habits in 7 groups, ten days of completions each (so 10 × habits rows)."""
    rng = random.Random(habits)
    container = root / "group.app.beebloom"
    container.mkdir(parents=True)
    groups = [{"id": f"g{i}", "name": f"Group {i}", "color": PALETTE[i], "order": i} for i in range(len(PALETTE))]
    items, completions = [], []
    for i in range(habits):
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize()
        items.append({"id": f"h{i}", "title": title, "createdAt": "2026-01-01T08:00:00Z", "archived": i % 17 == 0,
                      "groupId": f"g{i % len(groups)}" if i % 5 else None})
        for day in range(10):
            if rng.random() < 0.8 or day == 0 and i % 3 == 0:
                when = NOW - datetime.timedelta(days=day, hours=rng.randint(0, 8))
                completions.append({"habitId": f"h{i}", "completedAt": when.isoformat()})
    for item in items:
        if item["groupId"] is None:
            del item["groupId"]
    (container / "habits.json").write_text(json.dumps({"groups": groups, "habits": items, "completions": completions}))
