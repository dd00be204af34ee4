"""Generated inputs for `make bench`: scaled stores, scaled scenario sets and the pinned Hugo site.

Everything is written under Benchmarks/.data/ (git-ignored) and is the same every run: fixed
seeds, fixed dates."""
import datetime
import json
import os
import pathlib
import plistlib
import random
import shutil
import sqlite3

REPO = pathlib.Path(__file__).resolve().parent.parent
DATA = REPO / "Benchmarks/.data"
NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
PALETTE = ["#F2B8C6", "#8CC7A1", "#A7C4E8", "#F6D28B", "#C9B6E4", "#9ED9D1", "#F4A988"]
WORDS = ("drink water stretch read walk journal floss meditate call mum practise piano plan tomorrow "
         "tidy desk cook vegetables sleep early lift weights study spanish water plants breathe").split()


def fresh(path):
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


def beebloom(root, habits):
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


def bitpal(root, holdings):
    """`holdings` coins with cached portfolio data (the offline price source)."""
    rng = random.Random(holdings)
    container = root / "group.com.bitpal.shared/Library/Preferences"
    container.mkdir(parents=True)
    refresh, rows, total, cost = [], [], 0, 0
    for i in range(holdings):
        price = round(rng.uniform(0.01, 90000), 2)
        quantity, average = round(rng.uniform(0.01, 50), 4), round(price * rng.uniform(0.5, 1.5), 2)
        value = round(quantity * price, 2)
        refresh.append({"coinId": f"coin-{i}", "symbol": f"C{i}", "name": f"Coin {i}", "quantity": quantity, "averageCost": average})
        rows.append({"coinId": f"coin-{i}", "symbol": f"C{i}", "price": price, "value": value,
                     "pnl": round(value - quantity * average, 2), "pnlPercent": round((price / average - 1) * 100, 2)})
        total, cost = total + value, cost + quantity * average
    portfolio = {"totalValue": round(total, 2), "totalPnL": round(total - cost, 2),
                 "totalPnLPercent": round((total / cost - 1) * 100, 2) if cost else 0, "holdings": rows,
                 "lastUpdated": (NOW - datetime.timedelta(minutes=10) - REFERENCE).total_seconds()}
    suite = {"widgetRefreshData": json.dumps({"currency": "USD", "holdings": refresh, "realizedPnL": 0}).encode(),
             "widgetPortfolioData": json.dumps(portfolio).encode()}
    (container / "group.com.bitpal.shared.plist").write_bytes(plistlib.dumps(suite, fmt=plistlib.FMT_BINARY))


def w8trackr(root, entries):
    """`entries` weigh-ins, several a day, ending this morning."""
    container = root / "group.com.w8trackr.shared"
    (container / "Library/Preferences").mkdir(parents=True)
    (container / "Library/Application Support").mkdir(parents=True)
    (container / "Library/Preferences/group.com.w8trackr.shared.plist").write_bytes(
        plistlib.dumps({"preferredWeightUnit": "lb", "goalWeight": 170}, fmt=plistlib.FMT_BINARY))
    db = sqlite3.connect(container / "Library/Application Support/default.store")
    db.executescript("""
        CREATE TABLE ZWEIGHTENTRY (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZWEIGHTVALUE FLOAT, ZUNIT VARCHAR, ZDATE TIMESTAMP, ZNOTE VARCHAR, ZBODYFATPERCENTAGE FLOAT);
        CREATE INDEX ZWEIGHTENTRY_ZDATE_INDEX ON ZWEIGHTENTRY (ZDATE);""")
    end = (NOW - datetime.timedelta(hours=1) - REFERENCE).total_seconds()
    step = 6 * 3600
    db.executemany("INSERT INTO ZWEIGHTENTRY VALUES (?, 1, 1, ?, 'lb', ?, NULL, NULL)",
                   ((i + 1, round(200 - 25 * i / entries, 1), end - (entries - 1 - i) * step) for i in range(entries)))
    db.commit()
    db.close()


def justnow(root, sessions):
    container = root / "group.app.justnow"
    container.mkdir(parents=True)
    start = NOW - datetime.timedelta(minutes=3)
    rows = [{"startedAt": (start - datetime.timedelta(hours=8 * i)).isoformat(), "durationSeconds": 600} for i in range(sessions)]
    (container / "sessions.json").write_text(json.dumps(rows[::-1]))


def data_store(scale):
    """One store root for four apps at ×scale: 30 habits, 10 holdings, 1,000 weigh-ins, 100 sessions at ×1."""
    root = fresh(DATA / f"store-x{scale}")
    beebloom(root, 30 * scale)
    bitpal(root, 10 * scale)
    w8trackr(root, 1000 * scale)
    justnow(root, 100 * scale)
    return root


def bounds_store(name, habits=0, weigh_ins=0):
    """A store for the resource bounds: `habits` BeeBloom habits and `weigh_ins` W8Trackr entries."""
    root = fresh(DATA / f"bounds-{name}")
    if habits:
        beebloom(root, habits)
    if weigh_ins:
        w8trackr(root, weigh_ins)
    return root


def scenario_content(count):
    """The sample content with `count` scenarios, cycling through the sample's own (distinct folders)."""
    root = fresh(DATA / f"content-{count}")
    source = REPO / "content"
    for item in source.iterdir():
        if item.is_dir() and item.name != "scenarios":
            shutil.copytree(item, root / item.name, copy_function=os.link)
        elif item.is_file():
            os.link(item, root / item.name)
    # Round-robin over the apps, so every step of the sweep has the same mix of light and heavy.
    by_app = [sorted(p for p in app.iterdir() if p.is_dir()) for app in sorted((source / "scenarios").iterdir())]
    scenarios = [app[i] for i in range(max(map(len, by_app))) for app in by_app if i < len(app)]
    for i in range(count):
        scenario = scenarios[i % len(scenarios)]
        copy = i // len(scenarios)
        target = root / "scenarios" / scenario.parent.name / (scenario.name if copy == 0 else f"{scenario.name}-{copy}")
        target.parent.mkdir(parents=True, exist_ok=True)
        # Hard links: a store is read as it is, and Glimpse refuses symbolic links in one.
        shutil.copytree(scenario, target, copy_function=os.link)
    return root


def sample_scenario_count():
    return sum(1 for p in (REPO / "content/scenarios").glob("*/*") if p.is_dir())


def hugo_site(name, pages, mean_bytes):
    """A pinned Hugo site: `pages` Markdown files, one page each, of about `mean_bytes` of HTML."""
    root = fresh(DATA / f"hugo-{name}")
    (root / "hugo.toml").write_text(
        'baseURL = "http://example.org/"\ntitle = "Bench"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n')
    (root / "layouts/_default").mkdir(parents=True)
    (root / "layouts/_default/single.html").write_text(
        "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n")
    (root / "layouts/index.html").write_text("<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body></body></html>\n")
    (root / "layouts/_default/list.html").write_text("<!DOCTYPE html><html><body>{{ .Title }}</body></html>\n")
    content = root / "content/p"
    content.mkdir(parents=True)
    rng = random.Random(pages)
    for i in range(pages):
        words, size = [], 0
        while size < mean_bytes - 120:
            paragraph = " ".join(rng.choice(WORDS) for _ in range(60)).capitalize() + "."
            words.append(paragraph)
            size += len(paragraph) + 9  # <p></p>\n and the blank line
        (content / f"page-{i:05}.md").write_text(f"---\ntitle: Page {i}\n---\n\n" + "\n\n".join(words) + "\n")
    return root
