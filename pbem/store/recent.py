"""A small thread-safe least-recently-used map, for games loaded lately (see `service.load`).

Folding a game's whole log on every request costs time in proportion to its length (measured by
tests/benchmarks/bench_fold.py); keeping the last few games' `Loaded` lets a request read and fold only
the events appended since. Everything kept is immutable by convention (game states never change in
place: the conformance suite checks `evolve` leaves its input alone), so one entry may serve many threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, Hashable, TypeVar

V = TypeVar("V")


class Recent(Generic[V]):
    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
