#!/usr/bin/env python3
"""Builds the sample gallery in many time zones, on an ordinary day and on each zone's first
daylight-saving day of 2026, and checks what must hold whatever the zone: the build succeeds,
every widget's frames tile its 24 h window with no gap and no overlap, and anchors are unique.

Usage: scripts/zone_sweep.py GLIMPSE_BINARY [--all]
  Without --all, a sample of zones with odd offsets and daylight-saving rules (what `make test`
  runs); with --all, every zone in the system's tz database (what `make fuzz` runs).

The sample scenarios pin their own clock; the sweep copies them without `now:` and
`timeZone:` so that the zone under test applies."""
import datetime
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zoneinfo

REPO = pathlib.Path(__file__).resolve().parent.parent
SAMPLE = ["UTC", "America/New_York", "America/St_Johns", "America/Santiago", "America/Havana", "Europe/London",
          "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Apia"]


def unpinned_content(folder):
    """The sample content, its scenarios without a pinned clock."""
    content = folder / "content"
    shutil.copytree(REPO / "content", content)
    for scenario in content.glob("scenarios/*/*/scenario.yaml"):
        lines = scenario.read_text().splitlines()
        scenario.write_text("\n".join(line for line in lines if not line.startswith(("now:", "timeZone:"))) + "\n")
    return content


def days(zone):
    """9:00 local on an ordinary day, and 20:00 local the evening before the zone's first
    offset change of 2026 (so its 24 h window holds the 23 h or 25 h day)."""
    tz = zoneinfo.ZoneInfo(zone)
    result = [datetime.datetime(2026, 7, 15, 9, 0, tzinfo=tz)]
    moment = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    offset = moment.astimezone(tz).utcoffset()
    while moment.year == 2026:
        moment += datetime.timedelta(hours=1)
        if moment.astimezone(tz).utcoffset() != offset:
            local = (moment - datetime.timedelta(hours=12)).astimezone(tz)
            result.append(local.replace(hour=20, minute=0, second=0, microsecond=0))
            break
    return result


def check(manifest, now):
    problems = []
    # 24 elapsed hours: arithmetic on a zoned datetime would add wall-clock hours.
    start = now.astimezone(datetime.timezone.utc)
    end = start + datetime.timedelta(hours=24)
    for widget in manifest["widgets"]:
        name = widget["page"]
        frames = widget["frames"]
        if not frames:
            problems.append(f"{name}: no frames")
            continue
        starts = [datetime.datetime.fromisoformat(f["start"]) for f in frames]
        ends = [datetime.datetime.fromisoformat(f["end"]) for f in frames]
        if starts[0] != start or ends[-1] != end:
            problems.append(f"{name}: frames cover {starts[0]} – {ends[-1]}, not {start} – {end}")
        for i in range(len(frames)):
            if not starts[i] < ends[i]:
                problems.append(f"{name}: frame {i} is empty or backwards")
            if i + 1 < len(frames) and ends[i] != starts[i + 1]:
                problems.append(f"{name}: a gap or overlap after frame {i}")
        anchors = [f["anchor"] for f in frames]
        if len(set(anchors)) != len(anchors):
            problems.append(f"{name}: duplicate anchors")
    return problems


def sweep(binary, zones):
    """Returns (builds, problems, zones Foundation does not know)."""
    problems, builds, unknown = [], 0, []
    with tempfile.TemporaryDirectory(prefix="glimpse-zones.") as folder:
        folder = pathlib.Path(folder)
        content = unpinned_content(folder)
        for zone in zones:
            for now in days(zone):
                out = folder / "public"
                result = subprocess.run([str(binary), "build", "--content", str(content), "--now", now.isoformat(),
                                         "--time-zone", zone, "--out", str(out), "--quiet"],
                                        cwd=REPO, capture_output=True, text=True, timeout=600)
                if result.returncode == 2 and "not an IANA time zone" in result.stderr:
                    unknown.append(zone)  # in the tz database, not in Foundation's list: refused as usage
                    break
                builds += 1
                if result.returncode != 0:
                    problems.append(f"{zone} {now.isoformat()}: exit {result.returncode}: {result.stderr.strip()[-300:]}")
                    continue
                manifest = json.loads((out / "manifest.json").read_text())
                problems += [f"{zone} {now.isoformat()}: {p}" for p in check(manifest, now)]
    return builds, problems, unknown


def main():
    binary = pathlib.Path(sys.argv[1])
    zones = sorted(z for z in zoneinfo.available_timezones() if not z.startswith(("posix/", "right/"))) if "--all" in sys.argv else SAMPLE
    builds, problems, unknown = sweep(binary, zones)
    print(f"zone sweep: {builds} builds in {len(zones) - len(unknown)} zones ({len(unknown)} more in the tz database but not "
          f"in Foundation, refused with exit 2), {len(problems)} problems")
    for problem in problems[:50]:
        print("  " + problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
