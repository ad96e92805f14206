"""Play and watch: a human seat in the terminal (`tcglab play`) and an HTML match viewer (`tcglab view`).

    from experiments.play import write_viewer
    write_viewer("runs/demo", 12, seat=1)       # runs/demo/view/match-12-player1.html

Modules:
- `views`: what one seat may see, as text: its board, its hand, the other seats' moves;
- `game`: a match with one human seat, the agents of the others, and take-backs;
- `terminal`: the terminal loop (prompt, help, take-back, leave) of `tcglab play`;
- `record`: a finished human game saved as a normal one-match run folder;
- `match_data`: one logged match as a viewer shows it, from one seat's view or every card;
- `events`: a game's log events in words for the viewer (seats P1..Pn, cards by name);
- `page`: the self-contained HTML viewer page and its file name.
"""
from experiments.play.page import viewer_name, write_viewer

__all__ = ["viewer_name", "write_viewer"]
