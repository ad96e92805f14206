"""Suite-wide set-up: the processes the tests start take Ctrl-C as a terminal's command does."""
from __future__ import annotations

import signal


def pytest_configure(config) -> None:
    """Put Python's SIGINT handler back when the suite started with SIGINT ignored.

    A suite started in the background of a non-interactive shell (`make test &` in a script, a
    CI step that backgrounds it) inherits SIGINT ignored, and an ignored signal stays ignored
    in every process the tests start: the Ctrl-C tests would drive a `tcglab` that cannot be
    interrupted and fail for a reason outside the code. A handled signal is reset to its
    default by exec, so with the handler back each child starts as a foreground command does.
    """
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
