"""`tcglab packs` and `tcglab first-day`: First Cycle packs and the free-to-play economy.

    tcglab packs 10 --seed 3                       # open 10 packs, print pulls and totals
    tcglab first-day black_starter --seed 1 --start 2026-11-30T09:00 --players 100

`first-day` simulates `--players` free-to-play players (daily-pack seeds seed, seed+1, ...)
and gives the median first day with its spread; each output names its seed and code version.
"""
from __future__ import annotations

import argparse
from collections import Counter
from datetime import datetime
from zoneinfo import ZoneInfo

from sim.core.errors import TcglabError


def add_parsers(sub) -> None:
    """Register the two subcommands on an argparse subparsers object."""
    packs = sub.add_parser("packs", formatter_class=argparse.ArgumentDefaultsHelpFormatter, help="open First Cycle packs from a seed into a collection")
    packs.add_argument("count", type=int, help="how many packs to open (streamed: any count)")
    packs.add_argument("--seed", type=int, default=0, help="the seed the packs are opened from")
    packs.add_argument("--quiet", action="store_true", help="print only the totals")
    packs.set_defaults(handler=run_packs)
    day = sub.add_parser("first-day", formatter_class=argparse.ArgumentDefaultsHelpFormatter, help="first day a free-to-play player can build a deck")
    day.add_argument("deck", help="a starter deck name or a deck JSON file")
    day.add_argument("--seed", type=int, default=0, help="the seed of the daily packs")
    day.add_argument("--start", default="2026-11-30T09:00",
                     help="start time, ISO format, Europe/Paris unless an offset is given")
    day.add_argument("--max-days", type=int, default=3650, help="give up after this many days")
    day.add_argument("--players", type=int, default=100,
                     help="simulated players, one daily-pack seed each (seed, seed+1, ...): the spread of the day")
    day.set_defaults(handler=run_first_day)


def run_packs(args: argparse.Namespace) -> int:
    """Open packs and print them."""
    from sim.first_cycle.cards import load_card_set
    from sim.first_cycle.packs import Collection, iter_packs
    if args.count < 0:
        raise TcglabError(f"count: the number of packs must be >= 0, got {args.count}")
    if args.seed < 0:
        raise TcglabError(f"--seed must be >= 0, got {args.seed}")
    cs = load_card_set()
    packs = iter_packs(args.seed, args.count)
    collection = Collection()
    rarities: Counter = Counter()
    for i, pack in enumerate(packs, 1):
        collection.add_cards(pack)
        names = []
        for pid in pack:
            if pid in cs.prints:
                spec = cs.print_spec(pid)
                rarities[spec.rarity] += 1
                names.append(f"{pid} {cs.card(spec.number).name} [{spec.rarity}]")
            else:
                rarities["RAM"] += 1
                names.append(f"{pid} RAM Module")
        if not args.quiet:
            print(f"pack {i}: " + "; ".join(names))
    print(f"{args.count} packs, {collection.total} cards, {len(collection.counts)} distinct prints; "
          f"by rarity: {dict(sorted(rarities.items()))} (packs opened from seed {args.seed}, code version "
          f"{_code_version()})")
    return 0


def run_first_day(args: argparse.Namespace) -> int:
    """Answer "on which day can this player first build this deck"."""
    from sim.first_cycle.decks import get_deck, load_deck_file
    from sim.first_cycle.economy import first_day_can_build
    try:
        start = datetime.fromisoformat(args.start)
    except ValueError:
        raise TcglabError(f"--start: expected an ISO time such as 2026-11-30T09:00, got {args.start!r}") from None
    if start.tzinfo is None:
        start = start.replace(tzinfo=ZoneInfo("Europe/Paris"))
    if args.seed < 0:
        raise TcglabError(f"--seed must be >= 0, got {args.seed}")
    if args.max_days < 1:
        raise TcglabError(f"--max-days must be >= 1, got {args.max_days}")
    if args.players < 1:
        raise TcglabError(f"--players must be >= 1, got {args.players}")
    deck = load_deck_file(args.deck) if args.deck.endswith(".json") else get_deck(args.deck)
    days = [first_day_can_build(deck, start, args.seed + k, max_days=args.max_days) for k in range(args.players)]
    made = (f"produced by: tcglab first-day {args.deck} --seed {args.seed} --players {args.players} --start "
            f"{args.start} --max-days {args.max_days} (code version {_code_version()}); day 1 is the start day")
    if args.players == 1:
        if days[0] is None:
            print(f"{deck.name}: not buildable within {args.max_days} days for one simulated player "
                  f"(daily-pack seed {args.seed})\n{made}")
            return 1
        print(f"{deck.name}: buildable on day {days[0]} for one simulated free-to-play player (daily-pack seed "
              f"{args.seed}, start {start.isoformat()}); give --players N for the spread over N players\n{made}")
        return 0
    built = sorted(d for d in days if d is not None)
    never = len(days) - len(built)
    if not built:
        print(f"{deck.name}: not buildable within {args.max_days} days for any of {args.players} simulated players "
              f"(daily-pack seeds {args.seed}..{args.seed + args.players - 1})\n{made}")
        return 1
    ranked = built + [None] * never  # players who never could, last

    def at(q: float) -> str:
        d = ranked[min(len(ranked) - 1, int(q * (len(ranked) - 1) + 0.5))]
        return f"after day {args.max_days}" if d is None else f"day {d}"
    median = at(0.5)
    print(f"{deck.name}: buildable {'on ' if median.startswith('day') else ''}{median} at the median over {args.players} simulated "
          f"free-to-play players (daily-pack seeds {args.seed}..{args.seed + args.players - 1}, one each; start "
          f"{start.isoformat()}); 10th to 90th percentile: {at(0.1)} to {at(0.9)}; earliest day {built[0]}, "
          f"latest {at(1.0)}; {never} of {args.players} not buildable within {args.max_days} days\n{made}")
    return 0


def _code_version() -> str:
    from experiments.codeversion import process_code_version
    return process_code_version()
