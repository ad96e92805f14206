"""Deck search: quality-diversity search (MAP-Elites, with pyribs) over legal decks of a card pool.

    from experiments.decksearch import load_search_file, run_search, write_outputs
    search = load_search_file("experiments/examples/decksearch/first_cycle.toml")
    result = run_search(search, "runs/ds1", workers=2)
    write_outputs(result, "runs/ds1", command="tcglab decksearch ...", confirmed=confirm_elites(result))

Modules:
- `errors`: `DeckSearchError`, naming the key or setting at fault;
- `spec`: the TOML search file, checked key by key into a `DeckSearch`;
- `allocate`: the deterministic repair from card weights to copies under caps and a deck size;
- `pools`: each game's card pool (the whole pool or a First Cycle collection), genome
  decoding into legal decks, deck files and the game's own deck check;
- `measures`: the behaviour measures that span the archive (mean cost, shares, colours);
- `evaluate`: the gauntlet: each deck's win rate, played through the batch runner;
- `search`: the MAP-Elites loop (archive, emitters, scheduler, ask/tell);
- `confirm`: the best elites replayed on held-out seeds (the search's figures are optimistic);
- `tables`: the elite table and each card's inclusion among elites beside its card statistics;
- `heatmap`: the archive drawn as a PNG;
- `report`: every output file and the summary's findings.
"""
from experiments.decksearch.confirm import confirm_elites
from experiments.decksearch.errors import DeckSearchError
from experiments.decksearch.report import write_outputs
from experiments.decksearch.search import SearchResult, run_search
from experiments.decksearch.spec import DeckSearch, load_search_file, parse_search

__all__ = ["DeckSearch", "DeckSearchError", "SearchResult", "confirm_elites", "load_search_file", "parse_search",
           "run_search", "write_outputs"]
