"""BeeBloom in `glimpse serve`: a tap on a habit runs CompleteHabitIntent at the shown frame."""
import re

from serve_support import server, tab  # noqa: F401 (fixtures)


def test_a_tap_on_a_habit_removes_it_from_the_next_frame(server, tab):  # noqa: F811
    tab.goto(server.url + "/beebloom/some-complete/systemMedium.html")
    rows = ".frame:not([hidden]) .stage-light .bb-title"
    assert tab.locator(rows).all_inner_texts()[0] == "Morning stretch"
    tab.locator(".frame:not([hidden]) .stage-light a.bb-row").first.click()
    tab.wait_for_url(re.compile(r"events="), timeout=15000)
    tab.wait_for_load_state()
    after = tab.locator(rows).all_inner_texts()
    assert "Morning stretch" not in after and "Water the plants" in after
    assert "completeHabit habit=h2" in tab.inner_text(".gs-applied")
    assert "appEvent" in tab.inner_text(".reloads")
    # A second tap adds to the first; Reset goes back to the scenario.
    tab.locator(".frame:not([hidden]) .stage-light a.bb-row").first.click()
    tab.wait_for_function("document.querySelectorAll('.gs-applied li').length === 2", timeout=15000)
    assert "Water the plants" not in tab.locator(rows).all_inner_texts()
    tab.click(".gs-reset")
    tab.wait_for_url(re.compile(r"systemMedium\.html(#.*)?$"))
    assert tab.locator(rows).first.inner_text() == "Morning stretch"
