"""What one seat may know of a XenodeX state (C-3), readable action labels and the reasons
an action is illegal (C-4).

`observe(state, player)` returns a plain dict built only from public facts (the board,
CDX, staging, pools, discards, hand and deck sizes, the current Echo, played TX) and the
player's own hand of characters and TX. Other seats' hands, every deck order and the Echo
deck order never appear; units are named by (side, unit index), which is public; what is
public besides C-3's list is ruling XD-29. `public_board(state)` is the part of that view
a heuristic scores (the same for every seat), built without the rest. The env encoder
encodes this dict; its observe-and-encode paths read the same facts from the state and are
tested equal.

The dict's seat numbers are 0-based; the texts a person reads (a seat's display `name`,
action labels, reasons) name seat q "P{q+1}" as the rulebook does ("Synth Drone (P2 #0)").
"""
from __future__ import annotations

from typing import NamedTuple

from sim.core.board import seat_name as _seat
from sim.core.checks import check_action, check_seat
from sim.core.events import DRAWS, redact_events
from sim.core.views import pending_view
from sim.xenodex import battle as bt
from sim.xenodex import cycle as cy
from sim.xenodex.state import DENIED, RALLIED, READY, STRUCK


def seat_name(state, p: int) -> str:
    """"P2 · Blorptenna" for seat 1 (the rulebook's seat name and the params' name), or
    "Ancients" for the neutral side."""
    if p >= state.n:
        return "Ancients"
    return f"{_seat(p)} · {state.game.seat_names[p]}"


def _units(state, k: int) -> list[dict]:
    """The entries of every unit in slot k (STR and DEF as `battle.strength` and
    `battle.defense` give them, each side's bonuses looked up once)."""
    g = state.game
    D = state.D
    str_bonus, def_bonus = bt.slot_bonuses(state, k)
    card, bp, used, flags = state.card, state.bp, state.used, state.flags
    u_name, u_bp, u_str, u_def, u_strikes = g.u_name, g.u_bp, g.u_str, g.u_def, g.u_strikes
    units = []
    append = units.append
    for j in state.board[k]:
        c = card[j]
        q = j // D
        st = u_str[c] + str_bonus[q]
        df = u_def[c] + def_bonus[q]
        f = flags[j]
        append({"side": q, "unit": j - q * D, "card": c, "name": u_name[c],
                "bp": bp[j], "max_bp": u_bp[c], "str": st if st > 0 else 0,
                "def": df if df > 0 else 0, "used": used[j],
                "max_strikes": u_strikes[c], "denied": f & DENIED != 0,
                "rallied": f & RALLIED != 0, "struck": f & STRUCK != 0,
                "ready": f & READY != 0})
    return units


def _anchors(state, k: int) -> list[dict | None]:
    """Each seat's anchor in slot k (None where it has none); DEF as `anchor_defense` gives it."""
    g = state.game
    n, K, D = state.n, state.K, state.D
    alvl, abp = state.alvl, state.abp
    anchor_bp, anchor_def = g.anchor_bp, g.anchor_def
    out: list[dict | None] = []
    fortify = None
    for q in range(n):
        idx = q * K + k
        lvl = alvl[idx]
        if lvl < 0:
            out.append(None)
            continue
        if fortify is None:  # Fortify of each seat's characters here, summed once per slot
            fortify = [0] * (n + 1)
            fort, card = g.u_fortify, state.card
            for j in state.board[k]:
                f = fort[card[j]]
                if f:
                    fortify[j // D] += f
        a_bp = abp[idx]
        out.append({"level": lvl, "bp": a_bp, "max_bp": anchor_bp[lvl],
                    "def": anchor_def[lvl] + fortify[q], "active": a_bp > 0})
    return out


class PublicBoard(NamedTuple):
    """The public facts a heuristic scores, as flat tuples: a cheap subset of `observe`.

    Every field has the value of the observation field of the same name (the same for every
    seat's observation): `public_board(state) == board_from_observation(observe(state, p))`
    for every p, so a reader of a `PublicBoard` sees nothing a seat may not know.
    """

    cycle: int
    cycle_limit: int
    phase: str
    battle: tuple[int, tuple[int, ...]] | None
    """(slot, sides that passed) of the battle being fought."""
    seats: tuple[tuple, ...]
    """Per seat: (cdx, emission, staged cards, staged_anchors, hand_size, tx_left, tx_hand_size)."""
    slots: tuple[tuple, ...]
    """Per slot: (controller, start_controller, anchors, units); anchors per seat None or
    (level, bp, max_bp, active); units (side, card, bp, max_bp, str, used, max_strikes, denied)."""


def public_board(state) -> PublicBoard:
    """The `PublicBoard` of a state, built without the rest of `observe` (a leaf evaluator
    calls it once per search iteration; STR as `battle.strength` computes it, per side)."""
    g = state.game
    n, K, D = state.n, state.K, state.D
    card, bp, used, flags = state.card, state.bp, state.used, state.flags
    alvl, abp = state.alvl, state.abp
    u_bp, u_str, u_strikes = g.u_bp, g.u_str, g.u_strikes
    anchor_bp = g.anchor_bp
    ctrl = cy.controllers(state)
    start = state.start_ctrl
    slots = []
    for k in range(K):
        anchors = []
        for q in range(n):
            idx = q * K + k
            lvl = alvl[idx]
            a_bp = abp[idx]
            anchors.append(None if lvl < 0 else (lvl, a_bp, anchor_bp[lvl], a_bp > 0))
        bonus = bt.slot_bonuses(state, k)[0]  # STR added to each side's characters here
        units = []
        for j in state.board[k]:
            c = card[j]
            q = j // D
            strength = u_str[c] + bonus[q]
            units.append((q, c, bp[j], u_bp[c], strength if strength > 0 else 0, used[j],
                          u_strikes[c], bool(flags[j] & DENIED)))
        slots.append((ctrl[k], start[k], tuple(anchors), tuple(units)))
    seats = tuple(
        (state.cdx[q], cy.emission(state, q), tuple(sorted(card[i] for i in state.staged[q])),
         state.astaged[q], len(state.hand[q]), state.tx_left[q], len(state.tx_hand[q]))
        for q in range(n))
    battle = None
    if state.bslot >= 0:
        battle = (state.bslot, tuple(q for q in range(state.sides) if state.bpassed >> q & 1))
    return PublicBoard(state.cycle, state.params.cycle_limit, state.phase, battle, seats,
                       tuple(slots))


def board_from_observation(obs: dict) -> PublicBoard:
    """The `PublicBoard` read from an observation dict of `observe` (the reference the fast
    `public_board` must equal)."""
    slots = tuple(
        (sl["controller"], sl["start_controller"],
         tuple(None if a is None else (a["level"], a["bp"], a["max_bp"], a["active"])
               for a in sl["anchors"]),
         tuple((u["side"], u["card"], u["bp"], u["max_bp"], u["str"], u["used"],
                u["max_strikes"], u["denied"]) for u in sl["units"]))
        for sl in obs["slots"])
    seats = tuple((st["cdx"], st["emission"], tuple(st["staged"]), st["staged_anchors"],
                   st["hand_size"], st["tx_left"], st["tx_hand_size"]) for st in obs["seats"])
    b = obs["battle"]
    battle = None if b is None else (b["slot"], tuple(b["passed"]))
    return PublicBoard(obs["cycle"], obs["cycle_limit"], obs["phase"], battle, seats, slots)


def observe(state, player: int) -> dict:
    """The structured view of `player`; it holds nothing that seat cannot know."""
    n = state.n
    player = check_seat(player, n)
    g = state.game
    ctrl = cy.controllers(state)
    slots = []
    for k in range(state.K):
        slots.append({
            "label": g.slot_labels[k], "siege": state.siege[k],
            "start_controller": state.start_ctrl[k], "controller": ctrl[k],
            "proven": state.proven[k],
            "anchors": _anchors(state, k),
            "units": _units(state, k),
        })
    seats = []
    card = state.card
    for q in range(n):
        seats.append({
            "name": seat_name(state, q), "deck": state.decks[q], "cdx": state.cdx[q],
            "hand_size": len(state.hand[q]), "deck_size": len(state.deck[q]),
            "staged": sorted([card[i] for i in state.staged[q]]),
            "staged_anchors": state.astaged[q], "pool": state.pool[q],
            "discard": [card[i] for i in state.discard[q]],
            "tx_hand_size": len(state.tx_hand[q]), "tx_deck_size": len(state.tx_deck[q]),
            "tx_discard": list(state.tx_disc[q]), "tx_left": state.tx_left[q],
            "starved": state.starved[q], "emission": cy.emission(state, q),
        })
    battle = None
    if state.bslot >= 0:
        battle = {"slot": state.bslot, "stage": state.bstage, "pointer": state.bptr,
                  "passed": [q for q in range(state.sides) if state.bpassed >> q & 1]}
    pend = state.pending
    view_pending = pending_view(pend)
    if pend is not None:
        kind = pend[0]
        if kind in ("strike", "actor", "cleave", "ability"):
            view_pending["slot"] = pend[2]
        if kind in ("actor", "cleave", "ability"):
            view_pending["unit"] = pend[3] - pend[1] * state.D
        if kind == "cleave":
            view_pending["left"] = pend[4]
            view_pending["attack"] = pend[5]
            view_pending["hit"] = list(pend[6])
        if kind == "ability":
            view_pending["ability"] = pend[4]
        if kind == "tx":
            view_pending["tx"] = pend[2]
            view_pending["home"] = pend[3][0]
    return {
        "player": player, "num_players": n, "cycle": state.cycle,
        "cycle_limit": state.params.cycle_limit, "lead": state.lead, "phase": state.phase,
        "current_player": state.current_player, "done": state.done, "winner": state.winner,
        "end_reason": state.end_reason, "slots": slots, "seats": seats,
        "you": {"hand": sorted([card[i] for i in state.hand[player]]),
                "tx_hand": sorted(state.tx_hand[player])},
        "echo": {"current": state.echo, "slot": state.echo_slot,
                 "deck_size": len(state.echo_deck), "discard": list(state.echo_disc)},
        "fields": {"str": state.fstr, "def": state.fdef},
        "battle": battle, "pending": view_pending,
    }


_PRIVATE_EVENTS = DRAWS | {"tx_draw"}
"""Event kinds whose card only the seat in the event may see."""


def visible_events(events: list[tuple], player: int) -> list[tuple]:
    """The events a log meant for `player` may hold: other seats' draws lose their card."""
    return redact_events(events, player, _PRIVATE_EVENTS)


# ----------------------------------------------------------------------------- labels
def unit_name(state, j: int) -> str:
    """"Synth Drone (P2 #3)": a unit's card, side (seat 1 here) and unit index."""
    q = j // state.D
    who = "Ancient" if q >= state.n else _seat(q)
    return f"{state.game.u_name[state.card[j]]} ({who} #{j - q * state.D})"


def label(state, action: int) -> str:
    """A readable label of `action` in this state, e.g. "deploy anchor to S3 (escorted)": any
    id of the action space, legal now or not (IllegalActionError for anything else)."""
    g = state.game
    block, idx = g.codec.decode(check_action(action, g.action_space_size))
    pend = state.pending
    kind = pend[0] if pend else ""
    p = pend[1] if pend else 0
    S = g.slot_labels
    K, D = state.K, state.D
    if block == "done":
        if kind == "strike":
            return f"hold in {S[pend[2]]}"
        if kind == "actor":
            return f"stand down {unit_name(state, pend[3])}"
        return {"summon": "end summon", "deploy": "end deploy", "recovery": "end recovery",
                "cleave": "no more targets"}.get(kind, "done")
    if block == "buy":
        return f"summon {g.u_name[idx + 1]}"
    if block == "buy_anchor":
        return "summon anchor"
    if block == "upgrade":
        lvl = state.alvl[p * K + idx]
        return f"upgrade anchor in {S[idx]} to Lv{lvl + 1}"
    if block == "deploy":
        c, k = divmod(idx, K)
        return f"deploy {g.u_name[c + 1]} to {S[k]}"
    if block == "deploy_anchor":
        esc = " (escorted)" if cy.escorted(state, p, idx) else ""
        return f"deploy anchor to {S[idx]}{esc}"
    if block == "tx":
        return f"transmit {g.tx[idx + 1].name}"
    if block == "select":
        j = p * D + idx
        k = state.loc[j]
        return f"select {unit_name(state, j)} in {S[k] if k >= 0 else '?'}"
    if block in ("target", "slot", "seat"):
        return _choice_label(state, block, idx, kind, p)
    if block in ("capture", "ability") and kind != "actor":
        return f"{block} #{idx} (an action of a selected character)"
    if block == "ability" and idx >= len(g.u_activated[state.card[pend[3]]]):
        return f"ability #{idx} (not one of {unit_name(state, pend[3])}'s)"
    if block == "capture":
        q = bt.unabs(state, p, idx + 1)
        k, i = pend[2], pend[3]
        return f"capture {_seat(q)}'s anchor in {S[k]} with {unit_name(state, i)}"
    if block == "ability":
        i = pend[3]
        ab = g.u_activated[state.card[i]][idx]
        return f"{ab.effect} with {unit_name(state, i)}"
    if block == "heal":
        j = p * D + idx
        got, missing = cy.heal_amount(state, j), g.u_bp[state.card[j]] - state.bp[j]
        part = f" ({got} of {missing} BP)" if got < missing else ""
        return f"heal {unit_name(state, j)} for {cy.heal_cost(state, j)} CDX{part}"
    if block == "repair":
        return f"repair anchor in {S[idx]} for {cy.repair_cost(state, p, idx)} CDX"
    return f"{block} {idx}"


def _choice_label(state, block: str, idx: int, kind: str, p: int) -> str:
    """The label of a unit, slot or seat answering seat `p`'s pending sub-choice of `kind`."""
    g = state.game
    pend = state.pending
    S = g.slot_labels
    if block == "target":
        q, j, ak = state.dec_target(p, idx)
        what = f"{_seat(q)}'s anchor in {S[ak]}" if j < 0 else unit_name(state, j)
        where = "" if j < 0 else f" in {S[state.loc[j]]}" if state.loc[j] >= 0 else ""
        if kind == "actor":
            return f"strike {what}{where} with {unit_name(state, pend[3])}"
        if kind == "cleave":
            return f"also strike {what}{where}"
        if kind == "ability":
            ab = g.u_activated[state.card[pend[3]]][pend[4]]
            return f"{ab.effect} {what}{where}"
        if kind == "tx":
            return f"{g.tx[pend[2]].name} on {what}{where}"
        return f"target {what}"
    if block == "slot":
        if kind == "ability":
            return f"relocate {unit_name(state, pend[3])} to {S[idx]}"
        if kind == "tx":
            return f"{g.tx[pend[2]].name} on {S[idx]}"
        return f"slot {S[idx]}"
    q = bt.unabs(state, p, idx + 1)
    if kind == "tx":
        return f"{g.tx[pend[2]].name} on {seat_name(state, q)}"
    return f"seat {seat_name(state, q)}"


# ----------------------------------------------------------------------------- reasons
def illegal_reason(state, block: str, idx: int) -> str:
    """A sentence saying why an action that is not legal here is not (C-4)."""
    g = state.game
    pend = state.pending
    kind, p = pend[0], pend[1]
    who = _seat(p)
    S = g.slot_labels
    K, D = state.K, state.D
    allowed = {
        "summon": {"done", "buy", "buy_anchor", "upgrade", "tx"},
        "deploy": {"done", "deploy", "deploy_anchor", "tx"},
        "strike": {"done", "select", "tx"},
        "recovery": {"done", "heal", "repair", "tx"},
        "actor": {"done", "target", "capture", "ability", "tx"},
        "cleave": {"done", "target", "tx"},
        "ability": {"target", "slot", "tx"},
        "tx": {"target", "slot", "seat", "tx"},
    }[kind]
    if block not in allowed:
        return f"a {block!r} action does not answer the pending {kind!r} decision of {who}"
    cdx = state.cdx[p]
    if block == "tx":
        t = idx + 1
        if t not in state.tx_hand[p]:
            return f"transmission {g.tx[t].name!r} is not in {who}'s TX hand"
        if state.tx_left[p] <= 0:
            return f"{who} has already played a transmission this cycle (XD-7)"
        if g.echo_dead_air[state.echo]:
            return "no transmission may be played this cycle (Echo: Dead Air)"
        return f"transmission {g.tx[t].name!r} has no legal target now"
    if block == "buy":
        c = idx + 1
        if not any(state.card[i] == c for i in state.hand[p]):
            return f"{g.u_name[c]!r} is not in {who}'s hand"
        return f"{g.u_name[c]!r} costs {g.u_cost[c]} CDX but {who} has {cdx}"
    if block == "buy_anchor":
        if state.pool[p] <= 0:
            return f"{who}'s anchor pool is empty"
        return f"an anchor costs {state.params.anchor_cost} CDX but {who} has {cdx}"
    if block == "upgrade":
        lvl = state.alvl[p * K + idx]
        if lvl < 0:
            return f"{who} has no anchor in {S[idx]}"
        if state.abp[p * K + idx] <= 0:
            return f"{who}'s anchor in {S[idx]} is disabled; repair it first"
        if lvl >= g.max_level:
            return f"{who}'s anchor in {S[idx]} is already at the top level Lv{lvl}"
        return f"the upgrade to Lv{lvl + 1} costs {state.params.upgrade_costs[lvl]} CDX but {who} has {cdx}"
    if block == "deploy":
        c, k = divmod(idx, K)
        return f"{g.u_name[c + 1]!r} is not in {who}'s staging"
    if block == "deploy_anchor":
        if state.astaged[p] <= 0:
            return f"{who} has no staged anchor"
        return cy.anchor_deployable(state, p, idx)
    if block == "select":
        j = p * D + idx
        k = pend[2]
        if state.loc[j] != k:
            return f"{who}'s unit #{idx} is not in {S[k]}, where the battle is"
        if state.flags[j] & DENIED:
            return (f"{unit_name(state, j)} is denied (it cannot strike this cycle) and has no "
                    f"capture or ability to use")
        if state.bstage == 0:
            return "only First Strike characters act in the opening round"
        return f"{unit_name(state, j)} has no strike left this cycle"
    if block in ("capture", "ability") and state.flags[pend[3]] & READY:
        return f"{unit_name(state, pend[3])} was readied to strike again: its action must be a strike"
    if block == "capture":
        q = bt.unabs(state, p, idx + 1)
        k = pend[2]
        if state.alvl[q * K + k] < 0:
            return f"{_seat(q)} has no anchor in {S[k]}"
        return f"{_seat(q)}'s anchor in {S[k]} is supported by a character of theirs; it cannot be captured"
    if block == "target" and kind in ("actor", "cleave"):
        q, j, ak = state.dec_target(p, idx)
        k = pend[2]
        if kind == "actor" and state.flags[pend[3]] & DENIED:
            return f"{unit_name(state, pend[3])} is denied and cannot strike this cycle"
        if kind == "cleave" and q >= state.n:
            return "Cleave's extra targets are rival units, and an Ancient is not a rival (XD-21)"
        if q == p:
            return "a character strikes rival units, not its own side"
        if j < 0:
            if ak != k:
                return f"the battle is in {S[k]}; {_seat(q)}'s anchor in {S[ak]} is out of reach"
            if state.alvl[q * K + k] < 0:
                return f"{_seat(q)} has no anchor in {S[k]}"
            if state.abp[q * K + k] <= 0:
                return f"{_seat(q)}'s anchor in {S[k]} is disabled (it can only be captured)"
            return (f"{_seat(q)}'s anchor in {S[k]} is not vulnerable "
                    f"(guarded, or a taunting character must be struck)")
        if state.loc[j] != k:
            return f"that unit is not in {S[k]}"
        if kind == "cleave" and g.a_target + idx in pend[6]:
            return "that unit was already hit by this strike"
        return f"{unit_name(state, j)} cannot be struck: {_seat(q)} has a taunting character there"
    if block == "ability":
        abilities = g.u_activated[state.card[pend[3]]]
        if idx >= len(abilities):
            return f"{unit_name(state, pend[3])} has no activated ability #{idx}"
        return f"{abilities[idx].effect!r} has no legal target now"
    if block == "heal":
        j = p * D + idx
        if state.loc[j] < 0:
            return f"{who}'s unit #{idx} is not on the board"
        if state.bp[j] >= g.u_bp[state.card[j]]:
            return f"{unit_name(state, j)} is not damaged"
        return (f"healing {unit_name(state, j)} costs {state.params.heal_cost_per_bp} CDX per BP "
                f"but {who} has {cdx}")
    if block == "repair":
        if state.alvl[p * K + idx] < 0:
            return f"{who} has no anchor in {S[idx]}"
        if state.abp[p * K + idx] >= g.anchor_bp[state.alvl[p * K + idx]]:
            return f"{who}'s anchor in {S[idx]} is not damaged"
        return f"the repair costs {cy.repair_cost(state, p, idx)} CDX but {who} has {cdx}"
    return f"that {block!r} choice is not among the candidates of the pending {kind!r} decision"

