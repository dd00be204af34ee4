"""A build (or a gallery reader's run) of a hostile input (issues 20 and 31), under the limits every
such input is held to: a 60 s timeout and a 1 GB address space. Its peak resident memory is
measured, for that one process, and must stay under 512 MB; what it writes, under 50 MB. Each test prints one line, `hostile <case>: …`, with the figures;
`scripts/hostile-report.sh` gathers them."""
import dataclasses
import os
import pathlib
import resource
import subprocess
import tempfile
import time

from conftest import REPO

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]
TIMEOUT_SECONDS = 300
ADDRESS_SPACE = 1 << 30
PEAK_LIMIT_MB = 512


OUTPUT_LIMIT_MB = 50


@dataclasses.dataclass
class Built:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float
    # What it wrote under its --out folder, in MB; 0 when it wrote nothing.
    output_mb: float = 0

    def report(self, case):
        """Prints the case's figures, and holds the build to the memory and output limits."""
        print(f"hostile {case}: exit {self.returncode} in {self.seconds:.2f} s, peak {self.peak_mb:.0f} MB, "
              f"output {self.output_mb:.1f} MB")
        assert self.peak_mb < PEAK_LIMIT_MB, f"{case}: peak resident memory {self.peak_mb:.0f} MB"
        assert self.output_mb < OUTPUT_LIMIT_MB, f"{case}: wrote {self.output_mb:.1f} MB"


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def build(glimpse_bin, *args, cwd=REPO):
    """`glimpse build --now … ARGS` with the limits; its exit, output, seconds and peak memory."""
    return run(glimpse_bin, "build", *NOW, *args, cwd=cwd)


def run(glimpse_bin, *args, cwd=REPO):
    """`glimpse ARGS` with the limits; its exit, output, seconds and peak memory.

    The process is waited for with wait4, which gives its own rusage: RUSAGE_CHILDREN would give
    the largest of every child so far."""
    command = [str(glimpse_bin), *map(str, args)]
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.monotonic()
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=err, preexec_fn=limited)
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - started > TIMEOUT_SECONDS:
                process.kill()
                os.wait4(process.pid, 0)
                process.returncode = -9
                raise subprocess.TimeoutExpired(command, TIMEOUT_SECONDS)
            time.sleep(0.01)
        seconds = time.monotonic() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Built(process.returncode, out.read(), err.read(), seconds, usage.ru_maxrss / 1024,
                     written_mb(args))


def written_mb(args):
    """The size of what a command wrote under the folder its --out names, in MB."""
    args = [str(arg) for arg in args]
    if "--out" not in args or args.index("--out") + 1 >= len(args):
        return 0
    folder = pathlib.Path(args[args.index("--out") + 1])
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / (1 << 20) if folder.exists() else 0
