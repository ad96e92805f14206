"""What one seat may know of a First Cycle state (C-3), and readable action labels.

`observe(state, player)` returns a plain dict built only from public facts and the
player's own private ones: their hand, the deck cards they saw with Scan, a Scan they are
ordering. The opponent's hand appears only as a size plus the cards both saw (Cycle);
deck orders never appear. The env encoder reads nothing but this dict.
"""
from __future__ import annotations

from sim.first_cycle import effects as fx
from sim.first_cycle.state import FIGHTERS


def _fighters(state, player: int) -> list[dict]:
    pl = state.players[player]
    power = fx.powers(state, player)
    out = []
    for f in range(FIGHTERS):
        c = pl.card[f]
        if c < 0:
            out.append(None)
            continue
        out.append({
            "card": c, "exhausted": pl.exhausted[f], "attached": pl.attached[f],
            "power": power[f], "entered": pl.entered[f],
            "used": pl.used[f], "mod_turn": pl.mod_turn[f], "mod_battle": pl.mod_battle[f],
        })
    return out


def _public(state, player: int) -> dict:
    pl = state.players[player]
    kb = min(pl.known_bottom, len(pl.deck))
    return {
        "leader": pl.leader, "hp": pl.hp, "hand_size": len(pl.hand),
        "deck_size": len(pl.deck), "discard": list(pl.discard),
        "ram_supply": pl.ram_supply, "ram_ready": pl.ram_ready,
        "ram_exhausted": pl.ram_exhausted, "fighters": _fighters(state, player),
        "turns_taken": pl.turns_taken, "known_bottom": pl.deck[:kb],
        "revealed_hand": sorted(pl.revealed), "scanned_count": pl.known_top,
    }


def observe(state, player: int) -> dict:
    """The structured view of `player` (0 or 1); contains nothing that seat cannot know."""
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    me = state.players[player]
    mine = _public(state, player)
    mine["hand"] = sorted(me.hand)
    kt = min(me.known_top, len(me.deck))
    mine["known_top"] = me.deck[len(me.deck) - kt:][::-1]  # top first
    pending = state.pending
    view_pending = None
    if pending is not None:
        kind, who = pending[0], pending[1]
        view_pending = {"kind": kind, "player": who}
        if kind == "target":
            view_pending["targets"] = [list(t) for t in pending[2]]
            view_pending["card"] = pending[5]
        elif kind == "guard":
            view_pending["guards"] = list(pending[2])
        elif kind == "deploy_discard":
            view_pending["card"] = pending[2]
        elif kind == "order":
            view_pending["triggers"] = [list(e[2:]) for e in pending[2]]
        elif kind == "scan" and who == player:
            view_pending["cards"] = list(pending[2])
            view_pending["chosen"] = list(pending[3])
        elif kind == "scan":
            view_pending["count"] = len(pending[2]) + len(pending[3])
    battle = None
    if state.battle is not None:
        b = state.battle
        battle = {"attacker": b[0], "target": b[1], "attacking_player": state.active}
    return {
        "player": player, "turn": state.turn, "active": state.active,
        "first_player": state.first_player, "current_player": state.current_player,
        "done": state.done, "winner": state.winner, "end_reason": state.end_reason,
        "you": mine, "opponent": _public(state, 1 - player), "battle": battle,
        "pending": view_pending,
    }


def visible_events(events: list[tuple], player: int) -> list[tuple]:
    """The events a log meant for `player` may hold: the other player's draws lose their card."""
    out = []
    for e in events:
        if e[0] in ("draw", "opening_hand") and e[1] != player:
            out.append((e[0], e[1], None))
        else:
            out.append(e)
    return out


def _fighter_label(state, player: int, f: int) -> str:
    if f == 0:
        return "Leader"
    c = state.players[player].card[f]
    name = state.cards[c].name if c >= 0 else "empty"
    return f"slot {f} ({name})"


def label(state, action: int) -> str:
    """A readable label of `action` in this state, e.g. "deploy #035 Ada Lovelace"."""
    g = state.game
    block, idx = g.codec.decode(int(action))
    cards = state.cards
    me = state.current_player if state.current_player >= 0 else state.active
    if block == "end":
        return "end turn"
    if block == "pass":
        kind = state.pending[0] if state.pending else ""
        return {"guard": "no guard", "support": "no support", "cycle": "no cycle"}.get(kind, "pass")
    if block == "play":
        spec = cards[idx + 1]
        verb = "execute" if spec.kind == "protocol" else "deploy"
        return f"{verb} {spec.code} {spec.name}"
    if block == "attach":
        return f"attach RAM to {_fighter_label(state, me, idx)}"
    if block == "attack":
        f, t = divmod(idx, FIGHTERS)
        target = "Leader" if t == 0 else f"opposing {_fighter_label(state, 1 - me, t)}"
        return f"attack {target} with {'Leader' if f == 0 else f'slot {f}'}"
    if block == "activate":
        return f"activate {_fighter_label(state, me, idx)}"
    if block == "choose":
        side, f = divmod(idx, 6)
        owner = me if side == 0 else 1 - me
        who = "own" if side == 0 else "opposing"
        kind = state.pending[0] if state.pending else ""
        verb = {"guard": "guard with", "deploy_discard": "discard"}.get(kind, "target")
        return f"{verb} {who} {_fighter_label(state, owner, f)}"
    if block == "support":
        return f"support with {cards[idx + 1].name}"
    if block == "card":
        return f"cycle {cards[idx + 1].code} {cards[idx + 1].name}"
    if block == "scan":
        pend = state.pending
        if pend and pend[0] == "scan" and idx < len(pend[2]):
            return f"scan: put {cards[pend[2][idx]].name} next on top"
        return f"scan: card {idx}"
    if block == "trigger":
        pend = state.pending
        if pend and pend[0] == "order" and idx < len(pend[2]):
            _, _, c, ai = pend[2][idx]
            return f"resolve {cards[c].name}: {cards[c].abilities[ai].text or cards[c].abilities[ai].effect}"
        return f"resolve trigger {idx}"
    return f"{block} {idx}"
