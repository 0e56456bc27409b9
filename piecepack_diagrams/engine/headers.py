"""Header keys a game does not read: a warning naming the key that was probably meant.

A record's header is free-form YAML (PPN keeps PGN's tags such as ``Event``), so a key
no game reads is not an error. But a key one letter away from one the game reads
(``Variante`` for ``Variant``, ``seed`` for ``Seed``) is almost always a typo that
silently changes the game, and that deserves a warning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import PiecepackWarning
from ..textsafe import as_text

if TYPE_CHECKING:  # the notation is imported by what reads records
    from ..notation import Record
    from .game import Game

#: Keys every record may carry whatever its game: PPN's setup keys, the seed, and the
#: PGN-like tags of the notation's examples and of the records this project writes.
COMMON_KEYS = ("GameType", "SetUp", "Seed", "Event", "Site", "Date", "Round", "White", "Black",
               "Result", "Annotator", "Title", "Description")

#: How alike (difflib's ratio, case aside) a key must be to a known one to be taken for
#: its typo: ``Variante``/``Variant`` is 0.93, ``Tile``/``Tiles`` 0.89; unrelated tags
#: (``Site``/``Size`` is 0.75) stay below.
SIMILARITY = 0.8
#: The most warnings one header gets: each costs a look through the header for its line, and
#: a header of thousands of near-misses (up to 256 KiB) needs no more than a few to be fixed.
MAX_WARNINGS = 10


def known_keys(game: Game[Any]) -> tuple[str, ...]:
    """The top-level header keys ``game`` reads or writes, and those every record may carry."""
    return tuple(dict.fromkeys((*COMMON_KEYS, *game.header_fields, *game.header_keys)))


def header_warnings(record: Record, game: Game[Any]) -> tuple[PiecepackWarning, ...]:
    """A warning, at its line, for each header key of ``record`` that ``game`` does not read
    but that is close to one it does (see :data:`SIMILARITY`), naming that key. Keys close
    to none are PPN's free-form tags and pass without a word. At most :data:`MAX_WARNINGS`,
    the first in the header's order. Never raises."""
    known = known_keys(game)
    unknown = [key for key in record.metadata if key not in known]
    if not unknown:
        return ()  # the common case costs a set of lookups, and no import
    import difflib

    by_lower = {k.lower(): k for k in known}
    warnings: list[PiecepackWarning] = []
    for key in unknown:
        if len(warnings) == MAX_WARNINGS:
            break
        text = as_text(key)
        close = difflib.get_close_matches(text.lower(), list(by_lower), n=1, cutoff=SIMILARITY)
        if close:
            warnings.append(PiecepackWarning(
                f"'{text}' is not a header key of {game.title or game.name}: it is ignored",
                location=record.header_location(text), token=text, suggestion=by_lower[close[0]]))
    return tuple(warnings)


__all__ = ["COMMON_KEYS", "MAX_WARNINGS", "SIMILARITY", "header_warnings", "known_keys"]
