"""The human seat in the terminal: the board from the human's seat, the numbered legal
actions, and a prompt that never crashes.

    code = play_in_terminal(config, seat)        # config: experiments.play.record.human_config

At each decision of the human the screen shows the other seats' moves since the last one
(a move that would name a card the human cannot see reads "a choice you cannot see"), the
board from the human's seat (experiments.play.views.seat_board) and the legal actions
numbered from 1. The human types a number, or a few letters of one label; `?` shows help,
`u` takes back the last decision, `q` leaves. Anything else gets a one-line hint and the
same prompt; the end of the input, and Ctrl-C (exit code 130), leave like `q`. The game is saved as a run folder
(experiments.play.record) when it ends, or when the human leaves after at least one move
(logged with end_reason "left").
"""
from __future__ import annotations

import time
from collections.abc import Callable

from experiments.play.game import HumanGame
from experiments.play.record import check_out_folder, save_game
from experiments.play.views import seat_board
from sim.core.board import seat_and_agent, seat_name

PROMPT = "your move> "
HELP = """Type the number of an action, or a few letters of its label (they must match one action).
  ?  this help
  u  take back your last decision (the game is replayed from its seed and the moves before it)
  q  leave the game (saved as left, once anyone has moved)"""


def choose(text: str, labels: list[str]) -> tuple[int | None, str]:
    """(index into `labels`, '') for a number 1..n or letters matching one label; (None, a
    one-line hint) otherwise."""
    text = text.strip()
    n = len(labels)
    if not text:
        return None, f"type a number 1..{n}, a few letters of an action, or ? for help"
    if text.lstrip("-").isdigit():
        k = int(text)
        if 1 <= k <= n:
            return k - 1, ""
        return None, f"no action {k}: choose 1..{n}"
    low = text.lower()
    exact = [i for i, lab in enumerate(labels) if lab.lower() == low]
    if len(exact) == 1:
        return exact[0], ""
    hits = [i for i, lab in enumerate(labels) if low in lab.lower()]
    if len(hits) == 1:
        return hits[0], ""
    if not hits:
        return None, f"{text!r} matches no action: type a number 1..{n}, or ? for help"
    shown = ", ".join(str(i + 1) for i in hits[:8]) + (", ..." if len(hits) > 8 else "")
    return None, f"{text!r} matches {len(hits)} actions ({shown}): type more letters or the number"


def _screen(g: HumanGame, moves: list[str]) -> list[str]:
    lines = [""]
    if moves:
        lines += ["Since your last move:"] + [f"  {m}" for m in moves]
    lines += seat_board(g.state, g.seat).splitlines()
    if g.human_to_act():
        lines.append("Your actions:")
        state = g.state
        lines += [f"  {i + 1:>3}. {state.action_label(a)}" for i, a in enumerate(state.legal_actions())]
    return lines


def _result(g: HumanGame) -> str:
    returns = g.state.returns()
    reason = getattr(g.state, "end_reason", "")
    if max(returns) == min(returns):
        return f"Result: a draw ({reason})"
    winner = max(range(len(returns)), key=lambda q: returns[q])
    who = f"you ({seat_name(winner)})" if winner == g.seat else seat_name(winner)
    return f"Result: {who} won ({reason})"


def _leave(config, seat: int, g: HumanGame, say: Callable[[str], None], why: str) -> int:
    """Save a game left before its end (when anyone has moved); returns the exit code (0)."""
    if not g.actions:
        say(f"{why} (no move was made: nothing saved)")
        return 0
    out = save_game(config, seat, g.actions, g.seats_of, g.think_times, g.wall_time())
    say(f"{why}; seed {config.seed}; saved: {out} (tcglab replay {out} 0; tcglab view {out})")
    return 0


def play_in_terminal(config, seat: int, read: Callable[[str], str] = input,
                     say: Callable[[str], None] = print) -> int:
    """Play the game at the terminal (see the module docstring); returns the exit code (0)."""
    check_out_folder(config.out)
    g = HumanGame(config, seat)
    opponents = ", ".join(f"{seat_name(q)}: {a}" for q, a in enumerate(g.setup.agents) if q != seat)
    # The seed re-deals every hidden card: the human gets it once the game is over.
    say(f"{config.game}, you are {seat_and_agent(seat)}; {opponents}; the seed is given when the game ends. "
        "Type ? for help.")
    try:
        return _loop(config, seat, g, read, say)
    except KeyboardInterrupt as exc:     # Ctrl-C (or SIGTERM) at the prompt or while an agent thinks
        say("")
        _leave(config, seat, g, say, "interrupted: left the game")
        return getattr(exc, "exit_code", 130)


def _loop(config, seat: int, g: HumanGame, read: Callable[[str], str], say: Callable[[str], None]) -> int:
    """The game from the first moves to its end or the human's leaving; returns the exit code."""
    moves = g.advance()
    while not g.state.is_terminal():
        for line in _screen(g, moves):
            say(line)
        moves = []
        legal = g.state.legal_actions()
        labels = [g.state.action_label(a) for a in legal]
        t0 = time.perf_counter()
        while True:
            try:
                text = read(PROMPT)
            except EOFError:
                say("")
                return _leave(config, seat, g, say, "end of input: left the game")
            word = text.strip().lower()
            if word == "?":
                say(HELP)
            elif word == "q":
                return _leave(config, seat, g, say, "left the game")
            elif word == "u":
                if not g.can_undo():
                    say("nothing to take back yet")
                    continue
                g.undo()
                say("took back your last decision")
                break
            else:
                index, hint = choose(text, labels)
                if index is None:
                    say(hint)
                    continue
                g.play(legal[index], time.perf_counter() - t0)
                moves = g.advance()
                break
    for line in _screen(g, moves):
        say(line)
    say(_result(g))
    out = save_game(config, seat, g.actions, g.seats_of, g.think_times, g.wall_time())
    say(f"seed {config.seed}; saved: {out} (tcglab replay {out} 0; tcglab view {out})")
    return 0
