"""Decisions that survive a team: one writer at a time, so that no decision is lost to another
process (40 `glimpse approve` at once, and with a `glimpse review` taking clicks meanwhile); a writer
killed while it holds the lock leaves the folder as it was or as it became, and the next one goes
on; two branches that decide different changes merge with plain `git merge`, and two that decide
one change differently conflict; an older glimpse's files are read and moved into the folder.

No test here waits on a clock it measures: deadlines are generous, and a writer is held up by a
process that holds the lock until it is killed, not by a race."""
import fcntl
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

import jsonschema
import pytest

from conftest import NOW, REPO, app_ids
from serve_support import Server, free_port

pytestmark = [pytest.mark.xdist_group("decisions"), pytest.mark.long_running(60)]

# Writers wait as long as they must on a busy machine; only the test of a writer that gives up
# sets a short deadline.
PATIENT = {**os.environ, "GLIMPSE_LOCK_TIMEOUT": "600"}
SCHEMA = json.loads((REPO / "Sources/GlimpseFormat/Schemas/decision.schema.json").read_text())


def run(glimpse_bin, *args, cwd=None, env=PATIENT):
    return subprocess.run([str(glimpse_bin), *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=900,
                          env=env)


def approve(glimpse_bin, work, folder, *args, env=PATIENT):
    return run(glimpse_bin, "approve", work / "review", "--decisions", folder, *args, env=env)


def records(folder):
    """Each decision of `folder`, as its file says it, checked against the schema."""
    found = []
    for path in sorted(folder.glob("*.json")) if folder.exists() else []:
        record = json.loads(path.read_text())
        jsonschema.validate(record, SCHEMA)
        found.append(record)
    return found


@pytest.fixture(scope="module")
def work(glimpse_bin, gallery, tmp_path_factory):
    """review/: the diff of one app's gallery alone against the whole sample gallery, which adds every
    other app's widgets: over a hundred changes to decide."""
    work = tmp_path_factory.mktemp("decisions")
    built = run(glimpse_bin, "build", *NOW, "--app", app_ids()[0], "--out", work / "base", "--quiet", cwd=REPO)
    assert built.returncode == 0, built.stderr
    (work / "new").symlink_to(gallery)
    diffed = run(glimpse_bin, "diff", work / "base", work / "new", "--out", work / "review")
    assert diffed.returncode == 1, diffed.stderr
    return work


def changes(work):
    """The diff's changed widgets, in key order."""
    report = json.loads((work / "review/diff.json").read_text())
    return sorted((w for w in report["widgets"] if w["status"] != "unchanged"), key=lambda w: w["key"])


def keys(work, count, start=0):
    found = [w["key"] for w in changes(work)][start:start + count]
    assert len(found) == count, f"the diff has {len(changes(work))} changes"
    return found


def test_forty_writers_at_once_keep_all_forty(glimpse_bin, work):
    folder = work / "forty/glimpse-decisions"
    chosen = keys(work, 40)
    writers = [subprocess.Popen([str(glimpse_bin), "approve", str(work / "review"), "--widget", key, "--decisions",
                                 str(folder), "--by", f"writer-{index}"], env=PATIENT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
               for index, key in enumerate(chosen)]
    results = [(writer.wait(timeout=900), writer.stderr.read()) for writer in writers]
    assert [code for code, _ in results] == [0] * 40, [error for code, error in results if code][:3]
    decided = records(folder)
    assert sorted(r["key"] for r in decided) == sorted(chosen) and {r["kind"] for r in decided} == {"approved"}
    # Nothing is left beside the folder: no lock, no half-written copy.
    assert sorted(p.name for p in folder.parent.iterdir()) == ["glimpse-decisions"]


class Review(Server):
    """A `glimpse review base new` on a free port in `work`, writing into `folder` as jane."""

    def __init__(self, glimpse_bin, work, folder):  # noqa: super().__init__ starts serve; this starts review
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = work / f"review-{self.port}.log"
        self.process = subprocess.Popen(
            [str(glimpse_bin), "review", "base", "new", "--port", str(self.port), "--decisions", str(folder), "--by",
             "jane"], cwd=work, env=PATIENT, stdout=subprocess.DEVNULL, stderr=self.log.open("w"))
        deadline = time.monotonic() + 300
        while "Reviewing at" not in self.log.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"glimpse review did not start: {self.log.read_text()}")
            time.sleep(0.05)

    def decide(self, key):
        """A click on Approve, answered however long the lock takes: (status, body)."""
        return self.post("/_glimpse/decide", {"key": key, "verdict": "approve"}, timeout=900)


def test_writers_and_a_review_taking_clicks_at_once_lose_nothing(glimpse_bin, work):
    """20 `glimpse approve` and 20 clicks in a `glimpse review`, all at once, each on its own change."""
    folder = work / "with-review/glimpse-decisions"
    by_command, by_click = keys(work, 20), keys(work, 20, start=20)
    review = Review(glimpse_bin, work, folder)
    try:
        answers = {}
        clicks = [threading.Thread(target=lambda key=key: answers.__setitem__(key, review.decide(key)))
                  for key in by_click]
        writers = [subprocess.Popen([str(glimpse_bin), "approve", str(work / "review"), "--widget", key,
                                     "--decisions", str(folder), "--by", "max"], env=PATIENT,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                   for key in by_command]
        for click in clicks:
            click.start()
        codes = [writer.wait(timeout=900) for writer in writers]
        for click in clicks:
            click.join(timeout=900)
        assert codes == [0] * 20, [writer.stderr.read() for writer in writers if writer.returncode][:3]
        assert sorted(answers) == sorted(by_click) and {status for status, _ in answers.values()} == {200}, answers
        # The review shows every writer's decisions, its own and the command line's.
        status, body, _ = review.get("/diff.json")
        assert status == 200 and json.loads(body)["approvals"]["approved"] == 40
    finally:
        assert review.stop() == 0, review.log.read_text()
    decided = {r["key"]: r["by"] for r in records(folder)}
    assert decided == {**{key: "max" for key in by_command}, **{key: "jane" for key in by_click}}


HOLD = """
import fcntl, os, sys, time
lock = open(sys.argv[1], "w")
fcntl.flock(lock, fcntl.LOCK_EX)
lock.write(f"pid {os.getpid()}: a writer that hangs\\n")
lock.flush()
print("held", flush=True)
time.sleep(3600)
"""


def test_a_writer_in_the_way_is_named_and_once_killed_holds_nothing(glimpse_bin, work):
    """A process holds the lock and does not let go: a writer gives up at its deadline, naming it
    (exit 2, nothing written); killed with SIGKILL, it holds nothing, and the next writer goes on."""
    folder = work / "held/glimpse-decisions"
    folder.parent.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(folder.parent / ".glimpse-decisions.lock")],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        [key] = keys(work, 1)
        waited = approve(glimpse_bin, work, folder, "--widget", key, env={**os.environ, "GLIMPSE_LOCK_TIMEOUT": "1"})
        assert waited.returncode == 2 and f"pid {holder.pid}: a writer that hangs" in waited.stderr, waited.stderr
        assert "holds the lock" in waited.stderr and not folder.exists()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    after = approve(glimpse_bin, work, folder, "--widget", key)
    assert after.returncode == 0, after.stderr
    assert [r["key"] for r in records(folder)] == [key]


def holds_lock(path):
    """Whether a process holds the lock at `path` now (another than this one)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)


def holds_a_flock(pid):
    """Whether process `pid` holds a `flock` now, read from /proc/locks: it looks without taking
    the lock, so it never holds up the writer it watches."""
    with open("/proc/locks") as locks:
        return any(fields[1] == "FLOCK" and fields[4] == str(pid)
                   for fields in (line.split() for line in locks) if len(fields) > 4)


def stop_while_locked(writer, give_up):
    """Watches `writer` until it holds the lock, and stops it there (SIGSTOP). False when it ended
    or `give_up` passed first."""
    while writer.poll() is None and time.monotonic() < give_up:
        if holds_a_flock(writer.pid):
            writer.send_signal(signal.SIGSTOP)
            return True
        time.sleep(0.0005)
    return False


@pytest.mark.skipif(not os.path.exists("/proc/locks"), reason="reads the kernel's lock table")
def test_a_writer_killed_holding_the_lock_leaves_the_folder_old_or_new_and_the_next_goes_on(glimpse_bin, work):
    """Each write turns every decision of the diff one way or the other (over a hundred files). A
    writer is stopped (SIGSTOP), found holding the lock or not, and killed with SIGKILL: every
    decision is then one way or every one the other, never some of each, and the next writer takes
    the lock. Every other writer is stopped at a random moment of its life, before, during or after
    its write; the rest are watched until they hold the lock and stopped there, a random while into
    their lives, so that three are caught inside the write, which a random moment alone rarely hits
    (2 in 300 on a busy machine)."""
    folder = work / "killed/glimpse-decisions"
    lock = folder.parent / ".glimpse-decisions.lock"
    total = len(changes(work))
    started = time.monotonic()
    assert approve(glimpse_bin, work, folder, "--all").returncode == 0
    lifetime = time.monotonic() - started  # where to stop writers, not a figure any assertion reads
    rng = random.Random(48)
    caught = attempts = 0
    while (caught < 3 or attempts < 12) and attempts < 300:
        attempts += 1
        verdict = ["--request-changes"] if attempts % 2 else []
        writer = subprocess.Popen([str(glimpse_bin), "approve", str(work / "review"), "--all", "--decisions",
                                   str(folder), *verdict], env=PATIENT, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        if attempts % 2:
            time.sleep(rng.uniform(0, lifetime))
            writer.send_signal(signal.SIGSTOP)
        else:
            time.sleep(rng.uniform(0, lifetime / 2))
            stop_while_locked(writer, give_up=time.monotonic() + 60 * max(lifetime, 1))
        caught += holds_lock(lock)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        decided = records(folder)
        assert len(decided) == total and len({r["kind"] for r in decided}) == 1, attempts
    assert caught >= 3, f"{caught} writers of {attempts} were stopped holding the lock"
    last = approve(glimpse_bin, work, folder, "--all", "--by", "last")
    assert last.returncode == 0, last.stderr
    decided = records(folder)
    assert len(decided) == total and {(r["kind"], r["by"]) for r in decided} == {("approved", "last")}
    assert sorted(p.name for p in folder.parent.iterdir()) == ["glimpse-decisions"]


def git(repo, *args):
    environment = {**os.environ, "HOME": str(repo.parent), "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Jane",
                   "GIT_AUTHOR_EMAIL": "jane@example.com", "GIT_COMMITTER_NAME": "Jane",
                   "GIT_COMMITTER_EMAIL": "jane@example.com"}
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, env=environment, timeout=120)


def branch_deciding(glimpse_bin, work, repo, branch, *args):
    """A branch off main whose one commit is what `glimpse approve ARGS` wrote."""
    assert git(repo, "checkout", "-q", "-b", branch, "main").returncode == 0
    decided = approve(glimpse_bin, work, repo / "glimpse-decisions", *args)
    assert decided.returncode == 0, decided.stderr
    assert git(repo, "add", "-A", "glimpse-decisions").returncode == 0
    assert git(repo, "commit", "-q", "-m", f"Decisions of {branch}").returncode == 0


def test_two_branches_deciding_different_changes_merge_and_one_change_decided_twice_conflicts(glimpse_bin, work):
    repo = work / "repo"
    repo.mkdir()
    assert git(repo, "-c", "init.defaultBranch=main", "init", "-q").returncode == 0
    (repo / "README.md").write_text("An app.\n")
    assert git(repo, "add", "README.md").returncode == 0 and git(repo, "commit", "-q", "-m", "App").returncode == 0
    first, second = keys(work, 2)
    branch_deciding(glimpse_bin, work, repo, "one", "--widget", first, "--by", "jane", "--note", "Per the spec")
    branch_deciding(glimpse_bin, work, repo, "two", "--widget", second, "--by", "max")
    # A decision reads as one small hunk in the pull request: what, who, when, why, the digests.
    shown = git(repo, "show", "--format=", "one").stdout
    added = [line for line in shown.splitlines() if line.startswith("+") and not line.startswith("+++")]
    assert len(added) <= 12 and '+  "kind": "approved",' in added and '+  "by": "jane",' in added, shown
    assert '+  "note": "Per the spec",' in added and f'+  "key": "{first}",' in added

    merged = git(repo, "merge", "-q", "--no-edit", "one")
    assert merged.returncode == 0, merged.stdout + merged.stderr
    assert sorted(r["key"] for r in records(repo / "glimpse-decisions")) == sorted([first, second])
    gate = run(glimpse_bin, "diff", work / "base", work / "new", "--out", work / "gate", "--decisions",
               repo / "glimpse-decisions", "--fail-on", "never")
    assert gate.returncode == 0 and "2 approved, 0 with changes requested" in gate.stderr, gate.stderr

    # The same change sent back on another branch: the one file written two ways, which git stops at.
    branch_deciding(glimpse_bin, work, repo, "three", "--widget", first, "--request-changes", "--note", "Too thin")
    conflict = git(repo, "merge", "--no-edit", "one")
    assert conflict.returncode != 0 and "CONFLICT (add/add)" in conflict.stdout, conflict.stdout + conflict.stderr
    read = run(glimpse_bin, "diff", work / "base", work / "new", "--out", work / "gate", "--decisions",
               repo / "glimpse-decisions")
    assert read.returncode == 2 and "an unresolved merge conflict" in read.stderr, read.stderr


def legacy_files(work, folder, changed):
    """An older glimpse's approvals and review files in `folder`: the first three changes approved, the
    fourth sent back, a comment on the first."""
    def decision(widget, by, note):
        return {"key": widget["key"], "variant": widget.get("variant", ""), "after": widget["newDigest"], "by": by,
                "at": "2026-11-26T09:00:00Z", "note": note}
    folder.mkdir()
    approvals = [decision(widget, "jane", "ok") for widget in changed[:3]]
    (folder / "glimpse-approvals.json").write_text(json.dumps({"schemaVersion": 1, "approvals": approvals}))
    comment = {**decision(changed[0], "max", "x"), "text": "The ring is thin"}
    del comment["note"]
    (folder / "glimpse-review.json").write_text(json.dumps({
        "schemaVersion": 1, "requests": [decision(changed[3], "max", "Too thin")], "comments": [comment]}))


def test_an_older_glimpses_files_are_read_and_moved_into_the_folder(glimpse_bin, work):
    changed = [w for w in changes(work) if "baseDigest" not in w][:5]
    legacy_files(work, work / "old", changed)
    gate = lambda *option: run(glimpse_bin, "diff", work / "base", work / "new", "--out", work / "gate", *option,
                               "--fail-on", "never")
    before = gate("--approvals", work / "old/glimpse-approvals.json")
    assert "3 approved, 1 with changes requested" in before.stderr, before.stderr
    assert not (work / "old/glimpse-decisions").exists()

    moved = run(glimpse_bin, "decisions", "migrate", "--decisions", work / "old/glimpse-decisions")
    assert moved.returncode == 0 and "3 approvals, 1 request and 1 comment" in moved.stderr, moved.stderr
    assert sorted(p.name for p in (work / "old").iterdir()) == ["glimpse-decisions"]
    assert sorted(r["kind"] for r in records(work / "old/glimpse-decisions")) == [
        "approved", "approved", "approved", "changes-requested", "comment"]
    after = gate("--decisions", work / "old/glimpse-decisions")
    assert "3 approved, 1 with changes requested" in after.stderr, after.stderr

    # Or on the next write, which decides as well.
    legacy_files(work, work / "older", changed)
    decided = approve(glimpse_bin, work, work / "older/glimpse-decisions", "--widget", changed[4]["key"])
    assert decided.returncode == 0 and "Moved the decisions of " in decided.stderr, decided.stderr
    assert sorted(p.name for p in (work / "older").iterdir()) == ["glimpse-decisions"]
    assert len(records(work / "older/glimpse-decisions")) == 6
