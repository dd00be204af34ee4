"""`glimpse check`'s `not-scaling` where the largest text size is drawn as a twin of a smaller one:
W8Trackr is capped at xxxLarge, so its AX3 and AX5 frames have the same markup, and AX5's are
measured on AX3's drawing. AX3 is not a size the rule compares; AX5 is, and its fixed-size weight
must still be found."""
import json

import pytest

from diff_support import build, copy_content, glimpse

pytestmark = pytest.mark.long_running(60)


def test_a_fixed_size_is_found_at_the_largest_size_when_it_is_drawn_as_a_twin(glimpse_bin, tmp_path_factory):
    work = copy_content(tmp_path_factory.mktemp("w8trackr-check"))
    build(glimpse_bin, work, "sizes", "--app", "w8trackr", "--text-size", "xSmall", "--text-size", "AX3",
          "--text-size", "AX5")
    result = glimpse(glimpse_bin, work, "check", "sizes", "--out", "sizes-check", "--rule", "not-scaling",
                     "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "sizes-check" / "findings.json").read_text())
    pinned = [f for f in report["findings"] if f["rule"] == "not-scaling"]
    # The weight and its unit are fixed sizes by design (accepted by source in the repository's file,
    # not given here); the date, the heading and the goal scale.
    assert {f["element"]["source"] for f in pinned} == {"format:w8trackr/weight", "format:w8trackr/unit"}
    assert {f["widget"]["textSize"] for f in pinned} == {"AX5"}
    assert all(f["measured"]["textSizes"] == ["xSmall", "xxxLarge"] for f in pinned), pinned[0]["measured"]
