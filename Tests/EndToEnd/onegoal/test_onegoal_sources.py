"""Each frame of the manifest says what each of its sources drew, so that `diff` names the copy key
that changed and the language it changed in, not only the texts."""
import json

import pytest

from diff_support import build, copy_content, glimpse

pytestmark = [pytest.mark.long_running(30)]


def test_the_diff_names_the_copy_key_that_changed_and_its_language(glimpse_bin, tmp_path):
    work = copy_content(tmp_path)
    languages = ["--app", "onegoal", "--locale", "en_US", "--locale", "de_DE"]
    build(glimpse_bin, work, "before", *languages)
    (work / "content/copy/onegoal/de/done-today.md").write_text("Heute geschafft\n")
    build(glimpse_bin, work, "after", *languages)
    manifest = json.loads((work / "before/manifest.json").read_text())
    frames = [frame for widget in manifest["widgets"] for frame in widget["frames"]]
    assert any(frame.get("sources", {}).get("copy:onegoal/done-today") == "Done today" for frame in frames)
    assert not any(key.startswith("role:") for frame in frames for key in frame.get("sources", {}))
    result = glimpse(glimpse_bin, work, "diff", "before", "after", "--out", "review", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    report = json.loads((work / "review/diff.json").read_text())
    changes = {(widget["locale"], change["source"], change["before"], change["after"])
               for widget in report["widgets"] for frame in widget["frames"] for change in frame.get("sources", [])
               if change["source"] != "voiceover"}
    assert changes == {("de_DE", "copy:onegoal/done-today", "Heute erledigt", "Heute geschafft")}
    # What VoiceOver says changed with it, and is put down to the same key: one cause for every change.
    changed = [widget for widget in report["widgets"] if widget["status"] != "unchanged"]
    assert [cause["id"] for cause in report["causes"]] == ["copy:onegoal/done-today@de_DE"]
    assert all(widget["causes"] == ["copy:onegoal/done-today@de_DE"] for widget in changed)
    assert len(report["causes"][0]["widgets"]) == len(changed)
    key = next(widget["key"] for widget in report["widgets"]
               if any(change["source"].startswith("copy:") for frame in widget["frames"]
                      for change in frame.get("sources", [])))
    page = (work / "review/widgets" / f"{key}.html").read_text()
    assert ("<code>copy:onegoal/done-today</code> changed: <bdi>“Heute erledigt”</bdi> → "
            "<bdi>“Heute geschafft”</bdi>") in page
