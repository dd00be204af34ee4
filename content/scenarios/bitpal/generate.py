#!/usr/bin/env python3
"""Writes BitPal's sample stores: the UserDefaults suite plist (XML or binary, as iOS writes it)
whose widgetRefreshData and widgetPortfolioData keys hold JSON Data, plus prices.yaml.

Run it after changing a scenario here: python3 content/scenarios/bitpal/generate.py
The output is committed, so `make preview` does not need Python."""
import datetime
import json
import pathlib
import plistlib
from decimal import ROUND_HALF_UP, Decimal as D

ROOT = pathlib.Path(__file__).resolve().parent
REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
PLIST = "group.com.bitpal.shared/Library/Preferences/group.com.bitpal.shared.plist"

COINS = [  # id, symbol, name, price now
    ("bitcoin", "BTC", "Bitcoin", D("97250.00")),
    ("ethereum", "ETH", "Ethereum", D("3512.40")),
    ("solana", "SOL", "Solana", D("242.18")),
    ("cardano", "ADA", "Cardano", D("0.9876")),
    ("dogecoin", "DOGE", "Dogecoin", D("0.38215")),
    ("chainlink", "LINK", "Chainlink", D("18.73")),
    ("polkadot", "DOT", "Polkadot", D("7.412")),
    ("litecoin", "LTC", "Litecoin", D("104.66")),
    ("ripple", "XRP", "XRP", D("1.4123")),
    ("avalanche-2", "AVAX", "Avalanche", D("41.07")),
]


def cents(value):
    return value.quantize(D("0.01"), rounding=ROUND_HALF_UP)


def raw_json(value):
    """JSON with Decimals written digit for digit, as JSONEncoder writes Decimal."""
    if isinstance(value, D):
        return format(value.normalize(), "f") if value == value.to_integral() else format(value, "f")
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{raw_json(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(raw_json(v) for v in value) + "]"
    return json.dumps(value)


def portfolio(holdings, prices, realized, updated):
    """What the app last wrote to widgetPortfolioData."""
    rows, total, unrealized, basis = [], D(0), D(0), D(0)
    for h in holdings:
        price = prices[h["coinId"]]
        value, cost = h["quantity"] * price, h["quantity"] * h["averageCost"]
        total, unrealized, basis = total + value, unrealized + value - cost, basis + cost
        rows.append({"coinId": h["coinId"], "symbol": h["symbol"], "price": price, "value": cents(value),
                     "pnl": cents(value - cost), "pnlPercent": cents((value - cost) / cost * 100) if cost else None})
    pnl = unrealized + realized
    data = {"totalValue": cents(total), "totalPnL": cents(pnl),
            "totalPnLPercent": cents(pnl / basis * 100) if basis else None,
            "holdings": [{k: v for k, v in r.items() if v is not None} for r in rows],
            "lastUpdated": (updated - REFERENCE).total_seconds()}
    return {k: v for k, v in data.items() if v is not None}


def holdings_for(coins, quantities, costs):
    return [{"coinId": c[0], "symbol": c[1], "name": c[2], "quantity": q, "averageCost": a}
            for c, q, a in zip(coins, quantities, costs)]


def write(name, title, description, holdings, realized=D("0"), updated_minutes_ago=10, fmt=plistlib.FMT_XML,
          prices_yaml=None, events=None, corrupt=False, expect=False, extra=None):
    folder = ROOT / name
    prices = {c[0]: c[3] for c in COINS}
    prices.update(extra or {})
    refresh = {"currency": "USD", "holdings": holdings, "realizedPnL": realized}
    suite = {
        "widgetRefreshData": raw_json(refresh).encode(),
        "widgetPortfolioData": raw_json(portfolio(holdings, prices, realized,
                                                  NOW - datetime.timedelta(minutes=updated_minutes_ago))).encode(),
        "hasCompletedOnboarding": True,
    }
    path = folder / PLIST
    path.parent.mkdir(parents=True, exist_ok=True)
    data = plistlib.dumps(suite, fmt=fmt, sort_keys=True)
    path.write_bytes(data[: len(data) * 2 // 3] if corrupt else data)
    yaml = [f"title: {json.dumps(title, ensure_ascii=False)}", f"description: {json.dumps(description, ensure_ascii=False)}", "now: 2026-11-22T09:00:00-05:00", "timeZone: America/New_York"]
    if expect:
        yaml.append("expectDiagnostics: true")
    if events:
        yaml += ["events:"] + [f"  - {{ at: {at}, type: removeHolding, coinId: {coin} }}" for at, coin in events]
    (folder / "scenario.yaml").write_text("\n".join(yaml) + "\n")
    if prices_yaml:
        (folder / "prices.yaml").write_text(prices_yaml)
    elif (folder / "prices.yaml").exists():
        (folder / "prices.yaml").unlink()


def series(coins, hours=24, drift=D("0.004"), outages=()):
    """A gentle hourly walk per coin, the same every run."""
    lines = ["# Prices in USD; each point holds until the next.", "prices:"]
    for index, (coin, _, _, price) in enumerate(coins):
        lines.append(f"  {coin}:")
        for hour in range(hours):
            step = D(((hour * 7 + index * 3) % 9) - 4) * drift
            lines.append(f"    - {{ at: PT{hour}H, price: {price * (1 + step):.6f} }}".replace(".000000", ".00"))
    if outages:
        lines.append("# Requests in [from, to) fail: timeout, http429, malformed or offline.")
        lines.append("outages:")
        lines += [f"  - {{ from: {a}, to: {b}, failure: {kind} }}" for a, b, kind in outages]
    return "\n".join(lines) + "\n"


FIVE = COINS[:5]
STANDARD = holdings_for(FIVE, [D("0.42"), D("3.1"), D("25"), D("4200"), D("15000")],
                        [D("61200.50"), D("2890.10"), D("151.32"), D("0.61"), D("0.21")])

write("fresh", "Fresh prices every refresh",
      "Five holdings; every refresh gets prices. It asks every 15 minutes, 96 a day; the budget of 72 refuses the rest from the evening on.",
      STANDARD, realized=D("812.40"), prices_yaml=series(FIVE))
write("offline", "Offline all day",
      "No network: every refresh falls back to the cached data from 8:40 AM, which turns stale at 9:40 AM and says how old it is.",
      STANDARD, realized=D("812.40"), updated_minutes_ago=20)
write("outage", "API outage 10 AM – 1 PM",
      "Requests time out from 10:00 to 13:00; the widget keeps the 9:45 prices, goes stale at 10:45, and recovers at the first refresh after 1 PM.",
      STANDARD, realized=D("812.40"), prices_yaml=series(FIVE, outages=[("PT1H", "PT4H", "timeout")]))
write("rate-limited", "Rate-limited (HTTP 429)",
      "The API answers 429 Too Many Requests from 9:30 to noon; cached data shows until the limit lifts.",
      STANDARD, realized=D("812.40"), prices_yaml=series(FIVE, outages=[("PT30M", "PT3H", "http429")]))
write("empty", "Empty portfolio", "No holdings yet: the widget asks the user to add some in BitPal.", [])
FIFTY = [(f"{c[0]}" if i < 10 else f"coin-{i:02d}", c[1] if i < 10 else f"C{i:02d}", c[2] if i < 10 else f"Coin {i}",
          c[3] if i < 10 else D(f"{1 + (i * 37) % 500}.{(i * 13) % 100:02d}")) for i, c in enumerate(COINS * 5)]
write("fifty-holdings", "50 holdings",
      "Fifty coins priced in one batched request; large lists its top 7 by value and \u201c+43 more\u201d.",
      holdings_for(FIFTY, [D(1 + i % 7) for i in range(50)], [D(c[3]) * D("0.9") for c in FIFTY]),
      prices_yaml=series(FIFTY, hours=3), extra={c[0]: c[3] for c in FIFTY})
write("gains-and-losses", "Large gains and large losses",
      "Solana bought at $21 is up over 1,000 %; Dogecoin bought at $0.70 is down 45 %. Signs, arrows and colour all say which is which.",
      holdings_for(FIVE, [D("0.05"), D("12"), D("400"), D("9000"), D("60000")],
                   [D("99000"), D("4800"), D("21.05"), D("2.95"), D("0.70")]), realized=D("-1520.75"),
      prices_yaml=series(FIVE, hours=6, drift=D("0.02")))
write("holding-removed", "A holding removed in the app",
      "At 2 PM the user removes Dogecoin; the app's write reloads the widget for free and its total drops.",
      STANDARD, realized=D("812.40"), prices_yaml=series(FIVE), events=[("PT5H", "dogecoin")])
write("binary-plist", "Binary plist", "The suite as iOS writes it on device: a binary plist. Offline, so the cached data shows.",
      STANDARD, realized=D("812.40"), fmt=plistlib.FMT_BINARY, updated_minutes_ago=5)
write("corrupt-plist", "Corrupt plist", "The suite plist was cut off mid-write. The widget shows its fallback and the gallery names the file.",
      STANDARD, fmt=plistlib.FMT_BINARY, corrupt=True, expect=True)
