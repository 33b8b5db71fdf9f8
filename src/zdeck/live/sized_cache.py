"""Texts kept by key within a total size: the least recently used go first. Threads may share one (the
server describes big tables in worker threads)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

Text = TypeVar("Text", str, bytes)


class SizedCache(Generic[Text]):
    def __init__(self) -> None:
        self._kept: OrderedDict[str, Text] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> Text | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: str, value: Text, most: int) -> Text:
        """Keep `value` (unless it alone is over `most`), dropping the least recently used past `most` in all."""
        with self._lock:
            if key not in self._kept and len(value) <= most:
                self._kept[key] = value
                self._size += len(value)
                while self._size > most:
                    self._size -= len(self._kept.popitem(last=False)[1])
            return value

    @property
    def size(self) -> int:
        return self._size
