"""BitPal's store for `make bench`: a portfolio of coins with cached prices (the offline source).

`make bench` finds this file beside the app's sample scenarios and calls `write(root, count)`:
`count` holdings at ×1 is 10, and the resource bounds use none."""
import datetime
import json
import plistlib
import random

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
UNIT = "holdings"
PER_SCALE = 10


def write(root, holdings):
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
