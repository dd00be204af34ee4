"""BitPal's store for `make bench`: a portfolio of coins with cached prices (the offline source), in
the real app's format (scripts/stores/bitpal/).

`make bench` finds this file beside the app's sample scenarios and calls `write(root, count)`:
`count` holdings at ×1 is 10, and the resource bounds use none."""
import datetime
import pathlib
import random
import sys
from decimal import Decimal as D

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "scripts"))
from stores import bitpal  # noqa: E402

NOW = datetime.datetime.fromisoformat("2026-11-22T09:00:00-05:00")
UNIT = "holdings"
PER_SCALE = 10


def write(root, holdings):
    """`holdings` coins with cached portfolio data (the offline price source)."""
    rng = random.Random(holdings)
    coins, prices = [], {}
    for i in range(holdings):
        price = D(f"{rng.uniform(0.01, 90000):.2f}")
        quantity, average = D(f"{rng.uniform(0.01, 50):.4f}"), (price * D(f"{rng.uniform(0.5, 1.5):.4f}")).quantize(D("0.01"))
        coins.append(bitpal.holding(f"coin-{i}", f"c{i}", f"Coin {i}", quantity, average))
        prices[f"coin-{i}"] = price
    refresh = {"holdings": coins, "realizedPnL": D(0)}
    cached = bitpal.portfolio(coins, prices, D(0), NOW - datetime.timedelta(minutes=10))
    bitpal.write_container(root, refresh, cached)
