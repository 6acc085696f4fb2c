"""The open bot protocol (docs/bot-protocol.md): a seat played by an external process.

The process reads one JSON object per line on stdin — ``Game.view(seat)`` with its
``legal`` actions and a request ``id`` — and answers one line per request: the
action in §9 notation (``play AS``), or ``{"id": N, "action": "play AS"}``.
A late, missing, malformed or illegal answer is reported and replaced by a legal
fallback (the normal bot's choice); the match goes on.
"""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading

from .baseline import HeuristicBot


class ProcessBot:
    def __init__(self, command: str, timeout: float = 5.0, seed: int = 0, log=None):
        self.command = command
        self.timeout = timeout
        self.fallback = HeuristicBot(seed)
        self.log = log or (lambda msg: print(msg, file=sys.stderr))
        self.problems = {"timeout": 0, "illegal": 0, "malformed": 0, "dead": 0}
        self.requests = 0
        self.proc = None
        self.lines: queue.Queue = queue.Queue()
        self._start()

    def _start(self) -> None:
        try:
            self.proc = subprocess.Popen(self.command, shell=True, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            self.log(f"bot {self.command!r}: cannot start: {e}")
            self.proc = None
            return
        t = threading.Thread(target=self._reader, args=(self.proc.stdout,), daemon=True)
        t.start()

    def _reader(self, stream) -> None:
        for line in stream:
            self.lines.put(line)
        self.lines.put(None)

    def close(self) -> None:
        if self.proc and self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def _fallback(self, view: dict, why: str, kind: str) -> str:
        self.problems[kind] += 1
        action = self.fallback.choose(view)
        self.log(f"bot {self.command!r}, request {self.requests}: {why}; played {action!r} instead")
        return action

    def choose(self, view: dict) -> str:
        self.requests += 1
        rid = self.requests
        if self.proc is None or self.proc.poll() is not None:
            return self._fallback(view, "the process is not running", "dead")
        while True:                      # drop answers that came too late for earlier requests
            try:
                stale = self.lines.get_nowait()
            except queue.Empty:
                break
            if stale is None:
                return self._fallback(view, "the process closed its output", "dead")
        try:
            self.proc.stdin.write(json.dumps({**view, "id": rid}, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            return self._fallback(view, "the process closed its input", "dead")
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                return self._fallback(view, f"no answer within {self.timeout} s", "timeout")
            if line is None:
                return self._fallback(view, "the process closed its output", "dead")
            answer = line.strip()
            if answer.startswith("{"):
                try:
                    obj = json.loads(answer)
                    if obj.get("id") not in (None, rid):
                        continue         # an answer to an earlier request
                    answer = str(obj.get("action", ""))
                except (json.JSONDecodeError, AttributeError):
                    return self._fallback(view, f"unreadable answer {line.strip()[:60]!r}", "malformed")
            if answer in view["legal"]:
                return answer
            return self._fallback(view, f"illegal answer {answer[:60]!r}", "illegal")
