"""BitPal end to end: the sample scenarios' figures, and live prices from a stub API on 127.0.0.1."""
import contextlib
import json
import shutil
import threading
import time
import urllib.parse
from decimal import ROUND_HALF_UP, Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from conftest import REPO, run_glimpse

NOW = ("--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York")
STUB_PRICES = {"bitcoin": "101234.56", "ethereum": "3333.33", "solana": "199.99", "cardano": "1.2345", "dogecoin": "0.41234"}


def widgets(manifest, scenario, family=None):
    return [w for w in manifest["widgets"] if w["app"] == "bitpal" and w["scenario"] == scenario and family in (None, w["family"])]


def test_every_scenario_renders_three_families(manifest):
    scenarios = {w["scenario"] for w in manifest["widgets"] if w["app"] == "bitpal"}
    assert len(scenarios) >= 9
    for scenario in scenarios:
        assert {w["family"] for w in widgets(manifest, scenario)} == {"systemSmall", "systemMedium", "systemLarge"}


def test_offline_data_turns_stale_sixty_minutes_after_last_updated(manifest):
    for widget in widgets(manifest, "offline"):
        for frame in widget["frames"]:
            # The cached data was last updated at 8:40 AM.
            assert (frame["state"] == "stale") == (frame["start"] >= "2026-11-22T09:40:00-05:00"), frame
            assert any(t.startswith("Stale · ") for t in frame["texts"]) == (frame["state"] == "stale")
            # lastUpdated always shows, stale or not.
            assert frame["texts"][-1] == "Updated 8:40\u202fAM"


def test_the_fresh_scenario_runs_out_of_budget_and_says_so(manifest, gallery):
    small = widgets(manifest, "fresh", "systemSmall")[0]
    refused = [r for r in small["reloads"] if r["refused"]]
    assert len(refused) == 24 and refused[0]["at"] == "2026-11-23T03:00:00-05:00"
    assert sum(1 for r in small["reloads"] if r["budgeted"] and not r["refused"]) == 72
    page = (gallery / small["page"]).read_text()
    assert "it really gets 72 in these 24 hours; 24 were refused" in page


def test_large_lists_seven_and_more_past_eight(manifest):
    frame = widgets(manifest, "fifty-holdings", "systemLarge")[0]["frames"][0]
    assert "+43 more" in frame["texts"]
    medium = widgets(manifest, "fifty-holdings", "systemMedium")[0]["frames"][0]
    assert not any(t.endswith(" more") for t in medium["texts"])


def test_corrupt_files_render_the_fallback_and_name_the_files(manifest):
    folder = "group.com.bitpal.shared/Library/Application Support/WidgetData/"
    for widget in widgets(manifest, "corrupt-files"):
        assert [f["state"] for f in widget["frames"]] == ["unreadable"]
        assert [d["file"] for d in widget["diagnostics"]] == [folder + "refresh_data.json", folder + "portfolio.json"]


def test_the_outage_keeps_cached_prices_then_recovers(manifest):
    small = widgets(manifest, "outage", "systemSmall")[0]
    failed = [r for r in small["reloads"] if "timed out" in (r.get("note") or "")]
    assert failed and all("2026-11-22T10:00:00-05:00" <= r["at"] < "2026-11-22T13:00:00-05:00" for r in failed)
    states = {f["start"][11:16]: f["state"] for f in small["frames"]}
    assert states.get("10:45") == "stale" and states.get("13:00") == "fresh"


class Stub:
    """A CoinGecko-compatible stub. It counts requests, and shuts itself down after a minute at most."""

    def __init__(self, mode):
        self.mode, self.requests = mode, []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                url = urllib.parse.urlparse(self.path)
                stub.requests.append((url.path, urllib.parse.parse_qs(url.query), self.headers.get("x-cg-demo-api-key")))
                if stub.mode == "slow":
                    time.sleep(3)
                if stub.mode == "429":
                    self.send_response(429)
                    self.end_headers()
                    return
                ids = urllib.parse.parse_qs(url.query).get("ids", [""])[0].split(",")
                # Prices written digit for digit, as a real API sends them.
                body = b"{not json" if stub.mode == "malformed" else (
                    "[" + ",".join(f'{{"id":"{i}","current_price":{STUB_PRICES[i]}}}' for i in ids if i in STUB_PRICES) + "]").encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.deadline = threading.Timer(60, self.server.shutdown)

    def __enter__(self):
        self.thread.start()
        self.deadline.start()
        return self

    def __exit__(self, *exc):
        self.deadline.cancel()
        self.server.shutdown()
        self.server.server_close()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/api/v3"


def build_with_stub(glimpse_bin, tmp_path, stub, *extra):
    store = tmp_path / "store"
    shutil.copytree(REPO / "content/scenarios/bitpal/offline", store)
    (store / "scenario.yaml").unlink()
    out = tmp_path / "public"
    result = run_glimpse(glimpse_bin, "--store", store, "--app", "bitpal", "--prices-url", stub.url,
                         "--prices-api-key", "test-key", "--out", out, *NOW, *extra)
    assert result.returncode == 0, result.stderr
    return json.loads((out / "manifest.json").read_text())


def test_live_prices_from_one_request(glimpse_bin, tmp_path):
    with Stub("ok") as stub:
        manifest = build_with_stub(glimpse_bin, tmp_path, stub)
    assert len(stub.requests) == 1, stub.requests
    path, query, key = stub.requests[0]
    assert path == "/api/v3/coins/markets" and key == "test-key"
    assert query["vs_currency"] == ["usd"]
    assert sorted(query["ids"][0].split(",")) == sorted(STUB_PRICES)
    # The offline scenario's holdings, priced at the stub's prices.
    quantities = {"bitcoin": "0.42", "ethereum": "3.1", "solana": "25", "cardano": "4200", "dogecoin": "15000"}
    total = sum(Decimal(quantities[c]) * Decimal(STUB_PRICES[c]) for c in quantities).quantize(Decimal("0.01"), ROUND_HALF_UP)
    for widget in manifest["widgets"]:
        first = widget["frames"][0]
        assert first["state"] == "fresh" and first["texts"][1] == f"${total:,}", (widget["family"], first["texts"])
        assert first["texts"][-1] == "Updated 9:00\u202fAM"
        # No later fetch: the prices go stale at 10:00 AM.
        assert next(f for f in widget["frames"] if f["state"] == "stale")["start"] == "2026-11-22T10:00:00-05:00"


@pytest.mark.parametrize("mode, reason", [("slow", "timed out"), ("429", "HTTP 429"), ("malformed", "malformed JSON")])
def test_a_failed_fetch_falls_back_to_the_cache(glimpse_bin, tmp_path, mode, reason):
    with Stub(mode) as stub:
        manifest = build_with_stub(glimpse_bin, tmp_path, stub, "--prices-timeout", "1")
    assert len(stub.requests) == 1
    small = next(w for w in manifest["widgets"] if w["family"] == "systemSmall")
    # The cached total and its 8:40 AM time, as stored.
    assert small["frames"][0]["texts"][1] == "$67,668.11"
    assert small["frames"][0]["texts"][-1] == "Updated 8:40\u202fAM"
    assert reason in small["reloads"][0]["note"]
