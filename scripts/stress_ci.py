#!/usr/bin/env python3
"""Run the whole default suite N times, each from a clean clone, with both cores kept busy.

    python3 scripts/stress_ci.py                 # 5 runs of HEAD, a busy loop per core
    python3 scripts/stress_ci.py --runs 2 --rev safe12 --hog 2
    python3 scripts/stress_ci.py --runs 1 -- -k two_tabs     # extra arguments go to .ci/run

Each run: ``git clone`` of this repository into a fresh folder, checkout of the commit,
then ``CI=true bash .ci/run`` there (the README's test command: it installs what it needs,
builds the site, runs every test not marked slow) while a CPU hog of this script's own
(one busy-looping process per core, ``--hog``) runs beside it.  The hog is started before
and stopped after every run, by its process ids.  Nothing retries: a run with a failure, an
error or a pytest "rerun" counts as failed, and every failed test id is reported.

The clone runs in a virtualenv made with ``--system-site-packages`` (``--no-venv`` to use
the machine's python directly): ``.ci/run`` installs the package editable, and in the venv
that install does not re-point the machine's editable ``thousand`` at the clone.  Logs of
every run are kept in the work folder (``--workdir``, a temporary folder by default); clones
are deleted unless ``--keep``.  Exit status 0 only if every run passed.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOG = "while True:\n    pass\n"
SUMMARY = re.compile(r"^=*\s*(?P<body>(\d+ \w+[, ]*)+) in (?P<secs>[\d.]+)s", re.M)


def sh(*args, cwd=None) -> str:
    return subprocess.run(args, cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


class Hog:
    """One busy-looping process per core, this script's own; stopped by pid."""

    def __init__(self, n: int):
        self.n = n
        self.procs: list[subprocess.Popen] = []
        self.t0 = 0.0

    def start(self) -> None:
        self.t0 = time.monotonic()
        for _ in range(self.n):
            self.procs.append(subprocess.Popen([sys.executable, "-c", HOG],
                                               stdin=subprocess.DEVNULL, start_new_session=True))

    def cpu_seconds(self) -> float:
        tick = os.sysconf("SC_CLK_TCK")
        total = 0.0
        for p in self.procs:
            try:
                fields = Path(f"/proc/{p.pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / tick      # utime + stime
            except (OSError, IndexError, ValueError):
                pass
        return total

    def stop(self) -> str:
        """Stop every hog process; returns how busy they kept the cores."""
        wall = time.monotonic() - self.t0
        cpu = self.cpu_seconds()
        for p in self.procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        self.procs = []
        return f"hog {self.n} proc, {cpu / wall:.2f} cores busy on average" if wall > 0 else ""


def cpu_times() -> tuple[int, int]:
    """(idle, total) jiffies of the whole machine since boot (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return fields[3] + fields[4], sum(fields[:8])


def parse(log: str) -> dict:
    """pytest's -q output: the summary counts and every FAILED/ERROR test id."""
    counts, secs = {}, None
    for m in SUMMARY.finditer(log):
        counts = {}
        for part in m.group("body").split(","):
            n, _, what = part.strip().partition(" ")
            if n.isdigit():
                counts[what.strip()] = int(n)
        secs = float(m.group("secs"))
    failed = sorted({line.split(" - ")[0].strip() for line in log.splitlines()
                     if line.startswith(("FAILED ", "ERROR "))})
    crashes = len(re.findall(r"Page crashed|Target crashed", log))
    return {"counts": counts, "secs": secs, "failed": failed, "crashes": crashes}


def one_run(i: int, sha: str, work: Path, args) -> dict:
    clone = work / f"run-{i}"
    log_path = work / f"run-{i}.log"
    if clone.exists():
        shutil.rmtree(clone)
    sh("git", "clone", "-q", "--no-checkout", str(ROOT), str(clone))
    sh("git", "checkout", "-q", sha, cwd=clone)
    env = dict(os.environ, CI="true")
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)
    if not args.no_venv:
        venv = clone / ".venv"
        sh(sys.executable, "-m", "venv", "--system-site-packages", str(venv))
        env["PATH"] = str(venv / "bin") + os.pathsep + env.get("PATH", "")
        env["VIRTUAL_ENV"] = str(venv)
    hog = Hog(args.hog)
    load0 = os.getloadavg()[0]
    t0 = time.monotonic()
    idle0, total0 = cpu_times()
    if args.hog:
        hog.start()
    try:
        with open(log_path, "w", encoding="utf-8") as log:
            try:
                rc = subprocess.run(["bash", ".ci/run", *args.pytest_args], cwd=clone, env=env,
                                    stdout=log, stderr=subprocess.STDOUT,
                                    timeout=args.timeout * 60).returncode
            except subprocess.TimeoutExpired:
                rc = "timeout"
    finally:
        busy = hog.stop() if args.hog else "no hog"
    wall = time.monotonic() - t0
    idle1, total1 = cpu_times()
    idle = (idle1 - idle0) / max(1, total1 - total0)
    text = log_path.read_text(encoding="utf-8", errors="replace")
    out = parse(text)
    reruns = out["counts"].get("rerun", 0)
    bad = out["counts"].get("failed", 0) + out["counts"].get("errors", 0) + out["counts"].get("error", 0)
    out.update(i=i, rc=rc, wall=wall, busy=busy, log=log_path,
               load=f"machine idle {idle:.0%}, load {load0:.1f} -> {os.getloadavg()[0]:.1f}",
               ok=(rc == 0 and bad == 0 and reruns == 0 and out["counts"].get("passed", 0) > 0))
    if not args.keep:
        shutil.rmtree(clone, ignore_errors=True)
    return out


def line(r: dict) -> str:
    counts = ", ".join(f"{n} {k}" for k, n in r["counts"].items()) or "no pytest summary"
    status = "PASS" if r["ok"] else "FAIL"
    return (f"run {r['i']}: {status} rc={r['rc']} {counts} (pytest {r['secs'] or 0:.0f} s, "
            f"run {r['wall'] / 60:.1f} min; {r['busy']}; {r['load']})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rev", default="HEAD", help="the commit to test (default HEAD)")
    ap.add_argument("--hog", type=int, default=os.cpu_count() or 2,
                    help="busy-looping processes beside each run (default: one per core; 0: none)")
    ap.add_argument("--workdir", help="folder for the clones and logs (default: a new temporary one)")
    ap.add_argument("--keep", action="store_true", help="keep the clones")
    ap.add_argument("--no-venv", action="store_true", help="run .ci/run with the machine's python")
    ap.add_argument("--timeout", type=float, default=60, help="minutes per run (default 60)")
    ap.add_argument("pytest_args", nargs="*", help="after --: extra arguments for .ci/run (pytest)")
    args = ap.parse_args(argv)
    sha = sh("git", "rev-parse", args.rev, cwd=ROOT)
    dirty = sh("git", "status", "--porcelain", "--untracked-files=no", cwd=ROOT)
    work = Path(args.workdir).resolve() if args.workdir else Path(tempfile.mkdtemp(prefix="stress-ci-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"stress_ci: {args.runs} runs of {sha[:12]} ({sh('git', 'log', '-1', '--format=%s', sha, cwd=ROOT)[:70]})"
          f"\n  each: clean clone, CI=true bash .ci/run {' '.join(args.pytest_args)}".rstrip()
          + f"\n  beside it: {args.hog} busy-looping process(es) on {os.cpu_count()} cores; logs in {work}",
          flush=True)
    if dirty:
        print("  (the worktree has uncommitted changes: they are not tested)", flush=True)
    results = []
    for i in range(1, args.runs + 1):
        r = one_run(i, sha, work, args)
        results.append(r)
        print(line(r), flush=True)
        for f in r["failed"]:
            print(f"    {f}", flush=True)
        if r["crashes"]:
            print(f"    renderer crashes in the log: {r['crashes']}", flush=True)
        if not r["ok"]:
            print(f"    log: {r['log']}", flush=True)
    passed = sum(r["ok"] for r in results)
    print(f"stress_ci: {passed} of {len(results)} runs passed"
          + ("" if passed == len(results) else "; failures:"), flush=True)
    for r in results:
        for f in r["failed"]:
            print(f"  run {r['i']}: {f}")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
