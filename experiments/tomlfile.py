"""Reading the TOML files of sweeps, tunes and deck searches with errors that name the file.

    data = read_toml("experiments/examples/tune/first_cycle_first_player.toml", TuneError, "tune ")

A missing or unreadable file, or one that is not valid TOML, raises `error` with one line
naming the file and the problem; the caller then checks the keys.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: str | Path, error: type[Exception], prefix: str = "") -> dict[str, Any]:
    """The parsed TOML of `path`; a read or syntax problem raises `error("<prefix><path>: ...")`."""
    path = Path(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise error(f"{prefix}{path}: cannot read it: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{prefix}{path}: not valid TOML: {exc}") from None
