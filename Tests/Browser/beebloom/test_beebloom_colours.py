"""BeeBloom in a browser: the group colours a store supplies keep every text readable."""
import json

from browser_support import contrast_failures
from conftest import run_glimpse


# Group colours a user can pick, at the ends of the range: text sits on them, mixed into the background.
STORE_COLOURS = ["#000000", "#FFFFFF", "#FFFF00", "#0000FF", "#FF0000", "#00FF00", "#FF00FF", "#808080", "#1C1C1E"]


def test_store_supplied_colours_keep_text_readable(page, glimpse_bin, tmp_path):
    store = tmp_path / "store" / "group.app.beebloom"
    store.mkdir(parents=True)
    groups = [{"id": f"g{i}", "name": colour, "color": colour, "order": i} for i, colour in enumerate(STORE_COLOURS)]
    habits = [{"id": f"h{i}", "title": f"Habit in {colour}", "createdAt": "2026-01-01T08:00:00Z", "archived": False,
               "groupId": f"g{i}"} for i, colour in enumerate(STORE_COLOURS)]
    (store / "habits.json").write_text(json.dumps({"groups": groups, "habits": habits, "completions": []}))
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", store.parent, "--app", "beebloom", "--now", "2026-11-22T09:00:00Z",
                         "--time-zone", "UTC", "--out", out, "--quiet")
    assert result.returncode == 0, result.stderr
    problems, grouped = [], 0
    for path in sorted(out.glob("beebloom/*/*.html")):
        measured, failures = contrast_failures(page, path.as_uri())
        grouped += sum(1 for m in measured if m["text"].startswith("Habit in"))
        problems += [f"{path.name}: {failure}" for failure in failures]
    assert grouped >= len(STORE_COLOURS) * 3, f"only {grouped} grouped rows measured"
    assert not problems, "\n".join(problems[:20])
