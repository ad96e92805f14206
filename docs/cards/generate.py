"""Generate docs/cards/first_cycle.md from the card data files (run: python docs/cards/generate.py)."""
from __future__ import annotations

from pathlib import Path

from sim.first_cycle.cards import load_card_set
from sim.first_cycle.cardspec import COLORS

OUT = Path(__file__).with_name("first_cycle.md")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render() -> str:
    """The Markdown card list."""
    cs = load_card_set()
    lines = [
        "# First Cycle card list",
        "",
        "Generated from `sim/first_cycle/cards/*.json` by `docs/cards/generate.py`; do not edit by hand.",
        "Rules: FC-9 (card set), FC-8 (deck limits), FC-10 (rarities in packs).",
        "",
        (f"{len(cs)} collector numbers (#001-#{cs.max_number:03d}), {len(cs.prints)} prints, plus "
         f"{len(cs.ram_prints)} RAM Module prints ({cs.ram_prints[0]}-{cs.ram_prints[-1]}, not deck cards)."),
        "",
    ]
    for color in COLORS:
        cards = [c for c in cs if c.color == color]
        lines += [f"## {color.capitalize()} ({len(cards)} cards)", "",
                  "| # | Name | Kind | Cost | Power | Traits | Keywords | Text | Prints (rarity) |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for c in cards:
            kw = ", ".join(k for k in ("rush", "guard") if getattr(c, k)).title()
            if c.deck_limit != 3:
                kw = (kw + ", " if kw else "") + f"deck limit {c.deck_limit}"
            power = f"{c.power} / {c.hp} HP" if c.kind == "leader" else str(c.power)
            prints = ", ".join(f"{p.print_id} ({p.rarity}{', ' + p.illustration if p.is_alternate else ''})"
                               for p in c.prints)
            lines.append(f"| {c.code} | {_cell(c.name)} | {c.kind} | {c.cost} | {power} | "
                         f"{', '.join(c.traits)} | {kw} | {_cell(c.text)} | {prints} |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    OUT.write_text(render())
    print(f"wrote {OUT}")
