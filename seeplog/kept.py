"""A small per-worker cache of values, most recently used kept, safe across a worker's threads."""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """At most `size` values by key; `get(key, make)` answers the kept value or makes and keeps it (made
    outside the lock: two threads may make the same value, and either is kept)."""

    def __init__(self, size: int):
        self.size = size
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        found = self.find(key)
        if found is not None:
            return found
        value = make()
        self.put(key, value)
        return value

    def find(self, key: Hashable) -> V | None:
        """The value kept by `key`, or None."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        return None

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def drop(self, key: Hashable) -> None:
        with self._lock:
            self._values.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
