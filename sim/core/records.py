"""Slotted records and states whose copies are generated: search clones positions thousands
of times a second, so a copy must be plain attribute code, and it must never forget a field.

A class names which of its slots hold containers; every other slot is shared by the copy
(ints, strings, tuples, the game, the params). From that the class gets its copy method,
compiled once when the class is created (as `dataclasses` compiles `__init__`), so it runs
exactly the code one would write by hand:

    class PlayerState(Record, lists="deck hand"):
        __slots__ = ("deck", "hand", "hp")          # copy(): deck[:], hand[:], hp shared

    class StateData(StateRecord, lists="tasks", records="players"):
        __slots__ = ("game", "players", "tasks", "turn", "_events", "_legal")

- `Record.copy()` returns a new record: `lists` copied one level deep, the rest shared;
  `Record.empty_lists()` sets every list slot to a new empty list (for `__init__`).
- `StateRecord.copy_data(into, rng_state=None)` fills a blank state: `lists` copied one
  level deep, `nested` (lists of lists) two levels, `records` (lists of Records) by their
  own `copy()`, `_events` a fresh empty log, the generator's stream position copied lazily
  (`LazyRng`) unless `rng_state` (a saved state or seed) replaces it, the rest shared.
  `clone()` is `copy_data` of a blank instance of the same class.

Names given in a base class's keywords hold in its subclasses, which add their own.
"""
from __future__ import annotations

from typing import Any

from sim.core.seeding import LazyRng

_new = object.__new__


def _all_slots(cls: type) -> list[str]:
    """Every slot name of `cls` and its bases, in base-first order."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in names:
                names.append(name)
    return names


def _kinds(cls: type, key: str, given: str) -> tuple[str, ...]:
    """The slot names of one kind: the bases' (stored on them as `key`) and `given`."""
    inherited: tuple[str, ...] = getattr(cls, key, ())
    return inherited + tuple(n for n in given.split() if n not in inherited)


def _compile(source: str, name: str, namespace: dict[str, Any]) -> Any:
    exec(source, namespace)  # noqa: S102 - generated from slot names only (see the module docstring)
    return namespace[name]


class Record:
    """A slotted record with a generated `copy()`; `lists="a b"` names its list slots."""

    __slots__ = ()
    _list_slots: tuple[str, ...] = ()

    def __init_subclass__(cls, lists: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._list_slots = _kinds(cls, "_list_slots", lists)
        lines = ["def copy(self):", "    c = _new(_cls)"]
        for slot in _all_slots(cls):
            lines.append(f"    c.{slot} = self.{slot}[:]" if slot in cls._list_slots
                         else f"    c.{slot} = self.{slot}")
        lines.append("    return c")
        copy = _compile("\n".join(lines), "copy", {"_new": _new, "_cls": cls})
        copy.__doc__ = Record.copy.__doc__
        copy.__qualname__ = f"{cls.__qualname__}.copy"
        copy.__module__ = cls.__module__
        cls.copy = copy
        lines = ["def empty_lists(self):", "    pass"] + [f"    self.{slot} = []" for slot in cls._list_slots]
        empty = _compile("\n".join(lines), "empty_lists", {})
        empty.__doc__ = Record.empty_lists.__doc__
        empty.__qualname__ = f"{cls.__qualname__}.empty_lists"
        empty.__module__ = cls.__module__
        cls.empty_lists = empty

    def copy(self) -> Any:
        """An independent copy: list slots copied, every other slot shared."""
        raise NotImplementedError("Record subclasses get a generated copy()")

    def empty_lists(self) -> None:
        """Set every list slot to a new empty list."""
        raise NotImplementedError("Record subclasses get a generated empty_lists()")


class StateRecord(LazyRng):
    """A slotted game state with a generated `copy_data()` and `clone()` (module docstring)."""

    __slots__ = ()
    _list_slots: tuple[str, ...] = ()
    _nested_slots: tuple[str, ...] = ()
    _record_slots: tuple[str, ...] = ()

    def __init_subclass__(cls, lists: str = "", nested: str = "", records: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._list_slots = _kinds(cls, "_list_slots", lists)
        cls._nested_slots = _kinds(cls, "_nested_slots", nested)
        cls._record_slots = _kinds(cls, "_record_slots", records)
        lines = ["def copy_data(self, into, rng_state=None):"]
        for slot in _all_slots(cls):
            if slot in ("_rng", "_rng_state"):
                continue
            if slot == "_events":
                value = "[]"
            elif slot in cls._list_slots:
                value = f"self.{slot}[:]"
            elif slot in cls._nested_slots:  # map runs in C: cheaper than a comprehension's frame
                value = f"list(map(_copy_list, self.{slot}))"
            elif slot in cls._record_slots:
                value = f"[x.copy() for x in self.{slot}]"
            else:
                value = f"self.{slot}"
            lines.append(f"    into.{slot} = {value}")
        lines += ["    if rng_state is None:", "        self.copy_rng_into(into)", "    else:",
                  "        into.set_rng_state(rng_state)", "    return into"]
        copy_data = _compile("\n".join(lines), "copy_data", {"_copy_list": list.copy})
        copy_data.__doc__ = StateRecord.copy_data.__doc__
        copy_data.__qualname__ = f"{cls.__qualname__}.copy_data"
        copy_data.__module__ = cls.__module__
        cls.copy_data = copy_data

    def copy_data(self, into: Any, rng_state: dict | int | None = None) -> Any:
        """Copy every field into a blank instance and return it; the generator's stream
        position is copied unless `rng_state` (a saved state or an int seed, built lazily on
        the first draw) replaces it."""
        raise NotImplementedError("StateRecord subclasses get a generated copy_data()")

    def clone(self) -> Any:
        """An independent copy of this state (cheap: search calls it thousands of times a second)."""
        return self.copy_data(_new(self.__class__))
