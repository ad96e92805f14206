"""Checks of what the analysis helpers receive: the tables, the group names, the counts.

Each check refuses bad input at the call that received it, before anything is computed,
with an `AnalysisInputError` naming the argument and the bad value (a path instead of a
frame, the cards table where the matches table belongs, a missing column, a group name
that is neither a column nor a params field, a negative count), never a KeyError or a
TypeError from deep inside pandas.

- `check_frame(value, what, needs)`: a pandas DataFrame holding the columns `needs`; a
  frame without any column at all is an empty table and passes;
- `check_matches(matches, needs)`: `check_frame` for a matches table, with the columns every
  table reads (`MATCHES_NEEDS`);
- `check_cards(cards)`: `check_frame` for a runner's cards table (`CARDS_NEEDS`);
- `check_count(value, what)`: a non-negative int; `check_flag(value, what)`: a bool;
- `check_choice(value, what, choices)`: one of a few names.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from sim.core.errors import TcglabError

MATCHES_NEEDS = ("end_reason", "num_players", "winner")
SEATS_NEEDS = ("run_id", "match_id", "first_player", "turns")
CARDS_NEEDS = ("run_id", "match_id", "player", "card", "event", "count")


class AnalysisInputError(TcglabError, ValueError):
    """An analysis helper's argument of the wrong type or value (the message names both)."""


def _show(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:80] + '...' if len(text) > 80 else text}"


def _kind_hint(value: pd.DataFrame, what: str) -> str:
    columns = set(value.columns)
    if what != "cards" and {"card", "event"} <= columns:
        return " (this looks like the cards table; pass the matches table, experiments.read_table(run_dir))"
    if what == "cards" and {"winner", "end_reason"} <= columns:
        return " (this looks like the matches table; pass experiments.read_table(run_dir, 'cards'))"
    if what in ("matches", "cards") and ("win_rate" in columns or "ci_low" in columns):
        return " (this looks like a table computed by experiments.analysis; pass the logged table)"
    return ""


def check_frame(value: Any, what: str, needs: Iterable[str] = ()) -> pd.DataFrame:
    """`value` when it is a DataFrame holding every column of `needs` (or no column at all:
    an empty table); else AnalysisInputError naming `what`, the value or the missing columns."""
    if not isinstance(value, pd.DataFrame):
        hint = ""
        if isinstance(value, str) or hasattr(value, "__fspath__"):
            table = "" if what == "matches" else f", {what!r}"
            hint = f"; read a run folder first: experiments.read_table({str(value)!r}{table})"
        raise AnalysisInputError(f"{what} must be a pandas DataFrame, got {_show(value)}{hint}")
    if len(value.columns) == 0:
        return value
    missing = [c for c in needs if c not in value.columns]
    if missing:
        raise AnalysisInputError(
            f"{what} has no column(s) {', '.join(map(repr, missing))}{_kind_hint(value, what)}; "
            f"its columns: {', '.join(map(str, value.columns[:30]))}")
    return value


def check_matches(matches: Any, needs: Sequence[str] = ()) -> pd.DataFrame:
    """`matches` when it is a matches table with the base columns and `needs`."""
    return check_frame(matches, "matches", tuple(MATCHES_NEEDS) + tuple(needs))


def check_cards(cards: Any) -> pd.DataFrame:
    """`cards` when it is a runner's cards table (one row per card event)."""
    return check_frame(cards, "cards", CARDS_NEEDS)


def check_count(value: Any, what: str) -> int:
    """`value` as an int when it is a non-negative whole number (not a bool)."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer) or value < 0:
        raise AnalysisInputError(f"{what} must be a non-negative int, got {_show(value)}")
    return int(value)


def check_flag(value: Any, what: str) -> bool:
    """`value` when it is True or False."""
    if not isinstance(value, bool | np.bool_):
        raise AnalysisInputError(f"{what} must be True or False, got {_show(value)}")
    return bool(value)


def check_choice(value: Any, what: str, choices: Sequence[str]) -> str:
    """`value` when it is one of `choices`."""
    if not isinstance(value, str) or value not in choices:
        raise AnalysisInputError(f"{what} must be one of {', '.join(map(repr, choices))}, got {_show(value)}")
    return value
