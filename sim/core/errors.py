"""Errors raised by the engines (ruling C-4: bad input names what is wrong)."""


class TcglabError(Exception):
    """Base class of every error the engines raise on bad input."""


class IllegalActionError(TcglabError, ValueError):
    """An action that is not legal in the current state; the state is left untouched."""


class InvalidArgumentError(TcglabError, ValueError):
    """A seat, random generator or seed argument of the wrong type or out of range."""


class InvalidParamsError(TcglabError, ValueError):
    """A parameter override that names an unknown field or gives a value out of range."""


class InvalidDeckError(TcglabError, ValueError):
    """A deck that breaks deck-building rules; `violations` lists each broken rule."""

    def __init__(self, violations: list[str]):
        self.violations = list(violations)
        super().__init__("invalid deck: " + "; ".join(self.violations))


class CardDataError(TcglabError, ValueError):
    """A card data file with a missing or malformed field (the message names card and field)."""


class InvalidScenarioError(TcglabError, ValueError):
    """A scenario dict that cannot describe a legal position (the message names the key)."""
