"""What a gallery reader accepts (issue 31, docs/LIMITS.md): a manifest of 400 MB with one long string
and one nested 100,000 levels deep are refused before they are decoded, naming the file, the field and
the limit, with exit 2, in seconds and a few tens of megabytes, by diff, check and snapshot alike."""
import json
import os
import shutil

import pytest

from hostile_support import run

OUTPUT_LIMIT = 50 << 20


def gallery_with(gallery, tmp_path, name, write):
    """A copy of the session's gallery whose manifest `write` replaces."""
    copy = tmp_path / name
    shutil.copytree(gallery, copy)
    with (copy / "manifest.json").open("w", encoding="utf-8") as manifest:
        write(manifest)
    return copy


def long_string(gallery):
    """The real manifest with its first frame's first text 400 MB long: streamed, never held."""
    raw = (gallery / "manifest.json").read_text()
    text = json.loads(raw)["widgets"][0]["frames"][0]["texts"][0]
    quoted = json.dumps(text, ensure_ascii=False)
    at = raw.index(quoted, raw.index('"texts"'))

    def write(manifest):
        manifest.write(raw[:at] + '"')
        chunk = "x" * (1 << 20)
        for _ in range(400):
            manifest.write(chunk)
        manifest.write('"' + raw[at + len(quoted):])
    return write


def deep(manifest):
    manifest.write('{"schemaVersion": 4, "widgets": ' + "[" * 100_000 + "]" * 100_000 + "}")


CASES = {
    "manifest with a 400 MB string": (long_string, "widgets[0].frames[0].texts[0]: a string longer than the limit of "
                                                    "16,384 characters (manifest-string, docs/LIMITS.md)"),
    "manifest 100,000 levels deep": (lambda gallery: deep, "nested deeper than 32 levels (manifest-depth, "
                                                            "docs/LIMITS.md)"),
}


@pytest.mark.long_running(40)
@pytest.mark.parametrize("case", CASES)
def test_a_gallery_reader_refuses_a_manifest_past_its_limits(glimpse_bin, gallery, tmp_path, case):
    make, message = CASES[case]
    hostile = gallery_with(gallery, tmp_path, "hostile", make(gallery))
    manifest = hostile / "manifest.json"
    commands = {
        "diff": ["diff", gallery, hostile, "--out", tmp_path / "diff"],
        "check": ["check", hostile, "--out", tmp_path / "check"],
        "snapshot": ["snapshot", hostile, "--out", tmp_path / "snapshot"],
    }
    for name, args in commands.items():
        ran = run(glimpse_bin, *args)
        ran.report(f"{case}, {name}")
        assert ran.returncode == 2, (name, ran.stderr)
        assert f"{manifest}: " in ran.stderr and message in ran.stderr, (name, ran.stderr)
        written = tmp_path / args[-1].name if hasattr(args[-1], "name") else None
        if written and written.exists():
            assert sum(f.stat().st_size for f in written.rglob("*") if f.is_file()) < OUTPUT_LIMIT


def test_a_fifo_as_a_galleries_findings_is_refused_not_waited_on(glimpse_bin, gallery, tmp_path):
    """A gallery reader opens only regular files: a FIFO in findings.json's place would block."""
    copy = tmp_path / "fifo"
    shutil.copytree(gallery, copy)
    os.mkfifo(copy / "findings.json")
    ran = run(glimpse_bin, "diff", gallery, copy, "--out", tmp_path / "diff")
    ran.report("fifo as a gallery's findings.json, diff")
    assert ran.returncode == 2, ran.stderr
    assert f"{copy / 'findings.json'}: not a regular file" in ran.stderr, ran.stderr
