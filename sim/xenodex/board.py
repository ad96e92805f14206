"""The XenodeX board as text: `str(state)`, `state.board_text()` and the envs' `render_mode="ansi"`.

A spectator's view built from the engine's public observation (seat 0's, whose only
private parts, the hands, are not printed): the cycle, lead, phase and Echo; every seat's
CDX, emission, hand and deck sizes, staging and anchor pool; each slot with its
controller, proven seat and siege, the anchors in it and the units there (BP, STR, DEF);
the battle and pending decision in progress; then the hands of the seat to act and the
labels of its legal actions (the hot-seat view a person needs to follow or play a game).
Nothing here feeds an agent.
"""
from __future__ import annotations

from typing import Any

from sim.core.board import game_over_lines, legal_action_lines, seat_name


def _seat(obs: dict, q: int) -> str:
    return seat_name(q) if q < obs["num_players"] else "Ancients"


def render_board(state: Any) -> str:
    """A readable text board of a XenodeX state (see the module docstring)."""
    g = state.game
    obs = state.observation(0)
    n = obs["num_players"]
    current = obs["current_player"]
    lines = [f"XenodeX ({n} players) - cycle {obs['cycle']}/{obs['cycle_limit']}, "
             f"lead {_seat(obs, obs['lead'])}, phase {obs['phase']}"
             + (f", {_seat(obs, current)} to decide" if current >= 0 else "")]
    lines += game_over_lines(obs, lambda w: obs["seats"][w]["name"])
    echo = obs["echo"]
    if echo["current"]:
        e = g.echoes[echo["current"]]
        where = f" in {g.slot_labels[echo['slot']]}" if echo["slot"] >= 0 else ""
        lines.append(f"Echo: {e.name}{where}")
    for seat in obs["seats"]:
        staged = ", ".join(g.u_name[c] for c in seat["staged"]) or "-"
        lines.append(f"{seat['name']} ({seat['deck']}): CDX {seat['cdx']}  emission "
                     f"{seat['emission']}{' (starved)' if seat['starved'] else ''}  hand "
                     f"{seat['hand_size']}  deck {seat['deck_size']}  TX hand "
                     f"{seat['tx_hand_size']}  anchors: pool {seat['pool']}, staged "
                     f"{seat['staged_anchors']}  staged units: {staged}")
    for sl in obs["slots"]:
        tags = []
        if sl["controller"] >= 0:
            tags.append(f"controlled by {_seat(obs, sl['controller'])}")
        if sl["proven"] >= 0:
            tags.append(f"proven for {_seat(obs, sl['proven'])}")
        if sl["siege"]:
            tags.append("siege")
        lines.append(f"{sl['label']}" + (f" ({', '.join(tags)})" if tags else ""))
        for q, a in enumerate(sl["anchors"]):
            if a is not None:
                state_word = "active" if a["active"] else "disabled"
                lines.append(f"  anchor {_seat(obs, q)} Lv{a['level']} BP {a['bp']}/{a['max_bp']} "
                             f"DEF {a['def']} {state_word}")
        for u in sl["units"]:
            flags = [f for f, on in (("denied", u["denied"]), ("rallied", u["rallied"])) if on]
            lines.append(f"  {_seat(obs, u['side'])} #{u['unit']} {u['name']} BP {u['bp']}/"
                         f"{u['max_bp']} STR {u['str']} DEF {u['def']} used {u['used']}/"
                         f"{u['max_strikes']}" + (f" ({', '.join(flags)})" if flags else ""))
    battle = obs["battle"]
    if battle is not None:
        lines.append(f"Battle in {g.slot_labels[battle['slot']]}"
                     + (" (First Strike round)" if battle["stage"] == 0 else ""))
    pending = obs["pending"]
    if pending is not None:
        lines.append(f"Pending: {pending['kind']} decision for {_seat(obs, pending['player'])}")
    if current >= 0:
        view = state.observation(current)["you"]
        hand = ", ".join(g.u_name[c] for c in view["hand"]) or "(empty)"
        tx = ", ".join(g.tx[t].name for t in view["tx_hand"]) or "(empty)"
        lines.append(f"Hand of {_seat(obs, current)}: {hand}; TX: {tx}")
        lines += legal_action_lines(state)
    return "\n".join(lines)
