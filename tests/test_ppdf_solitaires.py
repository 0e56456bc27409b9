"""Lab Rats, Coin Collectors and Landlocked start where ppdf puts them: the ports give R's
layouts (the 45 of ../shared/corpus/setups/ too), and a record whose header is
``GameType: {Name: <game>, Seed: N}`` starts its rules engine from exactly that layout,
drawn and exported piece for piece. A top-level ``Seed`` keeps this project's own builders."""

from __future__ import annotations

import pytest

from piecepack_diagrams import parse_records, replay, setup_scene
from piecepack_diagrams.csvexport import replay_rows
from piecepack_diagrams.engine import find_game
from piecepack_diagrams.errors import PiecepackError, SetupError
from piecepack_diagrams.games.landlocked.board import cell_name
from piecepack_diagrams.games.landlocked.queries import best_path
from piecepack_diagrams.setups import build_frame, find_setup
from ppdf_corpus import CORPUS, PPDF, Row, differences, read_layout

GAMES = {"lab_rats": "Lab Rats", "coin_collectors": "Coin Collectors", "landlocked": "Landlocked"}
SETUPS = CORPUS / "setups"
#: Every corpus layout of the three games: (game, seed, path).
LAYOUTS = [(g, n, SETUPS / f"{g}_seed{n}.csv") for g in GAMES for n in range(1, 16)] + \
          [(g, n, PPDF / "setups" / f"{g}_seed{n}.csv") for g in GAMES for n in (1, 2, 3, 4, 5, 42)]
IDS = [f"{path.parent.parent.name}-{path.stem}" for _, _, path in LAYOUTS]


def _rows(pieces) -> list[Row]:
    return [(p.piece.piece_side, p.piece.suit, p.piece.rank, p.piece.cfg, p.x, p.y, p.angle) for p in pieces]


def _frame_rows(frame) -> list[Row]:
    return [(s, int(su), int(r), c, float(x), float(y), float(a)) for s, su, r, c, x, y, a in frame.records()]


def _record(header: str, movetext: str):
    return parse_records(f"---\n{header}\n...\n{movetext}\n", name="t.ppn")[0]


def _first_move(game: str, seed: int) -> str | None:
    """A legal first move from ppdf's layout of ``game`` at ``seed``; None when the game is
    lost before it starts (no Coin Collectors pawn can move, no Landlocked path to the first
    target)."""
    rules = find_game(GAMES[game])
    state = rules.setup({"GameType": {"Name": GAMES[game], "Seed": seed}})
    if rules.status(state).is_over():
        return None
    if game == "lab_rats":
        return "1x"  # a discard is always legal at the start
    if game == "coin_collectors":
        return next(iter(rules.legal_moves(state) or []))
    return "-".join(cell_name(c) for c in best_path(state))


@pytest.mark.parametrize("game, seed, path", LAYOUTS, ids=IDS)
def test_the_port_gives_r_s_layout(game, seed, path):
    _, frame = build_frame(f"piecepack_{game}", seed=seed)
    problems = differences(_frame_rows(frame), read_layout(path))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game, seed, path", LAYOUTS, ids=IDS)
def test_a_record_with_game_type_and_seed_starts_from_r_s_layout(game, seed, path):
    movetext = _first_move(game, seed)
    # A game lost at the start has no legal move: its one move is refused, leniently.
    result = replay(_record(f"GameType: {{Name: {GAMES[game]}, Seed: {seed}}}", f"1. {movetext or 'a5-b5 SE'}"),
                    strict=movetext is not None)
    want = read_layout(path)
    assert result.game.title == GAMES[game]
    # The export (replay --format csv) of the setup: ppdf's rows, in ppdf's order.
    setup_rows = [(r[3], int(r[4]), int(r[5]), r[6], float(r[7]), float(r[8]), float(r[9]))
                  for r in replay_rows(result) if r[0] == "1"]
    assert not differences(setup_rows, want), "\n".join(differences(setup_rows, want))
    # The drawing of the setup holds the same pieces at the same places.
    scene = result.game.scene(result.positions[0].state)
    assert not differences(_rows(scene.pieces), want), "\n".join(differences(_rows(scene.pieces), want))
    # After the move the game draws its own picture again.
    assert len(result.positions) == 2
    if movetext is not None:
        assert result.is_valid() and result.positions[1].state.pieces is None
    else:
        assert len(result.errors) == 1 and result.status().outcome == "lost"


def test_the_game_s_state_is_ppdf_s_layout():
    lab_rats = find_game("Lab Rats").setup({"GameType": {"Name": "Lab Rats", "Seed": 1}})
    rows = read_layout(SETUPS / "lab_rats_seed1.csv")
    # The maze in build order, each tile's lower-left square and leading edge as the layout gives them.
    assert [(t.x + 0.5, t.y + 0.5, t.angle) for t in lab_rats.maze.tiles] == [r[4:] for r in rows[:24]]
    assert lab_rats.rat == (1, 1) and lab_rats.maze_from == "ppdf"
    # Three stacks of eight, bottom coin first: stack 1 lies at (1, 0), stack 3 at (3, 1).
    stacks = [[(r[1], r[2]) for r in rows[27:] if (r[4], r[5]) == spot] for spot in ((1, 0), (2, 0), (3, 1))]
    assert [[(c.suit, c.rank) for c in s] for s in lab_rats.stacks] == stacks
    assert lab_rats.top(1).text == "2S"  # the last coin ppdf lays at (1, 0): rank 3 (a two), Suns

    coins = find_game("Coin Collectors").setup({"GameType": {"Name": "Coin Collectors", "Seed": 1}})
    # The dice of coin_collectors_seed1.csv: Suns 3, Moons 4, Crowns null, Arms null.
    assert coins.dice == (4, 5, 1, 1) and coins.pawns == (12, 12, 12, 12)
    first_tile, first_coin = (next(r for r in read_layout(SETUPS / "coin_collectors_seed1.csv") if r[0] == side)
                              for side in ("tile_face", "coin_face"))
    assert coins.deal.tiles[0] == first_tile[1:3] and coins.deal.coins[0] == first_coin[1:3]

    land = find_game("Landlocked").setup({"GameType": {"Name": "Landlocked", "Seed": 1}})
    faces = {(r[1], r[0]) for r in read_layout(SETUPS / "landlocked_seed1.csv") if r[0].startswith("tile")}
    assert {(s, "tile_face" if s in (land.deal.outbound, land.deal.inbound) else "tile_back") for s, _ in faces} \
        == faces
    assert (land.deal.outbound, land.deal.inbound) == (3, 4)


@pytest.mark.parametrize("mapping", ["{name: Lab Rats, seed: 7}", "{NAME: lab rats, SEED: 7}",
                                     "{Name: Lab Rats, Seed: 7}"])
def test_keys_in_any_capitalisation(mapping):
    result = replay(_record(f"GameType: {mapping}", "1. 1x"))
    _, frame = build_frame("Lab Rats", seed=7)
    assert _rows(result.positions[0].state.pieces) == _frame_rows(frame)


def test_set_up_names_the_layout_too():
    result = replay(_record("GameType: Lab Rats\nSetUp: {Name: Lab Rats, Seed: 9}", "1. 1x"))
    _, frame = build_frame("Lab Rats", seed=9)
    assert _rows(result.positions[0].state.pieces) == _frame_rows(frame)


def test_coin_collectors_takes_ppdf_s_arguments():
    tiles = "S5^S4^S3^S2^Sa^/Sn^M5^M4^M3^M2^/Ma^Mn^C5^C4^/C3^C2^Ca^Cn^A5^/A4^A3^A2^Aa^An^"
    header = ("GameType: {Name: Coin Collectors, Seed: 5, Tiles: '" + tiles + "', "
              "Coins: 'nnnnaaaa22223333444455555', Dice: 'n a 2 3'}")
    with pytest.raises(PiecepackError, match="'coins' must give 24 ranks"):
        replay(_record(header, "1. SE"))
    header = header.replace("55555", "5555")
    state = find_game("Coin Collectors").setup(_record(header, "").metadata)
    _, frame = build_frame("Coin Collectors", {"tiles": tiles, "coins": "nnnnaaaa222233334444 5555", "dice": "n a 2 3"},
                           seed=5)
    assert _rows(state.pieces) == _frame_rows(frame)
    assert state.dice == (1, 2, 3, 4)
    assert state.deal.tiles[0] == (1, 6)  # the five of Suns, top left, as the string says
    coins = [c for c in state.deal.coins if c is not None]
    assert [r for _, r in coins] == [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4
    for rank in range(1, 7):  # each rank's four coins get the four suits
        assert sorted(s for s, r in coins if r == rank) == [1, 2, 3, 4]


def test_a_top_level_seed_keeps_the_project_s_own_builders():
    for title in GAMES.values():
        rules = find_game(title)
        own = rules.setup(_record(f"GameType: {title}\nSeed: 3", "").metadata)
        assert own.pieces is None and own == rules.setup({}, seed=3)
        ppdf = rules.setup({"GameType": {"Name": title, "Seed": 3}})
        assert ppdf.pieces is not None
    # A mapping of the name alone with a top-level Seed is the own builder as well.
    rules = find_game("Lab Rats")
    assert rules.setup({"GameType": {"Name": "Lab Rats"}, "Seed": 3}) == rules.setup({}, seed=3)
    # A mapping of the name alone is ppdf's layout at seed 1, as ppdf is called without a seed.
    alone = rules.setup({"GameType": {"Name": "Lab Rats"}})
    assert _rows(alone.pieces) == _frame_rows(build_frame("Lab Rats", seed=1)[1])


@pytest.mark.parametrize("header, wording", [
    ("GameType: {Name: Lab Rats, Seed: 2}\nSeed: 2", "the header gives Seed and GameType gives ppdf's arguments"),
    ("GameType: {Name: Coin Collectors, Seed: 2}\nDice: S3 M4 Cn Aa", "the header gives Dice"),
    ("GameType: {Name: Lab Rats, Seed: 2, Tiles: x}", "Lab Rats takes no argument 'Tiles'"),
    ("GameType: {Name: Lab Rats, Seed: two}", "'seed' must be a whole number"),
    ("GameType: {Name: Coin Collectors, Seed: 2, Dice: 'n a 9 3'}", "'dice' has a rank out of n to 5"),
    ("GameType: {Name: Landlocked, Seed: 2}\nOutbound: Suns", "leaves face up \\(Crowns and Arms\\), not Suns"),
    ("GameType: {Name: Landlocked, Seed: 2}\nOutbound: Arms\nInbound: Arms", "must differ"),
    ("GameType: {Name: Lab Rats, Seed: 2}\nStart: middle", "Start is left or right"),
])
def test_bad_setups_are_located_and_worded(header, wording):
    with pytest.raises(SetupError, match=wording) as err:
        replay(_record(header, "1. 1x"))
    assert err.value.location is not None and err.value.location.file == "t.ppn"


def test_lab_rats_header_fields_still_apply():
    state = find_game("Lab Rats").setup({"GameType": {"Name": "Lab Rats", "Seed": 1}, "Start": "right",
                                         "Variant": "advanced"})
    assert state.rat == (2, 1) and state.options.advanced
    rat = [p for p in state.pieces if p.piece.kind == "pawn" and p.piece.suit == 3]
    assert [(p.x, p.y) for p in rat] == [(2.0, 1.0)]  # the layout's rat moved with it
    # ppdf lets tiles touch at a corner (its mazes of seeds 21 and 42 do); without corner
    # contact such a maze is refused, worded; the others play.
    assert [n for n in (1, 2, 3, 21, 42) if _refused_without_corners(n)] == [21, 42]


def _refused_without_corners(seed: int) -> bool:
    try:
        find_game("Lab Rats").setup({"GameType": {"Name": "Lab Rats", "Seed": seed},
                                     "Options": {"corner_contact": False}})
    except SetupError as exc:
        assert "not a legal maze with these options" in exc.message and "corner" in exc.message
        return True
    return False


def test_a_build_in_the_movetext_replaces_ppdf_s_maze():
    result = replay(_record("GameType: {Name: Lab Rats, Seed: 4}", "build. 3 3 3"), strict=True)
    state = result.positions[-1].state
    assert state.building and len(state.maze.tiles) == 4 and state.pieces is None
    assert state.stacks == result.positions[0].state.stacks  # ppdf's coins stay


@pytest.mark.parametrize("game", ["lab-rats", "coin-collectors", "landlocked"])
def test_setup_gives_r_s_layout_and_the_own_builder_on_request(game):
    key = game.replace("-", "_")
    for seed in (1, 15):
        want = read_layout(SETUPS / f"{key}_seed{seed}.csv")
        got = _rows(setup_scene(game, seed=seed).pieces)
        assert not differences(got, want)
    rules = find_game(game)
    own = setup_scene(game, seed=6, builder="rulings")
    assert own == rules.scene(rules.setup({}, seed=6))
    assert setup_scene(game) == setup_scene(game, seed=1, builder="ppdf")


def test_setup_s_builder_is_checked():
    with pytest.raises(SetupError, match="unknown builder 'own'"):
        setup_scene("lab-rats", builder="own")
    with pytest.raises(SetupError, match="not tablut"):
        setup_scene("tablut", builder="rulings")
    with pytest.raises(TypeError):
        setup_scene("lab-rats", builder=3)


def test_the_three_ports_take_their_documented_arguments():
    assert [a.name for a in find_setup("Lab Rats").arguments] == ["seed"]
    assert [a.name for a in find_setup("Landlocked").arguments] == ["seed"]
    assert [a.name for a in find_setup("Coin Collectors").arguments] == ["seed", "tiles", "coins", "dice"]
    for argument in find_setup("Coin Collectors").arguments:
        assert argument.doc and argument.default is None
