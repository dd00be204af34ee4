"""BitPal's sample stores, in the real app's format (scripts/stores/bitpal/). Prices during the
day are the scenario's prices.yaml, edited by hand."""
import datetime
from decimal import Decimal as D

from stores import bitpal

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")

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


def holdings_for(coins, quantities, costs):
    return [bitpal.holding(c[0], c[1], c[2], q, a) for c, q, a in zip(coins, quantities, costs)]


def store(holdings, realized=D("0"), updated_minutes_ago=10, corrupt=False, coins=COINS):
    """What the app last wrote: its holdings, and the portfolio priced at the coins' prices
    `updated_minutes_ago` minutes before now."""
    prices = {c[0]: c[3] for c in coins}
    refresh = {"holdings": holdings, "realizedPnL": realized}
    cached = bitpal.portfolio(holdings, prices, realized, NOW - datetime.timedelta(minutes=updated_minutes_ago))
    return lambda root, name: bitpal.write_container(root, refresh, cached, corrupt=corrupt)


FIVE = COINS[:5]
STANDARD = holdings_for(FIVE, [D("0.42"), D("3.1"), D("25"), D("4200"), D("15000")],
                        [D("61200.50"), D("2890.10"), D("151.32"), D("0.61"), D("0.21")])
FIFTY = [(c[0] if i < 10 else f"coin-{i:02d}", c[1] if i < 10 else f"C{i:02d}", c[2] if i < 10 else f"Coin {i}",
          c[3] if i < 10 else D(f"{1 + (i * 37) % 500}.{(i * 13) % 100:02d}")) for i, c in enumerate(COINS * 5)]

SCENARIOS = {
    "fresh": store(STANDARD, realized=D("812.40")),
    "offline": store(STANDARD, realized=D("812.40"), updated_minutes_ago=20),
    "outage": store(STANDARD, realized=D("812.40")),
    "rate-limited": store(STANDARD, realized=D("812.40")),
    # Transactions, none of them open: the app writes empty holdings, and an empty portfolio.
    "empty": store([]),
    "fifty-holdings": store(
        holdings_for(FIFTY, [D(1 + i % 7) for i in range(50)], [D(c[3]) * D("0.9") for c in FIFTY]), coins=FIFTY),
    "gains-and-losses": store(
        holdings_for(FIVE, [D("0.05"), D("12"), D("400"), D("9000"), D("60000")],
                     [D("99000"), D("4800"), D("21.05"), D("2.95"), D("0.70")]), realized=D("-1520.75")),
    "holding-removed": store(STANDARD, realized=D("812.40")),
    "corrupt-files": store(STANDARD, corrupt=True),
}
