"""The open bot protocol (docs/bot-protocol.md): a seat played by an external process.

The process reads one JSON object per line on stdin — ``Game.view(seat)`` with its
``legal`` actions and a request ``id`` — and answers one line per request: the
action in §9 notation (``play AS``), or ``{"id": N, "action": "play AS"}``.
A late, missing, malformed or illegal answer is reported and replaced by a legal
fallback (the normal bot's choice); the match goes on.

Every line is matched to its request by the reader thread, under one lock with the
request that is open, so how long the bot took never decides which request a line
answers:

* a JSON answer with an ``id`` answers that request: it is played only if that
  request is the one open, otherwise it is discarded;
* any other line (plain text, JSON without an id, bytes that are not UTF-8) answers
  by its place: the bot's n-th line answers request n, counting a JSON answer with the
  id k as the bot's line for request k.  A line whose request has already timed out
  is discarded, never given to a later request; a line that comes when every request
  sent has had its line is one too many, and is discarded too.  The lines of one read
  are matched together, so an extra line written with an answer is caught before the
  next request is sent.

Discarded lines are counted in ``problems["stale"]``.  Lines are read as bytes and
decoded one by one, so a line that is not UTF-8 is a malformed answer and the reader
lives on.  Requests are written by a writer thread, so a bot that stops reading its
input costs a timeout per request, never a hung match.
"""
from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time

from .normal import NormalBot

MAX_LINE = 1 << 20          # bytes; a longer line is malformed (and not kept in memory)


class ProcessBot:
    def __init__(self, command: str, timeout: float = 5.0, seed: int = 0, log=None):
        self.command = command
        self.timeout = timeout
        self.fallback = NormalBot(seed)
        self.log = log or (lambda msg: print(msg, file=sys.stderr))
        self.problems = {"timeout": 0, "illegal": 0, "malformed": 0, "dead": 0, "stale": 0}
        self.requests = 0
        self.proc = None
        # shared with the reader and writer threads, under _cond:
        self._cond = threading.Condition()
        self._open = None        # the id of the request waiting for its answer, or None
        self._answer = None      # ("action", text) or ("malformed", why) for the open request
        self._placed = 0         # the last request that has had its line (see the docstring)
        self._eof = False        # the bot closed its output
        self._no_input = False   # the bot closed its input
        self._outbox: queue.Queue = queue.Queue()
        self._threads = []
        self._start()

    # ---- the process and its two threads ------------------------------------------------
    def _start(self) -> None:
        try:
            # its own process group, so that close() can kill the shell and what it started
            self.proc = subprocess.Popen(self.command, shell=True, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, bufsize=0,
                                         start_new_session=True)
        except OSError as e:
            self.log(f"bot {self.command!r}: cannot start: {e}")
            self.proc = None
            return
        self._threads = [threading.Thread(target=self._reader, daemon=True),
                         threading.Thread(target=self._writer, daemon=True)]
        for t in self._threads:
            t.start()

    def _writer(self) -> None:
        stream = self.proc.stdin
        while True:
            data = self._outbox.get()
            if data is None:
                break
            try:
                while data:
                    data = data[stream.write(data):]
            except (OSError, ValueError):
                with self._cond:
                    self._no_input = True
                    self._cond.notify_all()
                break
        try:
            stream.close()
        except OSError:
            pass

    def _reader(self) -> None:
        fd = self.proc.stdout.fileno()
        buf = b""
        overlong = False         # inside a line already taken as malformed for its length
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            *lines, buf = (buf + chunk).split(b"\n")
            if overlong and lines:
                lines, overlong = lines[1:], False
            if not overlong and len(buf) > MAX_LINE:
                lines.append(None)
                buf, overlong = b"", True
            elif overlong:
                buf = b""
            self._take(lines)    # all the lines of one read at once: see _take
        self._take([buf] if buf and not overlong else [], eof=True)

    def _take(self, lines, eof: bool = False) -> None:
        """Match lines to requests.  The lines of one read are matched under one hold of the
        lock, so an extra line written together with an answer is seen before the next
        request can be sent."""
        notes = []
        with self._cond:
            for raw in lines:
                note = self._match(raw)
                if note:
                    self.problems["stale"] += 1
                    notes.append(note)
            if eof:
                self._eof = True
            self._cond.notify_all()
        for note in notes:
            self.log(f"bot {self.command!r}: {note}; discarded")

    def _match(self, raw):
        """One line (bytes, or None for an overlong one); returns why it was discarded, or None
        when it went to the open request.  Called with the lock held."""
        if raw is None:
            answer = ("malformed", f"a line longer than {MAX_LINE} bytes")
        else:
            try:
                text = raw.decode("utf-8").strip()
            except UnicodeDecodeError:
                answer = ("malformed", f"bytes that are not UTF-8 {raw[:40]!r}")
            else:
                answer, rid = self._parse(text)
                if rid is not None:                          # an answer naming its request
                    if not (type(rid) is int and 1 <= rid <= self.requests):
                        return f"an answer with the id {rid!r}, which is not the id of a request sent"
                    self._placed = max(self._placed, rid)
                    if rid != self._open:
                        return f"an answer to request {rid}, which is not waiting for one"
                    self._deliver(answer)
                    return None
        if self._placed >= self.requests:
            return (f"a line while every request sent has had its line, "
                    f"{self._shown(raw)}")
        self._placed += 1
        if self._placed != self._open:
            return (f"the line for request {self._placed}, which has timed out, "
                    f"{self._shown(raw)}")
        self._deliver(answer)
        return None

    @staticmethod
    def _parse(text: str):
        """(answer, id or None) of one decoded line."""
        if not text.startswith("{"):
            return ("action", text), None
        try:
            obj = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            return ("malformed", f"unreadable answer {text[:60]!r}"), None
        if not isinstance(obj, dict):
            return ("malformed", f"unreadable answer {text[:60]!r}"), None
        action = obj.get("action")
        answer = (("action", action) if isinstance(action, str)
                  else ("malformed", f"an answer without an action {text[:60]!r}"))
        return answer, obj.get("id")

    @staticmethod
    def _shown(raw) -> str:
        return "too long to show" if raw is None else repr(raw[:60])

    def _deliver(self, answer) -> None:
        self._answer = answer
        self._open = None

    def close(self, grace: float = 1.0) -> None:
        """Close the bot's input and wait up to `grace` seconds for it to exit (then kill it);
        lines it writes before exiting are still matched and counted."""
        if not self.proc:
            return
        self._outbox.put(None)
        try:
            self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            try:                 # the shell is not reaped yet, so its group id is still its own
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass
            self.proc.wait()
        for t in self._threads:
            t.join(timeout=grace)

    # ---- one request ----------------------------------------------------------------------
    def _fallback(self, view: dict, rid: int, why: str, kind: str) -> str:
        with self._cond:
            self.problems[kind] += 1
        action = self.fallback.choose(view)
        self.log(f"bot {self.command!r}, request {rid}: {why}; played {action!r} instead")
        return action

    def choose(self, view: dict) -> str:
        with self._cond:
            self.requests += 1
            rid = self.requests
            gone = (self.proc is None and "the process is not running"
                    or self._eof and "the process closed its output"
                    or self._no_input and "the process closed its input")
            if not gone:
                self._open, self._answer = rid, None
        if gone:
            return self._fallback(view, rid, gone, "dead")
        line = json.dumps({**view, "id": rid}, ensure_ascii=False) + "\n"
        self._outbox.put(line.encode("utf-8"))
        deadline = time.monotonic() + self.timeout
        with self._cond:
            while self._answer is None and not self._eof and not self._no_input:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._cond.wait(left)
            answer, self._open = self._answer, None
            eof, no_input = self._eof, self._no_input
        if answer is None:
            if eof:
                return self._fallback(view, rid, "the process closed its output", "dead")
            if no_input:
                return self._fallback(view, rid, "the process closed its input", "dead")
            return self._fallback(view, rid, f"no answer within {self.timeout} s", "timeout")
        kind, text = answer
        if kind == "malformed":
            return self._fallback(view, rid, text, "malformed")
        if text in view["legal"]:
            return text
        return self._fallback(view, rid, f"illegal answer {text[:60]!r}", "illegal")
