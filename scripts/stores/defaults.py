"""A UserDefaults suite as iOS writes it: `Library/Preferences/<suite>.plist`, a binary plist."""
import pathlib
import plistlib


def suite_path(container, suite):
    """Where the suite `suite` lives in `container`."""
    return pathlib.Path(container) / "Library/Preferences" / f"{suite}.plist"


def write_suite(container, suite, values):
    """Writes `values` (a dict) as the suite's binary plist; returns its path."""
    path = suite_path(container, suite)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(plistlib.dumps(values, fmt=plistlib.FMT_BINARY, sort_keys=True))
    return path
