#!/usr/bin/env python3
"""Writes the sample scenarios' stores in the real apps' formats: each scenario's App Group
containers under content/scenarios/<app>/<scenario>/, from scripts/stores/<app>/scenarios.py
(its `SCENARIOS`), through the writers of scripts/stores/. Each scenario.yaml is left as it is.

    python3 scripts/generate-scenarios.py            # every app
    python3 scripts/generate-scenarios.py APP        # one app, by id
    python3 scripts/generate-scenarios.py --out DIR  # somewhere else (the tests compare it)

The output is committed, so `make preview` needs no Python. Rows, JSON and plists are the same
every run; SQLite files may differ in bytes between SQLite versions, not in what they hold."""
import argparse
import importlib
import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
APPS = sorted(path.parent.name for path in (ROOT / "stores").glob("*/scenarios.py"))


def generate(app, out):
    scenarios = importlib.import_module(f"stores.{app}.scenarios").SCENARIOS
    for name, write in scenarios.items():
        folder = out / app / name
        folder.mkdir(parents=True, exist_ok=True)
        for container in folder.iterdir():
            if container.is_dir() and container.name.startswith("group."):
                shutil.rmtree(container)
        write(folder, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("apps", nargs="*", default=APPS)
    parser.add_argument("--out", type=pathlib.Path, default=ROOT.parent / "content/scenarios")
    arguments = parser.parse_args()
    for app in arguments.apps:
        generate(app, arguments.out)


if __name__ == "__main__":
    main()
