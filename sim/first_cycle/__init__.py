"""First Cycle: the 2-player TCG of ../shared/rules/first_cycle.md (rulings C-1..C-4, FC-1..FC-11)."""
