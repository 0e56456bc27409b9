"""Every public value's repr fits on one line (python-chess's ``Board('...')`` manners):
never a dump of its pieces, moves or states, and the short ones can be pasted back."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Iterator

import pytest

from piecepack_diagrams import THEMES, Piece, Scene, Status, parse_records, replay, scene_of, setup_scene
from piecepack_diagrams.errors import SourceLocation
from piecepack_diagrams.scene import ScenePiece

ROOT = Path(__file__).resolve().parents[1]


def _values(value: Any, depth: int = 0) -> Iterator[Any]:
    """``value`` and the dataclass values inside it (the first few of each collection)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        if depth < 4:
            for f in dataclasses.fields(value):
                yield from _values(getattr(value, f.name), depth + 1)
    elif isinstance(value, (tuple, list)):
        for item in value[:3]:
            yield from _values(item, depth)


def _shipped() -> Iterator[Any]:
    for path in sorted((ROOT / "records").rglob("*.ppn")):
        for record in parse_records(path.read_text(encoding="utf-8"), name=str(path)):
            game = replay(record, strict=False)
            yield from _values(game)
            yield from _values(scene_of(game))
            yield game.status()
            for position in game.positions[::4]:
                yield from _values(position.state)
    yield from THEMES.values()


def test_every_repr_is_one_short_line():
    seen: dict[str, int] = {}
    for value in _shipped():
        text = repr(value)
        assert "\n" not in text and len(text) <= 200, (type(value).__name__, len(text))
        seen[type(value).__name__] = max(seen.get(type(value).__name__, 0), len(text))
    # The values that were kilobytes long are among those checked.
    assert {"Replay", "Record", "MoveGroup", "Scene", "Position", "LabRatsState", "LabyrinthState", "Theme",
            "CoinCollectorsState", "LandlockedState"} <= set(seen)


@pytest.mark.parametrize("value", [
    Scene(), Scene(pieces=(ScenePiece(Piece("tile", "face", 1, 3), 1.5, 2.5),), caption="b2"),
    Piece("coin", "back", 2, 0), Status("won", 3.0, "escaped"), SourceLocation("a.ppn", 3, 7),
])
def test_a_short_value_is_pasted_back(value):
    namespace = {"Scene": Scene, "ScenePiece": ScenePiece, "Piece": Piece, "Status": Status,
                 "SourceLocation": SourceLocation}
    assert eval(repr(value), namespace) == value  # noqa: S307 - our own repr


def test_a_long_value_shows_its_sizes():
    scene = setup_scene("lab-rats", seed=3)
    assert repr(scene).startswith("Scene(pieces=<51>, ")
