"""What the diff and snapshot tests share: a copy of the content to edit, builds of it with the
test clock, and glimpse run in that copy."""
import os
import shutil
import subprocess

from conftest import REPO

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
# `glimpse check`'s rules that read no pixels (`CheckRule.readsPixels`), as `--rule` options: a check
# of these alone measures its frames without drawing them, and finds what a whole check finds for them.
LAYOUT_RULES = [option for rule in ("truncated", "clipped", "small-text", "margin", "voiceover", "not-localized",
                                    "kept-background", "overlap", "hit-target", "not-scaling")
                for option in ("--rule", rule)]


def copy_content(folder):
    """content/ and templates/ copied into `folder`, to edit without touching the repository."""
    for name in ("content", "templates"):
        shutil.copytree(REPO / name, folder / name)
    return folder


def copy_gallery(gallery, to):
    """A built gallery copied to `to` (the default_gallery fixture, in place of a build of an
    unedited copy of the content with the test clock and no other argument: byte for byte the same)."""
    shutil.copytree(gallery, to)


def build(glimpse_bin, work, out, *args):
    """`glimpse build` of `work`'s content into `work/out` with the test clock."""
    subprocess.run([str(glimpse_bin), "build", *NOW, "--out", str(work / out), "--quiet", *map(str, args)], cwd=work, check=True,
                   stderr=subprocess.DEVNULL)


def glimpse(glimpse_bin, work, *args, env=None):
    """Runs glimpse in `work`; returns the completed process with text output."""
    return subprocess.run([str(glimpse_bin), *map(str, args)], cwd=work, capture_output=True, text=True, timeout=900,
                          env={**os.environ, **(env or {})})


def with_edit(path, edit, then):
    """Runs `then()` with `path`'s text changed by `edit`, and puts it back."""
    original = path.read_text()
    path.write_text(edit(original))
    try:
        return then()
    finally:
        path.write_text(original)


def same_tree(one, two, differ=lambda path, a, b: False):
    """The paths under `one` and `two` that are not the same bytes, or only in one of them; `differ`
    says which differences a run may have (a count of sheets, a timing)."""
    files = lambda root: {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    left, right = files(one), files(two)
    different = sorted(left ^ right)
    for path in sorted(left & right):
        a, b = (one / path).read_bytes(), (two / path).read_bytes()
        if a != b and not differ(path, a, b):
            different.append(path)
    return different
