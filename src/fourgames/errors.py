"""The exceptions every game raises."""

from __future__ import annotations

__all__ = ["FormatError", "FourGamesError", "IllegalActionError"]


class FourGamesError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalActionError(FourGamesError, ValueError):
    """The rules forbid this action in this state.

    ``rule`` names the spec section that forbids it (``"§6.2"``), or ``"API"`` for an object
    that is not an action of the game at all.

    >>> err = IllegalActionError("K♠ is not in player 1's hand", rule="§6.1")
    >>> err.rule, str(err)
    ('§6.1', "K♠ is not in player 1's hand (§6.1)")
    """

    def __init__(self, message: str, *, rule: str, ply: int | None = None) -> None:
        super().__init__(f"{message} ({rule})")
        self.message = message
        """What is wrong, in the game's words."""
        self.rule = rule
        """The spec section that forbids the action."""
        self.ply = ply
        """The 1-based ply of a replayed record at which the action was refused, if any."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_illegal, (self.message, self.rule, self.ply))


def _illegal(message: str, rule: str, ply: int | None) -> IllegalActionError:
    return IllegalActionError(message, rule=rule, ply=ply)


class FormatError(FourGamesError, ValueError):
    """Malformed or impossible input: bad JSON, an unknown card, an impossible position.

    The message says where (a JSON path such as ``$.hands[1][0]``) and what.
    """
