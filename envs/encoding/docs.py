"""Writes (or checks) docs/encoding/<game>.md from the encoders' layouts.

    python -m envs.encoding.docs            # rewrite every page
    python -m envs.encoding.docs --check    # exit 1 if a page is out of date

Each page is the encoder's `describe()` for the game with default params, so the table of
slices cannot drift from the code; tests/envs/test_encoding.py runs the same check.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from envs.registry import ENV_MODULES, game_spec
from sim import load_game

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs" / "encoding"


def pages() -> dict[Path, str]:
    """`{path: markdown}` of every game's encoding page (default params)."""
    out = {}
    for game in sorted(ENV_MODULES):
        encoder = game_spec(game).make_encoder(load_game(game))
        out[DOCS_DIR / f"{game}.md"] = encoder.describe()
    return out


def stale_pages() -> list[Path]:
    """The pages whose file is missing or differs from the generated text."""
    return [path for path, text in pages().items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only report pages that are out of date")
    args = ap.parse_args(argv)
    if args.check:
        stale = stale_pages()
        for path in stale:
            print(f"out of date: {path}", file=sys.stderr)
        return 1 if stale else 0
    for path, text in pages().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
