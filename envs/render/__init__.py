"""Text renderers of the games' boards, used by the envs' `render_mode="ansi"` and `"human"`.

    from envs.render.first_cycle import render_board
    print(render_board(state))

Modules:
- `board`: what every board shares (the end-of-game line, the legal-action list, the frame
  of a two-player board).
- `first_cycle`: First Cycle's board (`render_board(state) -> str`).
- `cipher`: FE Cipher's board.
- `xenodex`: XenodeX's board, 2 to 4 seats.

Nothing here feeds an agent: a board shows what a spectator (or a hot-seat player) needs.
"""
