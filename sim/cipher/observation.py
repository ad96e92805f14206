"""What one seat may know of an FE Cipher state (C-3), readable action labels, and the
reasons an action is illegal (C-4).

`observe(state, player)` returns a plain dict built only from public facts and the
player's own private ones: their hand and, before the MCs are flipped, their own MC.
The opponent's hand appears only as a size plus the cards both saw enter it (taken from
the retreat area); deck orders and orbs never appear (orbs are face-down for everyone,
their owner included); bonds, units, stacks, retreat and support areas are public.
The env encoder encodes this dict (its observe-and-encode path reads the same facts from
the state, through `unit_powers`, `battle_view` and `pending_choice_view`, and is tested
equal). Rulings C-3, C-4, FE-10, FE-23, FE-27, FE-30.
"""
from __future__ import annotations

from sim.cipher import effects as fx
from sim.cipher.cardspec import MAX_ACTIVATED
from sim.core.board import seat_name
from sim.core.checks import check_action, check_seat
from sim.core.events import visible_events as visible_events  # the log a seat may see
from sim.core.views import pending_view, seat_view

PHASE_NAMES = {"mulligan": "set-up", "bond": "Bond Phase", "deploy": "Deployment Phase",
               "action": "Action Phase", "over": "game over"}
"""How an illegal-action message names each phase."""


def unit_powers(state, player: int) -> list[int]:
    """The current power of each of `player`'s units, in unit order: `effects.power` of each.

    A continuous skill that applies only when attacking or defending adds to the unit in the
    battle and to no other. So when every continuous skill on that side's field is of that
    kind, a unit outside the battle has its printed power plus its modifier, never below
    zero, and only the side's unit in the battle (if any) asks `effects.power`; otherwise
    every unit does."""
    pl = state.players[player]
    g = state.game
    stacks = pl.u_stack
    quiet = quiet_cards(g)
    for st in stacks:
        if st[-1] not in quiet:
            return [fx.power(state, player, i) for i in range(len(stacks))]
    base = g.power
    out = [v if v > 0 else 0 for v in [base[st[-1]] + m for st, m in zip(stacks, pl.u_mod)]]
    if state.b_att >= 0:
        i = fx.battle_unit(state, player)
        if i >= 0:
            out[i] = fx.power(state, player, i)
    return out


_BATTLE_ONLY = ("attacking", "defending")
_QUIET: dict[int, tuple[object, frozenset[int]]] = {}


def quiet_cards(game) -> frozenset[int]:
    """The card ids of `game` whose continuous skills (if any) all apply only in a battle:
    on top of a unit they add nothing outside one (`unit_powers`); computed once per game."""
    hit = _QUIET.get(id(game))
    if hit is None or hit[0] is not game:
        tops = frozenset(c for c, skills in enumerate(game.continuous)
                         if all(sk.param("when") in _BATTLE_ONLY for sk in skills))
        if len(_QUIET) >= 64:
            _QUIET.clear()
        hit = _QUIET[id(game)] = (game, tops)
    return hit[1]


def _units(state, player: int, powers: list[int]) -> list[dict]:
    pl = state.players[player]
    names = state.game.char_names
    mc = pl.mc
    return [{"card": st[-1], "under": list(st[:-1]), "character": names[ch],
             "line": "front" if front else "rear", "tapped": tapped, "promoted": promoted,
             "mc": uid == mc, "power": p, "mod": mod, "used": used}
            for st, ch, front, tapped, promoted, uid, p, mod, used in zip(
                pl.u_stack, pl.u_char, pl.u_front, pl.u_tapped, pl.u_promoted, pl.u_uid, powers,
                pl.u_mod, pl.u_used)]


def _public(state, player: int, powers: list[int]) -> dict:
    pl = state.players[player]
    support = pl.support
    return {
        "hand_size": len(pl.hand), "deck_size": len(pl.deck), "orbs": len(pl.orbs),
        "retreat": pl.retreat[:], "bonds": [[c, up] for c, up in zip(pl.bonds, pl.bond_up)],
        "support": support if support >= 0 else None, "units": _units(state, player, powers),
        "spent": pl.spent, "bonded": pl.bonded, "turns_taken": pl.turns_taken,
        "mulligans": pl.mulligans, "revealed_hand": sorted(pl.revealed),
    }


def battle_view(state, powers: tuple[list[int], list[int]] | None = None) -> dict | None:
    """The battle in progress as both seats see it (the attacker and defender with their
    current power, modifiers, critical and evade), or None outside a battle. `powers`, when
    given, is `(unit_powers(state, 0), unit_powers(state, 1))`, read instead of asking
    `effects.power` again."""
    if state.b_att < 0:
        return None
    a, d = state.active, 1 - state.active
    ai = state.players[a].index_of(state.b_att)
    di = state.players[d].index_of(state.b_def)

    def side(p: int, i: int) -> dict | None:
        if i < 0:
            return None
        return {"card": state.players[p].u_stack[i][-1],
                "power": fx.power(state, p, i) if powers is None else powers[p][i]}

    return {"attacking_player": a, "attacker": side(a, ai), "defender": side(d, di),
            "attacker_mod": state.b_att_mod, "defender_mod": state.b_def_mod,
            "critical": state.b_crit, "evaded": state.b_evaded}


def pending_choice_view(state) -> dict | None:
    """The pending choice as every seat sees it (its kind, who decides and what it offers:
    the attacker, the skill and its targets, the bonds to turn, the cost limit, the
    triggers to order), or None when nothing is pending."""
    pending = state.pending
    view = pending_view(pending)
    if pending is not None:
        kind, who = pending[0], pending[1]
        if kind == "attack_target":
            pl = state.players[who]
            view["attacker"] = pl.u_stack[pl.index_of(pending[2])][-1]
        elif kind == "target":
            view["card"], view["skill"] = pending[3], pending[4]
            view["targets"] = [[tp, state.players[tp].u_stack[state.players[tp].index_of(u)][-1]]
                               for tp, u in pending[2]]
        elif kind in ("reverse", "flip"):
            view["count"] = pending[2]
        elif kind == "retrieve":
            view["max_cost"] = pending[2]
        elif kind == "order":
            view["triggers"] = [[e[0], e[2], e[3]] for e in pending[2]]
    return view


def observe(state, player: int) -> dict:
    """The structured view of `player` (0 or 1); contains nothing that seat cannot know.
    Any other seat (a bool, a float, 2) raises InvalidArgumentError naming it (C-4)."""
    player = check_seat(player, 2)
    me = state.players[player]
    powers = (unit_powers(state, 0), unit_powers(state, 1))
    mine = _public(state, player, powers[player])
    mine["hand"] = sorted(me.hand)
    mine["setaside_mc"] = me.setaside if me.setaside >= 0 else None
    return seat_view(state, player, mine, _public(state, 1 - player, powers[1 - player]),
                     battle_view(state, powers), pending_choice_view(state), phase=state.phase)


# --------------------------------------------------------------------------- labels
_PLAY_LABELS = {"bond": "bond {}", "deploy_front": "deploy {} (front)", "deploy_rear": "deploy {} (rear)",
                "class_change": "class change into {}", "level_up": "level up into {}"}
"""The label of each main action that plays a card from hand, around the card's name."""


def _unit_name(state, player: int, char: int) -> str:
    return state.game.char_names[char]


def label(state, action: int) -> str:
    """A readable label of `action` in this state, e.g. "deploy Marth, Prince of Altea (front)".
    Any action id of the action space may be labelled, legal or not; anything else (outside
    the space, a float, a bool, a string) raises IllegalActionError naming it (C-4)."""
    g = state.game
    block, idx = g.codec.decode(check_action(action, g.action_space_size))
    cards = state.cards
    pending = state.pending
    me = state.current_player if state.current_player >= 0 else state.active
    kind = pending[0] if pending else ""
    if block == "pass":
        if kind:
            return {"mulligan": "keep hand", "critical": "no critical",
                    "evasion": "no evasion"}.get(kind, "pass")
        return {"bond": "no bond", "deploy": "end deployment", "action": "end turn"}.get(state.phase, "pass")
    if block == "mulligan":
        return "mulligan"
    name = g.char_names[idx] if block in ("move", "attack", "own", "enemy") else ""
    if block in ("bond", "deploy_front", "deploy_rear", "class_change", "level_up", "card"):
        spec = cards[idx + 1] if 0 <= idx + 1 < len(cards) and cards[idx + 1] else None
        cname = spec.name if spec else f"card {idx + 1}"
        if block in _PLAY_LABELS:
            return _PLAY_LABELS[block].format(cname)
        verb = {"critical": "critical: discard", "evasion": "evade: discard", "reverse": "reverse bond",
                "flip": "flip bond", "retrieve": "retrieve"}.get(kind, "choose")
        return f"{verb} {cname}"
    if block == "skill":
        ch, j = divmod(idx, MAX_ACTIVATED)
        pl = state.players[me]
        i = pl.index_of_char(ch)
        text = ""
        if i >= 0:
            c = pl.u_stack[i][-1]
            acts = g.activated[c]
            if j < len(acts):
                text = cards[c].skills[acts[j]].text.split(":")[0] or cards[c].skills[acts[j]].effect
        return f"use {g.char_names[ch]}: {text}" if text else f"use {g.char_names[ch]} skill {j + 1}"
    if block == "move":
        pl = state.players[me]
        i = pl.index_of_char(idx)
        where = ("to rear" if pl.u_front[i] else "to front") if i >= 0 else ""
        return f"move {name} {where}".rstrip()
    if block == "attack":
        return f"attack with {name}"
    if block == "enemy" and kind == "attack_target":
        att = state.players[me]
        i = att.index_of(pending[2])
        return f"attack {name} with {g.char_names[att.u_char[i]]}"
    if block in ("own", "enemy"):
        return f"target {block} {name}"
    if block == "order":
        if kind == "order" and idx < len(pending[2]):
            _owner, _uid, c, si = pending[2][idx]
            sk = cards[c].skills[si]
            return f"resolve {cards[c].character}: {sk.text.split(':')[0] or sk.effect}"
        return f"resolve trigger {idx + 1}"
    return f"{block} {idx}"


# --------------------------------------------------------------------------- illegal input
def illegal_reason(state, block: str, idx: int) -> str:
    """A sentence saying why an action that is not legal here is not (C-4)."""
    g = state.game
    pending = state.pending
    if pending is not None:
        return f"a {block!r} action does not answer the pending {pending[0]!r} choice"
    p = state.active
    pl = state.players[p]
    phase = state.phase
    here = PHASE_NAMES.get(phase, phase)
    if block in ("bond", "deploy_front", "deploy_rear", "class_change", "level_up"):
        c = idx + 1
        spec = g.cards[c] if 0 < c < len(g.cards) else None
        if spec is None:
            return f"no card with id {c}"
        if c not in pl.hand:
            return f"{spec.code} '{spec.name}' is not in {seat_name(p)}'s hand"
        if block == "bond":
            if phase != "bond":
                return f"bonds are placed in the Bond Phase, not the {here}"
            return f"at most {state.params.bonds_per_turn} bond(s) per Bond Phase"
        if phase != "deploy":
            return f"units are deployed in the Deployment Phase, not the {here}"
        colors = {g.color[b] for b, up in zip(pl.bonds, pl.bond_up) if up}
        if spec.color not in colors:
            return f"'{spec.name}' needs a face-up {spec.color} bond (color restriction, FE-2)"
        budget = len(pl.bonds) - pl.spent
        i = pl.index_of_char(g.char[c])
        if block in ("deploy_front", "deploy_rear"):
            if i >= 0:
                return f"a unit named {spec.character} is already deployed (one per character name)"
            return f"'{spec.name}' costs {spec.cost} but only {budget} of the bond budget is left (FE-2)"
        if i < 0:
            return f"no unit named {spec.character} to {block.replace('_', ' ')}"
        if block == "class_change":
            if not spec.promotion_cost:
                return f"'{spec.name}' has no promotion cost"
            if pl.u_promoted[i]:
                return f"{spec.character} is already promoted"
            return (f"class change into '{spec.name}' costs {spec.promotion_cost} but only {budget} of "
                    f"the bond budget is left (FE-2)")
        top = g.cards[pl.u_stack[i][-1]]
        if spec.cost <= top.cost:
            return f"a level up needs a higher deploy cost than {top.cost} ('{top.name}')"
        return f"'{spec.name}' costs {spec.cost} but only {budget} of the bond budget is left (FE-2)"
    if block in ("move", "attack", "skill"):
        ch = idx // MAX_ACTIVATED if block == "skill" else idx
        if phase != "action":
            return f"units act in the Action Phase, not the {here}"
        i = pl.index_of_char(ch) if 0 <= ch < len(g.char_names) else -1
        if i < 0:
            return f"{seat_name(p)} has no unit named {g.char_names[ch] if 0 <= ch < len(g.char_names) else ch}"
        name = g.char_names[ch]
        if block == "skill":
            j = idx % MAX_ACTIVATED
            c = pl.u_stack[i][-1]
            if j >= len(g.activated[c]):
                return f"{name} has no activated skill {j + 1}"
            sk = g.cards[c].skills[g.activated[c][j]]
            if sk.tap and pl.u_tapped[i]:
                return f"{name} is tapped and the skill costs a tap"
            if sk.once_per_turn and pl.u_used[i] >> j & 1:
                return f"{name}'s skill is once per turn and was used this turn"
            if sk.reverse and pl.face_up_count() < sk.reverse:
                return f"the skill reverses {sk.reverse} bonds but only {pl.face_up_count()} are face-up"
            return f"{name}'s skill condition does not hold"
        if pl.u_tapped[i]:
            return f"{name} is tapped"
        if block == "attack":
            if not state.may_attack(p):
                return "the player who goes first may not attack on the first turn"
            return f"{name} has no enemy within its range (FE-3)"
    if block in ("mulligan", "own", "enemy", "card", "order"):
        return f"a {block!r} action answers a choice, and none is pending"
    return f"a {block!r} action is not legal in the {here}"
