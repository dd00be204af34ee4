"""BitPal's App Group as Pointwelve/Bitpal-iOS@122d91c (branch `008-api-rate-limit-optimization`,
the widget-refresh spec's) writes it (docs/widgets/bitpal.md#store):
`group.com.bitpal.shared/Library/Application Support/WidgetData/` holds

- `refresh_data.json`: `WidgetRefreshData` (`Bitpal/Shared/Models/WidgetRefreshData.swift`): every
  holding's `coinId`, `symbol` (CoinGecko's, lower case), `name`, `quantity` and `avgCost`, and the
  portfolio's `realizedPnL`;
- `portfolio.json`: `WidgetPortfolioData` (`WidgetPortfolioData.swift`, `WidgetHolding.swift`): the
  totals over every priced holding, the top 5 by value (`id`, `symbol` in capitals, `name`,
  `currentValue`, `pnlAmount`, `pnlPercentage`) and `lastUpdated` (ISO 8601),

each written by `JSONEncoder` with `[.prettyPrinted, .sortedKeys]` (`Shared/Services/AppGroupStorage.swift`).
Amounts are `Decimal`, unrounded."""
import decimal
import pathlib

from stores.encoders import iso8601, swift_json

GROUP = "group.com.bitpal.shared"
FOLDER = "Library/Application Support/WidgetData"
MAX_HOLDINGS = 5
CONTEXT = decimal.Context(prec=38)


def holding(coin_id, symbol, name, quantity, avg_cost):
    """A holding as `WidgetDataProvider` writes it to `refresh_data.json`."""
    return {"coinId": coin_id, "symbol": symbol.lower(), "name": name, "quantity": quantity, "avgCost": avg_cost}


def portfolio(holdings, prices, realized, updated):
    """`WidgetPortfolioData` as the app (`WidgetDataTransformer`) or the widget
    (`PortfolioRecalculator`) builds it: every priced holding summed, the top 5 by value kept."""
    mul, sub = CONTEXT.multiply, CONTEXT.subtract
    rows, total, unrealized = [], decimal.Decimal(0), decimal.Decimal(0)
    for h in holdings:
        if h["coinId"] not in prices:
            continue
        value = mul(h["quantity"], prices[h["coinId"]])
        cost = mul(h["quantity"], h["avgCost"])
        pnl = sub(value, cost)
        percent = CONTEXT.multiply(sub(CONTEXT.divide(value, cost), 1), 100) if cost > 0 else decimal.Decimal(0)
        rows.append({"id": h["coinId"], "symbol": h["symbol"].upper(), "name": h["name"], "currentValue": value,
                     "pnlAmount": pnl, "pnlPercentage": percent})
        total, unrealized = CONTEXT.add(total, value), CONTEXT.add(unrealized, pnl)
    rows.sort(key=lambda row: row["currentValue"], reverse=True)
    return {"totalValue": total, "unrealizedPnL": unrealized, "realizedPnL": realized,
            "totalPnL": CONTEXT.add(unrealized, realized), "holdings": rows[:MAX_HOLDINGS], "lastUpdated": iso8601(updated)}


def write_container(root, holdings=None, portfolio_data=None, corrupt=False):
    """The group container under `root`: `refresh_data.json` from `holdings` and `realizedPnL`
    (a dict, or None for no file), `portfolio.json` from `portfolio_data` (None for no file).
    `corrupt` cuts both files a third of the way from their end, as a damaged disk might."""
    folder = pathlib.Path(root) / GROUP / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for name, value in (("refresh_data.json", holdings), ("portfolio.json", portfolio_data)):
        if value is None:
            continue
        data = swift_json(value)
        (folder / name).write_bytes(data[: len(data) * 2 // 3] if corrupt else data)
    return folder.parent.parent.parent
