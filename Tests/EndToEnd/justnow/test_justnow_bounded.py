"""Issue 31: a count of items that would multiply. A million sessions are read once and kept as the
widget needs them: the time since the latest, in seconds and well under the memory limit."""
import json

from hostile_support import build


def test_a_million_sessions_build_in_bounded_time_and_memory(glimpse_bin, tmp_path):
    container = tmp_path / "store" / "group.net.bomash.illya.LittleMoments"
    container.mkdir(parents=True)
    # One a minute, the newest an hour before now (2026-11-22T09:00-05:00 is 785'512'800 s after 2001).
    newest = 785_512_800 - 3_600
    with (container / "sessions.json").open("w") as file:
        file.write("[" + ",".join('{"startedAt":%d,"durationSeconds":60}' % (newest - i * 60)
                                  for i in range(1_000_000)) + "]")
    out = tmp_path / "public"
    # The store's read has all the time it needs: what is under test is what it keeps, not how fast
    # this machine is (the default 10 s can pass on a busy one, and the widget falls back).
    built = build(glimpse_bin, "--store", container.parent, "--app", "justnow", "--out", out, "--quiet",
                  "--store-timeout", "250")
    built.report("1,000,000 Just Now sessions")
    assert built.returncode == 0, built.stderr
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"hostile 1,000,000 Just Now sessions: output {size / (1 << 20):.1f} MB")
    assert size < 50 << 20
    small = next(w for w in json.loads((out / "manifest.json").read_text())["widgets"] if w["family"] == "systemSmall")
    assert small["frames"][0]["state"] != "unreadable", small["frames"][0]
