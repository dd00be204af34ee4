"""One Goal in `glimpse serve`: a markDone event from the toolbar, and the clock set to 23:58."""
import re

import pytest

from serve_support import server, tab  # noqa: F401 (fixtures)

# Its tests share module-scoped fixtures: under pytest-xdist (--dist loadgroup) one worker runs them all.
pytestmark = pytest.mark.xdist_group("onegoal-serve")


def test_a_mark_done_event_turns_one_goal_done_at_that_time(server, tab):  # noqa: F811
    tab.goto(server.url + "/onegoal/year-long/systemSmall.html")
    assert tab.locator(".frame-list .state").all_inner_texts() == ["notDoneToday"]
    tab.select_option(".gs-events select", "markDone")
    tab.click(".gs-events button[type=submit]")
    tab.wait_for_url(re.compile(r"events="), timeout=15000)
    assert tab.locator(".frame-list .state").all_inner_texts()[0] == "doneToday"
    assert "markDone" in tab.inner_text(".reloads")
    assert "markDone at now + 0 h 0 min" in tab.inner_text(".gs-applied")


def test_the_clock_set_to_23_58_shows_the_pre_midnight_frame(server, tab):  # noqa: F811
    tab.goto(server.url + "/onegoal/done-today/systemSmall.html")
    assert "pins its clock" in tab.inner_text(".gs-toolbar")
    tab.fill(".gs-toolbar input[type=datetime-local]", "2026-11-22T23:58")
    tab.click(".gs-toolbar form button[type=submit]")
    tab.wait_for_url(re.compile(r"now="), timeout=15000)
    frames = tab.locator(".frame-list a").all_inner_texts()
    assert frames[0].startswith("11:58\u202fPM") and "doneToday" in frames[0], frames
    assert frames[1].startswith("12:00\u202fAM") and "notDoneToday" in frames[1], frames
    assert "overrides this scenario's pinned clock (2026-11-22 09:00 -05:00)" in tab.inner_text(".gs-toolbar")
    # The link reproduces the view, without the browser.
    status, body, _ = server.get(tab.url.split(server.url)[1].split("#")[0])
    assert status == 200 and "11:58\u202fPM" in body.decode()
