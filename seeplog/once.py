"""`cached_property` without the lock of Python 3.11's functools.cached_property.

functools' descriptor takes a lock at every first read of every instance (Python 3.12 dropped it): on
the Deal, whose six properties are read once each per deal, that lock costs the validate command about
0.6% of its instructions (callgrind). The values cached here are pure functions of frozen fields, so two
threads that both make one on a first read make the same value, and either is kept.
"""
from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar, overload

T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801 (named as the functools descriptor it stands in for)
    """A property made on first reading and kept in the instance's ``__dict__``."""

    def __init__(self, func: Callable[[Any], T]):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, cls: type | None = None) -> cached_property[T]: ...

    @overload
    def __get__(self, obj: object, cls: type | None = None) -> T: ...

    def __get__(self, obj: object | None, cls: type | None = None) -> T | cached_property[T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value
