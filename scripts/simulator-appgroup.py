#!/usr/bin/env python3
"""Writes a Simulator-shaped App Group folder of sample scenarios, one container per app, each in a
<UUID>/ folder with its .com.apple.mobile_container_manager.metadata.plist, as
`…/data/Containers/Shared/AppGroup/` holds them. `glimpse build --store` reads it as it reads a
Simulator's.

    python3 scripts/simulator-appgroup.py OUT                       # each app's first data scenario
    python3 scripts/simulator-appgroup.py OUT APP=SCENARIO ...      # the scenarios named
"""
import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from stores import simulator  # noqa: E402

SCENARIOS = ROOT.parent / "content/scenarios"


def shows_data(scenario):
    """Whether a scenario has a container and is no broken store shown on purpose."""
    settings = scenario / "scenario.yaml"
    return not (settings.is_file() and "expectDiagnostics: true" in settings.read_text())


def containers(choices):
    """The group folders of each app's chosen scenario (by default, its first with a container
    that is not broken on purpose)."""
    chosen = dict(choice.split("=", 1) for choice in choices)
    folders = []
    for app in sorted(path for path in SCENARIOS.iterdir() if path.is_dir()):
        names = ([chosen[app.name]] if app.name in chosen
                 else sorted(p.name for p in app.iterdir() if p.is_dir() and shows_data(p)))
        for name in names:
            groups = sorted(p for p in (app / name).iterdir() if p.is_dir() and p.name.startswith("group."))
            if groups:
                folders += groups
                break
    return folders


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("choices", nargs="*", metavar="APP=SCENARIO")
    arguments = parser.parse_args()
    simulator.write_app_group(arguments.out, containers(arguments.choices))
    print(f"Wrote {arguments.out}")


if __name__ == "__main__":
    main()
