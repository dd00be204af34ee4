"""BeeBloom in a browser: the colours a store supplies keep every text readable. The real app keeps a
colour on each habit (its groups have none), so the habits carry them."""
from browser_support import contrast_failures
from conftest import run_glimpse
from stores.beebloom import Store


# Group colours a user can pick, at the ends of the range: text sits on them, mixed into the background.
STORE_COLOURS = ["#000000", "#FFFFFF", "#FFFF00", "#0000FF", "#FF0000", "#00FF00", "#FF00FF", "#808080", "#1C1C1E"]


def test_store_supplied_colours_keep_text_readable(page, glimpse_bin, tmp_path):
    store = Store("UTC")
    for i, colour in enumerate(STORE_COLOURS):
        store.group(f"g{i}", colour, "2026-01-01T08:00:00+00:00")
        store.habit(f"h{i}", f"Habit in {colour}", "2026-01-01T08:00:00+00:00", colour, f"g{i}")
    container = store.write(tmp_path / "store")
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", container.parent, "--app", "beebloom", "--now", "2026-11-22T09:00:00Z",
                         "--time-zone", "UTC", "--out", out, "--quiet")
    assert result.returncode == 0, result.stderr
    problems, grouped = [], 0
    for path in sorted(out.glob("beebloom/*/*.html")):
        measured, failures = contrast_failures(page, path.as_uri())
        grouped += sum(1 for m in measured if m["text"].startswith("Habit in"))
        problems += [f"{path.name}: {failure}" for failure in failures]
    assert grouped >= len(STORE_COLOURS) * 3, f"only {grouped} grouped rows measured"
    assert not problems, "\n".join(problems[:20])
