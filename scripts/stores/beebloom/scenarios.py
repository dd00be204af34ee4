"""BeeBloom's sample stores, in the real app's format (scripts/stores/beebloom/). Each habit of a
group carries the colour its group had in Glimpse's earlier samples (the app keeps colours on
habits); ungrouped habits take the palette's, as the app gives them."""
from stores.beebloom import Store

MORNING, BODY, MIND, HOME = "#F2B8C6", "#8CC7A1", "#A7C4E8", "#F4D58D"


def day(n):
    """08:00 UTC on day `n` of 2026: when habit `n` was made."""
    return f"2026-01-{n:02d}T08:00:00+00:00"


def three_groups(store):
    return store.group("g-morning", "Morning", day(1)).group("g-body", "Body", day(1)).group("g-mind", "Mind", day(1))


def six_habits(store):
    """The Today view most scenarios start from: two morning habits, one body, two mind, one ungrouped."""
    return (three_groups(store)
            .habit("h1", "Drink a glass of water", day(1), MORNING, "g-morning")
            .habit("h2", "Morning stretch", day(2), MORNING, "g-morning")
            .habit("h3", "Water the plants", day(3), BODY, "g-body")
            .habit("h4", "Read ten pages", day(4), MIND, "g-mind")
            .habit("h5", "Meditate for five minutes", day(5), MIND, "g-mind")
            .habit("h6", "Journal three good things", day(6)))


def scenario(build):
    return lambda root, name: build(Store()).write(root)


def all_complete(store):
    return (three_groups(store)
            .habit("h1", "Drink a glass of water", day(1), MORNING, "g-morning")
            .habit("h2", "Morning stretch", day(2), MORNING, "g-morning")
            .habit("h3", "Water the plants", day(3), BODY, "g-body")
            .check("h1", "2026-11-22T07:05:00-05:00").check("h2", "2026-11-22T07:30:00-05:00")
            .check("h3", "2026-11-22T08:10:00-05:00"))


def dst_fall_back(store):
    return (three_groups(store)
            .habit("h1", "Drink a glass of water", day(1), MORNING, "g-morning")
            .habit("h2", "Morning stretch", day(2), MORNING, "g-morning")
            .habit("h3", "Water the plants", day(3), BODY, "g-body")
            .habit("h4", "Read ten pages", day(4), MIND, "g-mind")
            .check("h1", "2026-10-31T08:00:00-04:00").check("h2", "2026-10-31T19:45:00-04:00"))


def long_titles(store):
    return (store.group("g-morning", "Morning", day(1)).group("g-body", "Body", day(1))
            .habit("h1", "Practise the piano for thirty minutes, scales first, then the Chopin nocturne", day(1),
                   MORNING, "g-morning")
            .habit("h2", "🧘\u200d♀️🌿 Breathe 🌬️ and water the 🌻🌷🌼 garden", day(2), MORNING, "g-morning")
            .habit("h3", "毎朝、日本語の新聞を一ページ読む", day(3), BODY, "g-body")
            .habit("h4", "قراءة عشر صفحات من كتاب قبل النوم", day(4), BODY, "g-body")
            .habit("h5", "קריאה של עשרה עמודים", day(5))
            .habit("h6", "Ünïcödé çhâràctérs everywhere — naïve café façade", day(6))
            .habit("h7", "x", day(7)))


def overflow(store):
    store = (three_groups(store).group("g-home", "Home", day(1)))
    titles = ["Drink a glass of water", "Morning stretch", "Water the plants", "Read ten pages",
              "Meditate for five minutes", "Journal three good things", "Walk twenty minutes", "Call a friend",
              "Floss", "Take vitamins"]
    groups = [("g-morning", MORNING), ("g-body", BODY), ("g-mind", MIND), ("g-home", HOME)]
    for n, title in enumerate(titles, start=1):
        group, color = groups[(n - 1) % 4]
        store.habit(f"h{n}", title, day(n), color, group)
    for n, title in enumerate(["Practice Spanish", "Tidy the desk", "Evening tea, no phone", "Plan tomorrow",
                               "Lights out by eleven"], start=11):
        store.habit(f"h{n}", title, day(n))
    return store.check("h15", "2026-11-22T06:30:00-05:00")


def seven_groups(store):
    names = [("g-morning", "Morning", "#F2B8C6"), ("g-body", "Body", "#8CC7A1"), ("g-mind", "Mind", "#A7C4E8"),
             ("g-home", "Home", "#F4D58D"), ("g-social", "Friends", "#C9B3E6"), ("g-learn", "Learning", "#F6B48F"),
             ("g-evening", "Evening", "#9AD0D3")]
    for group, title, _ in names:
        store.group(group, title, day(1))
    titles = ["Drink a glass of water", "Morning stretch", "Water the plants", "Read ten pages",
              "Meditate for five minutes", "Journal three good things", "Walk twenty minutes"]
    for n, (title, (group, _, color)) in enumerate(zip(titles, names), start=1):
        store.habit(f"h{n}", title, day(n), color, group)
    return store.habit("h8", "Stretch your wrists", day(8)).habit("h9", "Say thank you to someone", day(9))


def some_complete(store):
    return (six_habits(store).check("h1", "2026-11-22T07:05:00-05:00").check("h4", "2026-11-22T08:40:00-05:00")
            .check("h3", "2026-11-21T19:00:00-05:00"))


def reordered_and_deleted(store):
    """What a store that has been used looks like: habits dragged out of the order they were made
    in, a habit deleted, a check undone, a habit whose group was removed, a weekly target of 3."""
    return (three_groups(store)
            .habit("h1", "Drink a glass of water", day(1), MORNING, "g-morning", order=10)
            .habit("h2", "Morning stretch", day(2), MORNING, "g-morning", order=0)
            .habit("h3", "Water the plants", day(3), BODY, "g-body", order=0, deleted="2026-11-20T18:00:00-05:00")
            .habit("h4", "Read ten pages", day(4), MIND, "g-mind", order=0, weekly_target=3,
                   description="Before bed")
            .habit("h5", "Stretch your wrists", day(5), group="g-gone", order=0)
            .habit("h6", "Call grandma", day(6))
            .check("h4", "2026-11-21T21:30:00-05:00")
            .check("h6", "2026-11-22T08:15:00-05:00", completed=False))


SCENARIOS = {
    "all-complete": scenario(all_complete),
    "app-completes-at-midday": scenario(six_habits),
    "corrupt": lambda root, name: six_habits(Store()).write(
        root, store_text=b'[{"habitGroups":{"g-morning":{"id":"g-morning","title":"Morning","order":0},"habits":{"h1":{"id":"h1","title":"Drink a gl'),
    "dst-fall-back": scenario(dst_fall_back),
    "habit-deleted": scenario(six_habits),
    "long-titles": scenario(long_titles),
    "no-habits": lambda root, name: Store().write(root),
    "overflow": scenario(overflow),
    "reordered-and-deleted": scenario(reordered_and_deleted),
    "seven-groups": scenario(seven_groups),
    "some-complete": scenario(some_complete),
    "unreadable-20s": scenario(six_habits),
    "unreadable-7s": scenario(six_habits),
}
