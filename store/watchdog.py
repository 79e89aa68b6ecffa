"""Sockets shut down once their deadline passes: the thread blocked on one (a database that froze,
a client that dribbles its request's body) then sees the connection end, at once. One thread per
process checks the deadlines ten times a second, so watching costs a dictionary entry, not a
timer thread (a timer per use doubled a database read's median time). A socket is shut down, not
closed, so its descriptor stays its owner's until the owner closes it."""

from __future__ import annotations

import itertools
import os
import socket
import threading
import time


class Watchdog:
    TICK = 0.1

    def __init__(self, name: str) -> None:
        self._name = name
        self._pid = -1
        self._start = threading.Lock()
        self._lock = threading.Lock()
        self._watched: dict[int, tuple[float, int, int]] = {}
        self._keys = itertools.count()

    def watch(self, fileno: int, seconds: float, how: int = socket.SHUT_RDWR) -> int:
        """Shut `fileno` down (`how`: socket.SHUT_RD lets its owner still answer) in `seconds`,
        unless released first; returns the key to release it with."""
        key = next(self._keys)
        if self._pid != os.getpid():  # first use in this process (a forked worker included)
            with self._start:
                if self._pid != os.getpid():
                    self._lock, self._watched = threading.Lock(), {}
                    threading.Thread(target=self._run, name=self._name, daemon=True).start()
                    self._pid = os.getpid()
        with self._lock:
            self._watched[key] = (time.monotonic() + seconds, fileno, how)
        return key

    def release(self, key: int) -> bool:
        """Stop watching; False when the deadline had passed and the socket was shut down."""
        with self._lock:
            return self._watched.pop(key, None) is not None

    def _run(self) -> None:
        while True:
            time.sleep(self.TICK)
            now = time.monotonic()
            with self._lock:
                expired = [key for key, (deadline, _, _) in self._watched.items() if deadline <= now]
                due = [self._watched.pop(key)[1:] for key in expired]
            for fileno, how in due:
                shut_down(fileno, how)


def shut_down(fileno: int, how: int = socket.SHUT_RDWR) -> None:
    try:
        with socket.socket(fileno=os.dup(fileno)) as sock:
            sock.shutdown(how)
    except OSError:
        pass  # already closed: nothing waits on it
