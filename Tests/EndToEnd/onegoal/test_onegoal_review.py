"""`glimpse review`: the diff's review served live. A click or a key approves or sends back a change
or one frame, a comment is pinned to a frame and scheme, and every decision is in the approvals or
review file at once, where `glimpse diff --approvals` honours it. Only this server's pages may decide."""
import json
import random
import signal
import subprocess
import threading
import time

import jsonschema
import pytest

from browser_support import axe_report, axe_violations
from conftest import REPO
from diff_support import build, copy_content, glimpse
from serve_support import Server, free_port

pytestmark = pytest.mark.xdist_group("onegoal-review")

STORE = "content/scenarios/onegoal/{}/group.com.mj.onegoal/widget-snapshot.json"
DECISIONS = "decisions/glimpse-decisions"
SMALL = "onegoal/in-progress/systemSmall"
MEDIUM = "onegoal/in-progress/systemMedium"


class Review(Server):
    """A `glimpse review base new` on a free port in `folder`, deciding as jane."""

    def __init__(self, glimpse_bin, folder):  # noqa: super().__init__ starts serve; this starts review
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"review-{self.port}.log"
        self.process = subprocess.Popen(
            [str(glimpse_bin), "review", "base", "new", "--port", str(self.port), "--decisions", DECISIONS,
             "--by", "jane"], cwd=folder, stdout=subprocess.DEVNULL, stderr=self.log.open("w"))
        deadline = time.monotonic() + 60
        while "Reviewing at" not in self.log.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"glimpse review did not start: {self.log.read_text()}")
            time.sleep(0.02)


def retitle(work, scenario, title):
    path = work / STORE.format(scenario)
    store = json.loads(path.read_text())
    store["title"] = title
    path.write_text(json.dumps(store))


def decisions(work, kind="approved"):
    """The decisions folder's files of one kind (`approved`, `changes-requested`, `comment`)."""
    found = [json.loads(path.read_text()) for path in sorted((work / DECISIONS).glob("*.json"))]
    return [record for record in found if record["kind"] == kind]


@pytest.fixture(scope="module")
def work(glimpse_bin, tmp_path_factory):
    """base/ and new/, which differ in one known way: the goal of `in-progress` is retitled."""
    work = copy_content(tmp_path_factory.mktemp("review"))
    build(glimpse_bin, work, "base", "--app", "onegoal")
    retitle(work, "in-progress", "Read 25 pages")
    build(glimpse_bin, work, "new", "--app", "onegoal")
    return work


@pytest.fixture(scope="module")
def review(glimpse_bin, work):
    server = Review(glimpse_bin, work)
    yield server
    assert server.stop() == 0


def test_a_click_approves_and_the_decision_is_in_the_file_and_still_there_after_a_reload(review, work, browser):
    page = browser.new_page()
    try:
        page.goto(review.url + "/")
        row = page.locator(f'tr[data-key="{SMALL}"]')
        assert row.get_attribute("data-decision") == "undecided"
        row.get_by_role("button", name="Approve").click()
        page.wait_for_function(f"document.querySelector('tr[data-key=\"{SMALL}\"]').dataset.decision === 'approved'")
        [approval] = [a for a in decisions(work) if a["key"] == SMALL]
        assert approval["by"] == "jane" and "frame" not in approval
        page.reload()
        assert row.get_attribute("data-decision") == "approved"
        assert row.locator(".review-badge").inner_text().startswith("approved by jane at ")
        # The filters narrow the list to what is left to decide.
        page.select_option("select[name=decision]", "undecided")
        assert not row.is_visible() and page.locator(".review-shown").inner_text() == "4 of 5 shown"
    finally:
        page.close()


def test_keys_request_changes_and_move_to_the_next_widget(review, work, browser):
    page = browser.new_page()
    try:
        page.goto(review.url + f"/widgets/{MEDIUM}.html")
        page.fill(".review-decide textarea[name=note]", "The title is cut too early")
        page.locator("h1").click()
        page.keyboard.press("r")
        page.wait_for_function("document.querySelector('.review-decide').dataset.decision === 'changes-requested'")
        [request] = [r for r in decisions(work, "changes-requested") if r["key"] == MEDIUM]
        assert request["note"] == "The title is cut too early" and request["by"] == "jane"
        page.keyboard.press("j")
        page.wait_for_url(f"**/widgets/{SMALL}.html")
        page.keyboard.press("k")
        page.wait_for_url(f"**/widgets/{MEDIUM}.html")
        assert page.locator(".review-decide .review-badge").inner_text().startswith("changes requested by jane")
    finally:
        page.close()


def test_a_comment_is_pinned_to_a_frame_and_scheme_and_kept(review, work, browser):
    key = "onegoal/in-progress/accessoryRectangular"
    page = browser.new_page()
    try:
        page.goto(review.url + f"/widgets/{key}.html")
        frame = page.locator("article[data-frame]").first
        anchor = frame.get_attribute("data-frame")
        frame.locator("textarea[name=text]").fill("Too tight in <b>dark</b>")
        frame.locator("select[name=scheme]").select_option("dark")
        frame.get_by_role("button", name="Comment").click()
        frame.locator(".review-comments li").wait_for()
        [comment] = [c for c in decisions(work, "comment") if c["key"] == key]
        assert (comment["frame"], comment["scheme"], comment["note"]) == (anchor, "dark", "Too tight in <b>dark</b>")
        page.reload()
        assert "dark: Too tight in <b>dark</b>" in frame.locator(".review-comments").inner_text()
        # A frame approved alone: its badge, and the widget still undecided until every changed frame is.
        frame.get_by_role("button", name="Approve this frame").click()
        page.wait_for_function("document.querySelector('article[data-frame]').dataset.decision === 'approved'")
        assert page.locator(".review-decide").get_attribute("data-decision") == "undecided"
    finally:
        page.close()
    schema = json.loads((REPO / "Sources/GlimpseFormat/Schemas/decision.schema.json").read_text())
    for record in decisions(work, "comment") + decisions(work, "approved"):
        jsonschema.validate(record, schema)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_live_pages_pass_axe(review, browser, scheme):
    """With their buttons, forms and decided badges, in both schemes (WCAG 2 A and AA, contrast too)."""
    page = browser.new_page(color_scheme=scheme)
    try:
        for path in ("/", f"/widgets/{SMALL}.html"):
            page.goto(review.url + path)
            violations = axe_violations(page)
            assert not violations, axe_report(violations)
    finally:
        page.close()


def test_only_this_servers_pages_may_decide_and_only_the_review_and_galleries_are_served(review):
    body = {"key": "onegoal/in-progress/accessoryInline", "verdict": "approve"}
    assert review.post("/_glimpse/decide", body, origin="http://evil.example")[0] == 403
    assert review.post("/_glimpse/decide", body, content_type="text/plain")[0] == 415
    assert review.get("/_glimpse/decide")[0] == 405
    assert review.get("/", headers={"Host": "evil.example"})[0] == 403
    status, message = review.post("/_glimpse/decide", {"key": "onegoal/nowhere/systemSmall", "verdict": "approve"})
    assert status == 400 and b"no change of this review" in message
    assert review.get("/_base/onegoal/in-progress/systemSmall.html")[0] == 200
    assert review.get("/_new/manifest.json")[0] == 200
    for path in ("/_base/../../decisions/glimpse-decisions", "/_new/%2e%2e/base/index.html", "/content/site.yaml"):
        assert review.get(path)[0] == 404, path


def test_the_gate_honours_what_was_decided_in_the_review(review, glimpse_bin, work):
    assert review.post("/_glimpse/decide", {"key": MEDIUM, "verdict": "clear"})[0] == 200
    for key in json.loads(review.get("/diff.json")[1])["widgets"]:
        if key["status"] != "unchanged":
            assert review.post("/_glimpse/decide", {"key": key["key"], "verdict": "approve"})[0] == 200
    result = glimpse(glimpse_bin, work, "diff", "base", "new", "--out", "gate", "--decisions", DECISIONS)
    assert result.returncode == 0, result.stderr
    assert review.post("/_glimpse/decide", {"key": SMALL, "verdict": "request-changes", "frame": "t-0900"})[0] == 200
    result = glimpse(glimpse_bin, work, "diff", "base", "new", "--out", "gate", "--decisions", DECISIONS,
                     "--fail-on", "never")
    assert result.returncode == 1 and "1 with changes requested" in result.stderr


def test_a_kill_during_writes_leaves_a_whole_decisions_folder(glimpse_bin, work):
    """Decisions as fast as the server takes them, and a SIGKILL at a random moment: every file left
    in the folder is a whole, valid decision."""
    schema = json.loads((REPO / "Sources/GlimpseFormat/Schemas/decision.schema.json").read_text())
    keys = [f"onegoal/in-progress/{family}" for family in
            ("systemSmall", "systemMedium", "accessoryCircular", "accessoryInline", "accessoryRectangular")]
    rng = random.Random(28)
    for _ in range(3):
        server = Review(glimpse_bin, work)
        stop = threading.Event()

        def decide():
            for step in range(100_000):
                if stop.is_set():
                    return
                try:
                    server.post("/_glimpse/decide", {"key": keys[step % 5], "verdict": ("approve", "clear")[step // 5 % 2],
                                                     "note": "x" * rng.randrange(1, 1_500)})
                except OSError:
                    return

        writer = threading.Thread(target=decide)
        writer.start()
        time.sleep(rng.uniform(0.05, 0.4))
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        stop.set()
        writer.join()
        for kind in ("approved", "changes-requested", "comment"):
            for record in decisions(work, kind):
                jsonschema.validate(record, schema)
