"""The sample gallery in zones with odd offsets and daylight-saving rules, on an ordinary day
and on a transition day: it builds, and every widget's frames tile its 24 h window.
`make fuzz` runs the same sweep over every zone."""
import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "scripts"))
import zone_sweep  # noqa: E402


@pytest.mark.long_running(60)
def test_the_gallery_holds_in_a_sample_of_time_zones(glimpse_bin):
    builds, problems, unknown = zone_sweep.sweep(glimpse_bin, zone_sweep.SAMPLE)
    assert not unknown, unknown
    assert builds >= len(zone_sweep.SAMPLE) + 5, "most sampled zones change their clocks in 2026"
    assert not problems, "\n".join(problems[:20])
