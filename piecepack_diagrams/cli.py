"""The ``piecepack-diagrams`` command: thin wrappers over library calls.

Exit status: 0 success, 1 bad input (errors printed as
``FILE:LINE:COL: error: MESSAGE``), 2 bad command-line usage (argparse's, and every
value the command line gives that cannot be used: see :func:`_usage_error`).
"""

from __future__ import annotations

import argparse
import re
import signal
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from . import __version__, interrupts
from .errors import OptionError, OutputError, PiecepackError, SetupError, SourceLocation
from .textsafe import TerminalStream

_EXAMPLES = {
    "validate": "example:\n  piecepack-diagrams validate records/ppn/*.ppn",
    "replay": "examples:\n  piecepack-diagrams replay records/ppn/tablut-opening.ppn\n"
              "  piecepack-diagrams replay game.ppn --format csv > positions.csv",
    "render": "examples:\n  piecepack-diagrams render records/ppn/tablut-opening.ppn --move last -f svg -o tablut.svg\n"
              "  piecepack-diagrams render game.ppn --move 3... -f txt",
    "setup": "examples:\n  piecepack-diagrams setup --list\n"
             "  piecepack-diagrams setup coin-collectors --seed 1 -f pdf -o output/cc.pdf\n"
             "  piecepack-diagrams setup tablut -f txt\n"
             "  piecepack-diagrams setup fujisan --seed 42 -f csv   # the layout R's ppdf gives after set.seed(42)\n"
             "  piecepack-diagrams setup shogi --has-subpack true -f pdf\n\n"
             "A game's own arguments (setup --list names them) are options: --coins TEXT, --has-subpack\n"
             "true, --n-players 3; the same as the keys of a record's GameType: {Name: ..., Coins: ...}.",
    "audit": "examples:\n  piecepack-diagrams audit records/*/*.ppn\n"
             "  piecepack-diagrams audit records/lab-rats   # a folder: every record in it",
    "proof": "examples:\n  piecepack-diagrams proof -o output/proof.pdf\n"
             "  piecepack-diagrams proof --records my-games --theme print -o proof.pdf",
    "build": "examples:\n  piecepack-diagrams build            # records/ -> output/\n"
             "  piecepack-diagrams build --records my-games --output site",
    "plates": "examples:\n  piecepack-diagrams plates records/labyrinth/seven-by-seven-four-players.ppn\n"
              "  piecepack-diagrams plates records/ppn/tablut-opening.ppn --moves 1-6 --template plates-1x1 -o t.pdf\n"
              "  piecepack-diagrams plates records/ppn/tablut-opening.ppn -o output/tablut-plates/   # SVG files",
    "animate": "examples:\n  piecepack-diagrams animate records/coin-collectors/heuristic-win.ppn -o output/cc.gif\n"
               "  piecepack-diagrams animate records/ppn/tablut-opening.ppn --moves 1-6 --fps 20 -o t.svg\n"
               "  piecepack-diagrams animate game.ppn --view oblique --angle 45 --width 640 -o game.mp4",
    "viewer": "examples:\n"
              "  piecepack-diagrams viewer records/labyrinth/seven-by-seven-four-players.ppn -o output/maze.html\n"
              "  piecepack-diagrams viewer game.ppn   # a record with illegal moves: each is shown at its move; exit 1",
    "export": "examples:\n  piecepack-diagrams export records/lab-rats/advanced-seed-7-win.ppn -o output/rat.ppn\n"
              "  piecepack-diagrams export records/coin-collectors/heuristic-win.ppn | less",
    "figure": "examples:\n  piecepack-diagrams figure lab-rats-maze-building -f pdf -o output/diagram-1.pdf\n"
              "  piecepack-diagrams figure lab-rats-maze-building -f png -o output/diagram-1.png\n"
              "  piecepack-diagrams figure landlocked-end -o output/landlocked-end.svg\n"
              "  piecepack-diagrams figure --list   # every name figures writes",
    "puzzles": "examples:\n  piecepack-diagrams puzzles lab-rats --count 10 --seed 1 -o output/lab-rats-puzzles.pdf\n"
               "  piecepack-diagrams puzzles lab-rats --count 4 --difficulty hard -o hard.pdf",
    "stats": "examples:\n  piecepack-diagrams stats lab-rats --games 2000 --plot output/lab-rats-coins.png\n"
             "  piecepack-diagrams stats coin-collectors --games 10000 --policy all --plot output/cc.png\n"
             "  piecepack-diagrams stats coin-collectors --games 1000 --policy heuristic --variant 'Four Die Stud'\n"
             "  piecepack-diagrams stats landlocked --games 10000 --plot output/landlocked.png\n"
             "  piecepack-diagrams stats landlocked --games 5000 --first-seed 5001 --format json > b.json\n"
             "  piecepack-diagrams stats merge a.json b.json   # two runs' counts added: the run over both\n"
             "  piecepack-diagrams stats lab-rats --games 100000 --scheduler tcp://HOST:8786   # on a Dask cluster",
    "labyrinth": "examples:\n  piecepack-diagrams labyrinth harness m3 < board-and-coordinate.json\n"
                 "  piecepack-diagrams labyrinth harness m6 players-and-state.json\n"
                 "  piecepack-diagrams labyrinth play state.json --players Ann:Riemann Bob:Euclid -o game.ppn\n"
                 "  piecepack-diagrams labyrinth fixtures ../shared/corpus/labyrinth --jobs 2",
    "figures": "examples:\n  piecepack-diagrams figures lab-rats -o output/figures\n"
               "  piecepack-diagrams figures all -f svg pdf png -o output/figures",
    "completion": "examples:\n"
                  "  piecepack-diagrams completion bash"
                  " > ~/.local/share/bash-completion/completions/piecepack-diagrams\n"
                  "  piecepack-diagrams completion zsh > ~/.zfunc/_piecepack-diagrams   # a folder on $fpath\n"
                  "  piecepack-diagrams completion fish > ~/.config/fish/completions/piecepack-diagrams.fish",
    "solve": "examples:\n  piecepack-diagrams solve lab-rats --seed 7 --advanced\n"
             "  piecepack-diagrams solve records/lab-rats/advanced-seed-7-win.ppn --move 5\n"
             "  piecepack-diagrams solve records/coin-collectors/heuristic-win.ppn --move 12 --hints\n"
             "  piecepack-diagrams solve landlocked --seed 1 --difficulty hard",
    "analyse": "examples:\n  piecepack-diagrams analyse records/lab-rats/advanced-seed-7-win.ppn -o rat.ppn\n"
               "  piecepack-diagrams analyse records/coin-collectors/near-miss-loss.ppn --plates cc.pdf -o cc.ppn\n"
               "  piecepack-diagrams analyse game.ppn   # the annotated record on standard output",
}


#: The pieces a replay's text diagrams may draw in all (a 49-piece Tablut: about 1,400 positions).
MAX_REPLAYED_PIECES = 60_000


class _Unused:
    """Stands for the parser of a command this run does not use: every call is a no-op, so
    only the command given is built (all 19 cost a quarter of a start-up)."""

    def __getattr__(self, name: str) -> Callable[..., _Unused]:
        return self._ignore

    def _ignore(self, *args: object, **kwargs: object) -> _Unused:
        return self


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's raw-description help, as wide as the terminal, found without importing
    shutil: argparse imports it (and zlib, bz2, lzma with it) for every parser it makes."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it: COLUMNS when set, else
    standard output's terminal, else 80."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command, or when ``only`` names one, that one alone."""
    parser = argparse.ArgumentParser(
        prog="piecepack-diagrams",
        description="Diagrams, validated records and puzzle sheets for piecepack games.",
        epilog="example:\n  piecepack-diagrams setup coin-collectors --seed 1 -f svg -o output/cc.svg",
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        if only is not None and name != only:
            return _Unused()  # type: ignore[return-value]
        made = sub.add_parser(name, help=help_text, description=help_text, epilog=_EXAMPLES[name],
                              formatter_class=_Formatter)
        made.set_defaults(parser=made)  # whose usage a usage error shows
        return made

    def drawing_options(p: argparse.ArgumentParser, formats: tuple[str, ...] = ("svg", "pdf", "png", "txt")) -> None:
        p.add_argument("-f", "--format", choices=formats, default=None,
                       help="output format (default: from -o, else svg; txt"
                            + (" and csv go" if "csv" in formats else " goes") + " to the terminal)")
        p.add_argument("-o", "--output", default=None, help="output file (default: under output/)")
        p.add_argument("--theme", default="default", help="theme name (default, print) or YAML file")
        p.add_argument("--scale", type=_scale, default=None, metavar="S",
                       help="print at S paper inches a table inch (1: true size; default: true size, or smaller "
                            "to fit a letter page)")
        p.add_argument("--framing", choices=("whole", "focus"), default=None,
                       help="whole: the whole board; focus: cropped to what the move is about, torn edges where "
                            "the board goes on (default: whole; figures: their own)")

    p = command("validate", "check that every move of every game in the files is legal")
    p.add_argument("paths", nargs="+", metavar="PATH", help="PPN files")

    p = command("replay", "print every position of a record; of several, each in turn")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="PPN files (several: each headed ==> PATH <==, as head does)")
    p.add_argument("--format", choices=("txt", "csv"), default="txt", help="text diagrams or reference-style CSV")
    p.add_argument("--game", type=int, default=1, metavar="K", help="which game of the file (default 1)")
    p.add_argument("--theme", default="default", help="theme name or YAML file")

    for name, help_text in (("render", "draw one position of a record, or of each of several"),
                            ("setup", "draw a game's starting layout")):
        p = command(name, help_text)
        if name == "render":
            p.add_argument("paths", nargs="+", metavar="PATH",
                           help="PPN files; with several, -o names a folder: each drawing is written there as "
                                "STEM-MOVE.FORMAT (default: under output/; txt: to the terminal, each headed "
                                "==> PATH <==)")
            p.add_argument("--move", default="last",
                           help="the position to draw: 'last' (the default), a move index from 0 (the setup) "
                                "to the number of moves, or a move number such as 3...")
            p.add_argument("--game", type=int, default=1, metavar="K", help="which game of the file (default 1)")
            p.add_argument("--legal", action="store_true", help="highlight where the legal moves go")
        else:
            p.add_argument("game", metavar="GAME", nargs="?",
                           help="a game's name: lab-rats, coin-collectors, landlocked, labyrinth, or any of ppdf's "
                                "135 piecepack setups such as tablut, fuji-san, chess, japan "
                                "(setup --list prints them all)")
            p.add_argument("--list", action="store_true", help="print every game with its arguments, then stop")
            p.add_argument("--builder", choices=("ppdf", "rulings"), default=None,
                           help="lab-rats, coin-collectors, landlocked: 'ppdf' (default) lays out what R's ppdf "
                                "gives for --seed, as a record's GameType: {Name: ..., Seed: N} does; 'rulings' "
                                "uses this project's own builder (Lab Rats: the rules-following one, with re-rolls "
                                "and back-outs), as a top-level Seed: N does")
            p.add_argument("--seed", type=int, default=None,
                           help="seed of a random layout: the layout R's ppdf gives after set.seed(SEED) "
                                "(default 1)")
        drawing_options(p, ("svg", "pdf", "png", "txt", "csv") if name == "setup" else ("svg", "pdf", "png", "txt"))
        _view_options(p)

    p = command("plates", "print a record's positions as plates: a PDF, one position a cell, or SVG files")
    p.add_argument("path", metavar="PATH", help="a record")
    p.add_argument("--game", type=int, default=1, metavar="K", help="which game of the file (default 1)")
    p.add_argument("--moves", default=None, metavar="FIRST-LAST", help="positions to show, 0 the setup (default all)")
    p.add_argument("--template", default="auto",
                   help="page layout of a PDF: auto (six a page, or one when six would print too small), a name "
                        "in templates/ (plates-2x3, plates-2x2, plates-1x1, pocket ...) or a YAML file")
    p.add_argument("-f", "--format", choices=("pdf", "svg"), default=None,
                   help="pdf, or svg: one file a plate in a folder (default: pdf, or svg when -o is not a .pdf)")
    p.add_argument("-o", "--output", default=None, metavar="FILE.pdf|DIR",
                   help="output PDF or folder (default: output/NAME-plates.pdf or output/NAME-plates/)")
    p.add_argument("--theme", default="default", help="theme name (default, print) or YAML file")
    _oblique_options(p)

    _animate_command(command("animate", "write a record's moves as an animation: GIF, APNG, MP4 or animated SVG"))

    p = command("viewer", "write a record as one HTML page that steps through its positions")
    p.add_argument("path", metavar="PATH", help="a record")
    p.add_argument("--game", type=int, default=1, metavar="K", help="which game of the file (default 1)")
    p.add_argument("-o", "--output", default=None, metavar="FILE.html", help="the page (default: output/NAME.html)")
    p.add_argument("--theme", default="default", help="theme name (default, print) or YAML file")
    _oblique_options(p)

    p = command("export", "write a record of any game as a generic PPN record (piece movements only)")
    p.add_argument("path", metavar="PATH", help="a record")
    p.add_argument("--game", type=int, default=1, metavar="K", help="which game of the file (default 1)")
    p.add_argument("-o", "--output", default=None, metavar="FILE.ppn", help="the record (default: standard output)")

    p = command("figure", "draw a named rulebook figure: any that figures writes")
    p.add_argument("name", metavar="NAME", nargs="?",
                   help="e.g. lab-rats-maze-building, landlocked-end (figure --list lists them all)")
    p.add_argument("--list", action="store_true", help="print every figure's name, then stop")
    p.add_argument("--records", default=None, metavar="DIR",
                   help="where the games shown come from (default: records/ here, else the shipped records)")
    drawing_options(p)
    _oblique_options(p)

    p = command("figures", "write a game's rulebook figures: setup, each kind of move, an illegal move, the end")
    p.add_argument("game", metavar="GAME", help="lab-rats, coin-collectors, landlocked, labyrinth, or all")
    p.add_argument("-o", "--output", default=None, metavar="DIR", help="output folder (default: output/figures/)")
    p.add_argument("--records", default=None, metavar="DIR",
                   help="where the games shown come from (default: records/ here, else the shipped records)")
    p.add_argument("-f", "--format", nargs="+", choices=("svg", "pdf", "png", "txt"), default=["svg", "pdf"],
                   help="formats to write (default: svg pdf)")
    p.add_argument("--template", default=None,
                   help="page layout of the PDF figures (default: each figure's own: figure for a move, "
                        "figure-wide for a whole board)")
    p.add_argument("--theme", default="default", help="theme name (default, print) or YAML file")
    _oblique_options(p)

    p = command("solve", "solve a deal: Lab Rats (fewest coins) or Landlocked (fewest passes)")
    p.add_argument("target", metavar="GAME|PATH", help="lab-rats or landlocked with --seed, or a record of one")
    p.add_argument("--seed", type=int, default=None, help="the deal's seed (with lab-rats)")
    p.add_argument("--move", default="last", help="solve from this position of a record (default: last)")
    p.add_argument("--advanced", action="store_true", default=None, help="advanced version: no backing up")
    p.add_argument("--budget", type=int, default=None,
                   help="Lab Rats: states the standard-rules search may visit (default 200000; with --hints, 500 "
                        "per move)")
    p.add_argument("--difficulty", choices=("standard", "easy", "hard"), default=None, help="Landlocked difficulty")
    p.add_argument("--hints", action="store_true",
                   help="with a record (Coin Collectors too): every legal move from the position with its value, "
                        "best first")

    p = command("analyse", "judge every move of a Lab Rats, Landlocked or Coin Collectors record")
    p.add_argument("path", metavar="PATH", help="a record")
    p.add_argument("--game", type=int, default=1, metavar="K", help="which game of the file (default 1)")
    p.add_argument("-o", "--output", default=None, metavar="OUT.ppn",
                   help="the record with each move's glyph and evaluation (default: standard output, the summary "
                        "then on standard error)")
    p.add_argument("--plates", default=None, metavar="OUT.pdf|DIR",
                   help="also the plates, each position with its evaluation bar: a PDF, or SVG files in a folder")
    p.add_argument("--budget", type=int, default=None,
                   help="Lab Rats, standard rules: states a search may visit per position (default 500)")
    p.add_argument("--theme", default="default", help="theme of the plates (default, print) or YAML file")

    p = command("puzzles", "print a book of solvable puzzles with an answer key (PDF)")
    p.add_argument("game", metavar="GAME", help="lab-rats, coin-collectors or landlocked")
    p.add_argument("--count", type=int, default=10, help="how many puzzles (default 10)")
    p.add_argument("--seed", type=int, default=1, help="deals the puzzles (default 1)")
    p.add_argument("--difficulty", choices=("easy", "medium", "hard"), default=None, help="only puzzles rated so")
    p.add_argument("--time-limit", type=float, default=300.0, metavar="SECONDS",
                   help="give up dealing after this long, or as soon as the rate of finds says it would (300; "
                        "at most 3600)")
    p.add_argument("--template", default="puzzle-sheet", help="page layout of the puzzles (templates/)")
    p.add_argument("--key-template", default=None,
                   help="page layout of the answer key (default: the one the puzzles' template names)")
    p.add_argument("-o", "--output", default=None, help="output PDF (default: output/GAME-puzzles.pdf)")
    p.add_argument("--theme", default="default", help="theme name (default, print) or YAML file")
    _jobs_option(p, "deals are tried ahead in that many processes; the same puzzles for any N")

    p = command("stats", "solve many seeded deals and report how often they can be won")
    p.add_argument("game", metavar="GAME", help="lab-rats, coin-collectors or landlocked; or merge")
    p.add_argument("paths", nargs="*", metavar="FILE.json",
                   help="merge: files of stats --format json, added up (runs over different seeds)")
    p.add_argument("--games", type=int, default=200, help="how many seeded deals (default 200)")
    p.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    p.add_argument("--policy", default="all", help="coin-collectors: random, heuristic, lookahead, expectimax or all")
    p.add_argument("--variant", default=None, help="coin-collectors: Four Die Stud, Last One Out, Acceptable Losses")
    p.add_argument("--left-behind", type=int, default=1, help="coin-collectors, Last One Out: pawns left (1-3)")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="also draw a chart (PNG)")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text: the figures in words; json: the counts, proportions and intervals, for stats merge")
    _jobs_option(p, "the seeds are split among N processes; the same figures for any N")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on a Dask cluster: its scheduler's address, such as tcp://HOST:8786 (needs "
                        "pip install 'piecepack-diagrams[dask]')")

    p = command("labyrinth", "Labyrinth tools: the course's milestone harnesses, and refereed games as records")
    tools = p.add_subparsers(dest="tool", metavar="TOOL", required=True)
    t = tools.add_parser("harness", help="read a fixture's input, print its expected output",
                         description="read a fixture's input (JSON values), print the output the milestone expects")
    t.set_defaults(parser=t)
    t.add_argument("milestone", metavar="MILESTONE", help="m3, m4, m5, m6, m7, m8, m9 or m10")
    t.add_argument("input", nargs="?", default=None, metavar="IN.json", help="the fixture's input (default: stdin)")
    t = tools.add_parser("play", help="referee a game and write it as a record",
                         description="referee a game between strategy players and write it as a PPN record")
    t.set_defaults(parser=t)
    t.add_argument("input", metavar="STATE.json", help="a referee state, or a fixture's input (players, state)")
    t.add_argument("--players", nargs="+", default=None, metavar="NAME:STRATEGY",
                   help="players in turn order, e.g. Ann:Riemann Bob:Euclid:takeTurn:3 (default: the input's)")
    t.add_argument("--no-setup-ejection-activity", action="store_true",
                   help="a player thrown out at set-up does not count as a move in round 1 (milestone 10)")
    t.add_argument("--max-rounds", type=int, default=1000,
                   help="end the game after this many rounds (1000; at most 10000)")
    t.add_argument("--event", default="", help="the record's Event field")
    t.add_argument("-o", "--output", default=None, help="the record (default: output/labyrinth-game.ppn)")
    t = tools.add_parser("deal", help="deal a random starting state (the course's JSON)",
                         description="deal a seeded random referee state: board, spare, players, goals")
    t.set_defaults(parser=t)
    t.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")
    t.add_argument("--size", default="7x7", metavar="ROWSxCOLUMNS", help="board size (default 7x7)")
    t.add_argument("--players", type=int, default=4, help="how many players (default 4)")
    t.add_argument("--goals", type=int, default=0, help="further goals after the first (default 0)")
    t.add_argument("-o", "--output", default=None, help="the state (default: standard output)")
    t = tools.add_parser("fixtures", help="run fixture pairs through their harness, compare with the expected output",
                         description="run every ID-in.json under the paths (in folders named after their milestone, "
                                     "m3 .. m10) through its milestone's harness, and compare the answer with "
                                     "ID-out.json; prints the pairs that disagree and a table; exit 1 if any does")
    t.set_defaults(parser=t)
    t.add_argument("paths", nargs="+", metavar="PATH",
                   help="fixtures (ID-in.json), milestone folders, or a folder of them")
    _jobs_option(t, "the fixtures are split among N processes; the same report for any N")

    p = command("audit", "check the layout of what build makes of records: text size, overlaps, margins")
    p.add_argument("paths", nargs="+", metavar="PATH", help="records, or folders of records")
    p.add_argument("--no-figures", action="store_true", help="leave out the figure sets of their games")
    p.add_argument("--theme", default="default", help="theme name or YAML file")

    p = command("proof", "make the proof sheet of a build (every product reduced, with its audit) "
                         "without writing the products")
    p.add_argument("--records", default=None, help="folder of records (default: records/ here, else the shipped "
                                                   "records)")
    p.add_argument("-o", "--output", default=None, metavar="FILE.pdf", help="the sheet (default: output/proof.pdf)")
    p.add_argument("--theme", default="default", help="theme name or YAML file")
    p.add_argument("--no-figures", action="store_true", help="leave out the games' figure sets")
    p.add_argument("--no-puzzles", action="store_true", help="leave out the sample puzzle books")

    p = command("build", "render everything into output/: every record's drawings, plates and viewer page, "
                         "every game's figures, sample puzzle books")
    p.add_argument("--records", default=None, help="folder of records (default: records/ here, else the shipped "
                                                   "records)")
    p.add_argument("--output", default="output", help="output folder (default output/)")
    p.add_argument("--theme", default="default", help="theme name or YAML file")
    p.add_argument("--no-figures", action="store_true", help="leave out the games' figure sets")
    p.add_argument("--no-puzzles", action="store_true", help="leave out the sample puzzle books")
    p.add_argument("--no-docs", action="store_true", help="leave out the API reference (docs/, made when Sphinx "
                                                           "is installed)")
    p.add_argument("--no-animations", action="store_true", help="leave out each record's animated GIF (most of the "
                                                                 "job's time)")
    _jobs_option(p, "the records and products are made in N processes; the same files for any N")

    p = command("completion", "print a shell's completion script for these commands")
    p.add_argument("shell", choices=("bash", "zsh", "fish"), metavar="SHELL", help="bash, zsh or fish")
    return parser


def _oblique_options(p: argparse.ArgumentParser) -> None:
    """``--view``, ``--angle`` and ``--depth``: the flat view or the oblique one (see :func:`_oblique`)."""
    p.add_argument("--view", type=_view_name, choices=("flat", "oblique"), default="flat",
                   help="flat (the default) or oblique: pieces as solids seen from the side, stacks at their heights")
    p.add_argument("--angle", type=_angle, default=None, metavar="A",
                   help="with --view oblique: heights drawn towards A degrees, 0 to 360 (default 45)")
    p.add_argument("--depth", type=_depth, default=None, metavar="D",
                   help="with --view oblique: heights drawn D times as long, above 0 to 4 (default 0.5)")
    _die_arrangement_option(p)


def _die_arrangement_option(p: argparse.ArgumentParser) -> None:
    """``--die-arrangement``: which rank is on which face of a die, by piecepackr's names."""
    from .theme import DIE_ARRANGEMENTS

    p.add_argument("--die-arrangement", choices=DIE_ARRANGEMENTS, default=None, metavar="NAME",
                   help="with --view oblique: the ranks on a die's faces as piecepackr arranges them, "
                        f"{', '.join(DIE_ARRANGEMENTS)} (default {DIE_ARRANGEMENTS[0]})")


def _view_name(text: str) -> str:
    """``--view``: a view's name, as :func:`~piecepack_diagrams.oblique.projection.parse_view` takes it."""
    from .oblique.projection import parse_view

    try:
        parse_view(view=text)
    except OptionError as exc:
        raise argparse.ArgumentTypeError(f"'{text}' is no view; expected {exc.expected}") from None
    return text


def _angle(text: str) -> float:
    """``--angle``: an oblique view's angle (see :func:`_projection_part`)."""
    return _projection_part(text, "angle")


def _depth(text: str) -> float:
    """``--depth``: an oblique view's depth scale (see :func:`_projection_part`)."""
    return _projection_part(text, "depth")


def _projection_part(text: str, name: str) -> float:
    """``text`` as the oblique view's ``name`` (angle or depth), in the range
    :func:`~piecepack_diagrams.oblique.projection.parse_projection` takes."""
    from .oblique.projection import parse_projection

    try:
        given = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    try:
        parse_projection(**{"angle": 45.0, "depth": 0.5, name: given})
    except OptionError as exc:
        raise argparse.ArgumentTypeError(f"{text} is out of range; expected {exc.expected}") from None
    return given


def _oblique(args: argparse.Namespace) -> dict[str, Any]:
    """``--view``, ``--angle`` and ``--depth`` as :func:`~piecepack_diagrams.render.render` takes them.

    Raises :class:`OptionError` for ``--angle``, ``--depth`` or ``--die-arrangement``
    without ``--view oblique`` (it would be ignored)."""
    for name in ("angle", "depth", "die_arrangement"):
        if getattr(args, name) is not None and args.view != "oblique":
            option = "--" + name.replace("_", "-")
            raise OptionError(f"{option} without --view oblique", token=option,
                              expected=f"--view oblique with it, or no {option}")
    return {"view": args.view, "angle": 45.0 if args.angle is None else args.angle,
            "depth": 0.5 if args.depth is None else args.depth, "die_arrangement": args.die_arrangement}
def _animate_command(p: argparse.ArgumentParser) -> None:
    """``animate``'s arguments (checked by :func:`~piecepack_diagrams.animate.animate`, out of
    range a usage error)."""
    p.add_argument("path", metavar="PATH", help="a record")
    p.add_argument("--game", type=int, default=1, metavar="K", help="which game of the file (default 1)")
    p.add_argument("--moves", default=None, metavar="FIRST-LAST", help="the moves to show, from 1 (default all)")
    p.add_argument("--fps", type=float, default=12, metavar="N", help="frames a second, 1 to 50 (default 12)")
    p.add_argument("--pause", type=float, default=0.8, metavar="SECONDS",
                   help="how long each position is held, 0 to 30 seconds (default 0.8)")
    p.add_argument("--width", type=float, default=480, metavar="PIXELS", help="64 to 1920 pixels (default 480)")
    p.add_argument("-f", "--format", choices=_ANIMATION_SUFFIXES, default=None,
                   help="gif, apng, mp4 (needs ffmpeg) or svg (default: from -o, else gif)")
    p.add_argument("-o", "--output", default=None, metavar="FILE",
                   help="where to write it (default output/STEM.FORMAT; - for standard output)")
    p.add_argument("--theme", default="default", help="theme name or YAML file")
    _oblique_options(p)


#: Each animation format and the ending of its files.
_ANIMATION_SUFFIXES = {"gif": ".gif", "apng": ".apng", "mp4": ".mp4", "svg": ".svg"}


def _animate(args: argparse.Namespace) -> int:
    """``animate``: the format from ``-f`` or the output's ending, the options checked before
    the record is read, the animation written safely."""
    from .animate import animate
    from .animate.options import parse_moves, parse_options
    from .api import first_record
    from .engine.replays import replay
    from .theme import load_theme

    suffix = Path(args.output).suffix.lower() if args.output and _names_file(args.output) else ""
    told = next((fmt for fmt, ending in _ANIMATION_SUFFIXES.items() if ending == suffix), None)
    if args.format and told and args.format != told:
        raise OutputError(f"-f {args.format} contradicts the name '{args.output}', which ends {suffix}",
                          token=args.output, expected=f"a name ending {_ANIMATION_SUFFIXES[args.format]}, or -f {told}")
    if not args.format and not told and args.output and _names_file(args.output):
        raise OutputError(f"cannot tell the format of '{args.output}'", token=args.output,
                          expected="a name ending .gif, .apng, .mp4 or .svg, or -f FORMAT")
    fmt = args.format or told or "gif"
    view = _oblique(args)
    arrangement = view.pop("die_arrangement")
    options = {"fps": _whole(args.fps), "pause": args.pause, "width": _whole(args.width), **view}
    parse_options(fmt, **options)  # a usage error before the record is read
    moves = parse_moves(args.moves) if args.moves is not None else None
    theme = load_theme(args.theme)
    result = replay(first_record(args.path, args.game), strict=False)
    data = animate(result, fmt, moves=moves, theme=theme, die_arrangement=arrangement, **options)
    _save(args.output or Path("output") / f"{Path(args.path).stem}.{fmt}", data)
    return 0


def _whole(value: float) -> float | int:
    """A number given on the command line, whole when it is (``--fps 12`` is 12, not 12.0)."""
    return int(value) if value == value and abs(value) < 1e15 and value == int(value) else value


def _view_options(p: argparse.ArgumentParser) -> None:
    """How ``render`` and ``setup`` draw a board: turned, with or without coordinates, with
    marks on squares named as the game names them, at a size in pixels (see :func:`_view`)."""
    p.add_argument("--flip", action="store_true", help="draw the board seen from the other side (turned 180 degrees)")
    p.add_argument("--rotate", type=int, choices=(0, 90, 180, 270), default=0, metavar="DEGREES",
                   help="turn the board 90, 180 or 270 degrees counter-clockwise (words stay upright)")
    p.add_argument("--no-coordinates", action="store_true", help="leave out the board's coordinates along its edges")
    p.add_argument("--arrow", action="append", default=[], metavar="FROM-TO",
                   help="draw an arrow between two squares, e.g. b2-b5 (may be given again)")
    p.add_argument("--highlight", action="append", default=[], metavar="SQUARE",
                   help="highlight a square, e.g. c3 (may be given again)")
    p.add_argument("--label", action="append", default=[], metavar="SQUARE=TEXT",
                   help="write TEXT beside a square, e.g. c3=A (may be given again)")
    p.add_argument("--dpi", type=float, default=None, metavar="N", help="a PNG's pixels an inch (default 100)")
    p.add_argument("--width", type=int, default=None, metavar="PIXELS", help="a PNG's or an SVG's width in pixels")
    _oblique_options(p)


def _view(args: argparse.Namespace) -> dict[str, Any]:
    """The drawing options of ``render`` and ``setup`` as :func:`~piecepack_diagrams.render.render`
    takes them.

    Raises :class:`OptionError` for an arrow or a label not written FROM-TO or SQUARE=TEXT
    (what the squares are is checked when the board is drawn)."""
    arrows = []
    for text in args.arrow:
        start, dash, end = text.partition("-")
        if not dash or not start.strip() or not end.strip() or "-" in end:
            raise OptionError(f"--arrow '{text}' is not two squares", token=text, expected="FROM-TO, such as b2-b5")
        arrows.append((start.strip(), end.strip()))
    labels = []
    for text in args.label:
        square, eq, words = text.partition("=")
        if not eq or not square.strip():
            raise OptionError(f"--label '{text}' names no square", token=text, expected="SQUARE=TEXT, such as c3=A")
        labels.append((square.strip(), words))
    return {"coordinates": not args.no_coordinates, "rotate": args.rotate, "flipped": args.flip, "arrows": arrows,
            "highlight": [square.strip() for square in args.highlight], "labels": labels, "dpi": args.dpi,
            "width": args.width, **_oblique(args)}


def _jobs_option(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("-j", "--jobs", type=_jobs, default=None, metavar="N",
                   help=f"use N processes (default: every processor; 1: no other process): {what}")


def _jobs(text: str) -> int:
    """``--jobs``: a number of processes, from 1 (no other process) to
    :data:`~piecepack_diagrams.parallel.MAX_JOBS`."""
    from .parallel import MAX_JOBS

    if not re.fullmatch(r"\s*[0-9]{1,6}\s*", text) or not 1 <= int(text) <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of processes; expected a whole number from 1 "
                                         f"(no other process) to {MAX_JOBS}")
    return int(text)


#: File name endings of each drawing format.
_SUFFIXES = {"svg": (".svg",), "pdf": (".pdf",), "png": (".png",), "txt": (".txt", ".text"), "csv": (".csv",)}


def _scale(text: str) -> float:
    """``--scale``: a print scale from a hundredth to four times true size."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not 0.01 <= value <= 4:
        raise argparse.ArgumentTypeError(f"{text} is out of range; expected 0.01 to 4 (1 is true size)")
    return value


def _check_records_folder(records: str | None) -> None:
    """``--records`` of build and proof, when given, names a folder; raises :class:`OutputError` located at it."""
    if records is not None and not Path(records).is_dir():
        raise OutputError(f"no folder of records at {records}", token=records, location=SourceLocation(records, 1, 1),
                          expected="a folder holding .ppn records")


def _format_of(args: argparse.Namespace) -> str:
    """The drawing format: ``-f``, else told by ``-o``'s ending, else SVG. A ``-f`` that
    contradicts ``-o``'s ending is refused (``-f pdf -o x.svg``), so a file's name never lies
    about what it holds; ``-o -`` (standard output) and names of devices or FIFOs take any."""
    from .output import is_stdout

    suffix = Path(args.output).suffix.lower() if args.output and not is_stdout(args.output) else ""
    told = next((fmt for fmt, endings in _SUFFIXES.items() if suffix in endings), None)
    if told == "csv" and args.command != "setup":
        told = None  # only setup writes CSV; elsewhere .csv says nothing about a drawing's format
    if args.format:
        if told is not None and told != args.format:
            raise OutputError(f"-f {args.format} contradicts the name '{args.output}', which ends {suffix}",
                              token=args.output, expected=f"a name ending {_SUFFIXES[args.format][0]}, "
                              f"or -f {told}")
        chosen: str = args.format
        return chosen
    if args.output and not is_stdout(args.output):
        if told is not None:
            return told
        if not _is_special(args.output):
            raise OutputError(f"cannot tell the format of '{args.output}'", token=args.output,
                              expected="a name ending .svg, .pdf, .png or .txt, or -f FORMAT")
    return "svg"


def _is_special(name: str) -> bool:
    """True for a character device or a FIFO (links followed): such outputs have no ending."""
    import stat

    try:
        mode = Path(name).stat().st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def _names_file(output: str) -> bool:
    """True when ``output`` names a file, whose ending must then fit what is written (not
    ``-``, a device or a FIFO)."""
    from .output import is_stdout

    return not is_stdout(output) and not _is_special(output)


def _emit(data: bytes, fmt: str, output: str | None, default: Path) -> None:
    """Write ``data`` to ``output`` (``-``: standard output), or to ``default`` when no
    ``-o`` was given; plain text and CSV with no ``-o`` go to the terminal. Names what it
    wrote on standard error."""
    if output is None and fmt in ("txt", "csv"):
        sys.stdout.write(data.decode("utf-8"))
        return
    _save(output or default, data)


def _save(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` safely (see :mod:`.output`) and name it on standard error,
    unless it went to standard output."""
    from .output import is_stdout, write_atomic

    written = write_atomic(path, data)
    if not is_stdout(written):
        print(written, file=sys.stderr)


def _run(args: argparse.Namespace) -> int:
    from .theme import load_theme

    if args.command == "validate":
        from .engine import validate_file

        bad = 0
        for path in args.paths:
            for result in validate_file(path):
                for line in result.diagnostics():
                    _report(line)
                if result.is_valid():
                    print(f"{path}: game {result.index}: valid ({result.moves} moves)")
                else:
                    bad += 1
        return 1 if bad else 0
    if args.command == "replay":
        return _each_file(args.paths, lambda path: _replay(args, path))
    if args.command in ("render", "setup"):
        from .render import render

        if args.command == "render" and len(args.paths) > 1:
            return _render_each(args)
        fmt = _format_of(args)
        theme = load_theme(args.theme)
        if args.command == "render":
            path = args.paths[0]
            data = _render(args, path, fmt, theme)
            default = Path("output") / _render_name(path, args.move, fmt)
        else:
            from .api import setup_csv, setup_scene

            if args.list:
                sys.stdout.write(_setup_table())
                return 0
            if not args.game:
                raise SetupError("no game named", token="GAME", expected="a game's name (setup --list lists them)")
            options = _setup_options(args.game, args.extra)
            if fmt == "csv":
                if any((args.flip, args.rotate, args.no_coordinates, args.arrow, args.highlight, args.label,
                        args.dpi is not None, args.width is not None)):
                    raise OptionError("drawing options for CSV output", token="-f csv",
                                      expected="a drawing (-f svg, pdf, png or txt) to turn, mark or size")
                data = setup_csv(args.game, seed=args.seed, options=options, builder=args.builder).encode("utf-8")
            else:
                data = render(setup_scene(args.game, seed=args.seed, options=options, builder=args.builder), fmt,
                              theme=theme, scale=args.scale, framing=args.framing or "whole", **_view(args))
            default = Path("output") / f"{_file_stem(args.game)}-setup.{fmt}"
        _emit(data, fmt, args.output, default)
        return 0
    if args.command == "plates":
        return _plates(args)
    if args.command == "animate":
        return _animate(args)
    if args.command == "figure":
        from .values import replace

        from .figures import figure_files
        from .render import render

        if args.list:
            sys.stdout.write("".join(name + "\n" for name in _figure_names(args.records)))
            return 0
        if not args.name:
            raise SetupError("no figure named", token="NAME", expected="a figure's name (figure --list lists them)")
        fmt = _format_of(args)
        # Printed as the figure set prints it (a column wide, the figure template), unless a
        # scale is asked for.
        figure = _named_figure(args.name, args.records)
        view = _oblique(args)
        if args.framing == "focus" and args.view == "oblique":
            raise OptionError("--framing focus in the oblique view", token="focus",
                              expected="the flat view for a cropped figure (the oblique view shows it whole)")
        if args.framing:
            figure = replace(figure, framing=args.framing)
        theme = load_theme(args.theme)
        if args.scale is None:
            data = figure_files([figure], formats=(fmt,), theme=theme, **view)[f"{args.name}.{fmt}"]
        else:
            data = render(figure.scene, fmt, theme=theme, scale=args.scale,
                          framing=figure.framing if args.view == "flat" else "whole", **view)
        _emit(data, fmt, args.output, Path("output") / f"{args.name}.{fmt}")
        return 0
    if args.command == "figures":
        return _figures(args)
    if args.command == "viewer":
        return _viewer(args)
    if args.command == "export":
        from .api import first_record
        from .engine import replay
        from .export import export_ppn

        exported = export_ppn(replay(first_record(args.path, args.game)))
        if args.output is None:
            sys.stdout.write(exported.text)
        else:
            _save(args.output, exported.text.encode("utf-8"))
        return 0
    if args.command == "analyse":
        return _analyse(args)
    if args.command == "solve":
        from .api import solve_hints, solve_position

        if args.hints:
            print(solve_hints(args.target, move=args.move, budget=args.budget))
            return 0

        print(solve_position(args.target, seed=args.seed, move=args.move, advanced=args.advanced,
                             budget=args.budget, difficulty=args.difficulty).report())
        return 0
    if args.command == "puzzles":
        from .books import puzzle_book

        if args.output and _names_file(args.output) and Path(args.output).suffix.lower() != ".pdf":
            raise OutputError(f"puzzle books are PDF files, not '{args.output}'", token=args.output,
                              expected="a name ending .pdf")
        book = puzzle_book(args.game, count=args.count, seed=args.seed, difficulty=args.difficulty,
                           template=args.template, key_template=args.key_template, theme=load_theme(args.theme),
                           time_limit=args.time_limit, progress=sys.stderr, jobs=args.jobs)
        _emit(book, "pdf", args.output, Path("output") / f"{args.game}-puzzles.pdf")
        return 0
    if args.command == "stats":
        return _stats(args)
    if args.command == "completion":
        from .completion import completion_script

        sys.stdout.write(completion_script(args.shell, _parser()))
        return 0
    if args.command == "labyrinth":
        return _labyrinth(args)
    if args.command == "audit":
        from .build import audit_records

        report = audit_records(args.paths, theme=load_theme(args.theme), figures=not args.no_figures,
                               progress=sys.stderr)
        for failure in report.failures:
            _report(failure)
        for finding in report.findings:
            _report(finding.format(), sys.stdout)
        print(report.audit_summary())
        return 1 if report.findings or report.failures else 0
    if args.command == "proof":
        from .build import build

        if args.output and _names_file(args.output) and Path(args.output).suffix.lower() != ".pdf":
            raise OutputError(f"the proof sheet is a PDF, not '{args.output}'", token=args.output,
                              expected="a name ending .pdf")
        _check_records_folder(args.records)
        report = build(args.records, "output", theme=load_theme(args.theme), figures=not args.no_figures,
                       puzzles=not args.no_puzzles, progress=sys.stderr, write=False)
        for failure in report.failures:
            _report(failure)
        print(report.audit_summary(), file=sys.stderr)
        assert report.proof is not None
        _save(args.output or Path("output") / "proof.pdf", report.proof)
        return 0 if report.is_ok() else 1
    if args.command == "build":
        from .build import build

        _check_records_folder(args.records)
        report = build(args.records, args.output, theme=load_theme(args.theme), figures=not args.no_figures,
                       puzzles=not args.no_puzzles, progress=sys.stderr, jobs=args.jobs, docs=not args.no_docs,
                       animations=not args.no_animations)
        for failure in report.failures:
            _report(failure)
        for finding in report.findings:
            _report(finding.format())
        for note in report.notes:
            print(note, file=sys.stderr)
        print(report.audit_summary(), file=sys.stderr)
        print(f"wrote {len(report.written)} files into {args.output}/"
              + (f"; {len(report.failures)} problem(s), listed above" if report.failures else ""), file=sys.stderr)
        return 0 if report.is_ok() else 1
    raise AssertionError(args.command)


def _each_file(paths: Sequence[str], run: Callable[[str], object]) -> int:
    """Run ``run`` on each of ``paths`` in turn, as ``cat`` and ``head`` do: with several,
    what each prints on standard output is headed ``==> PATH <==``, and a file with an error
    (located: ``FILE:LINE:COL``) is reported and the rest still done. Returns the exit
    status: 1 if any file had an error. An error with no place (a usage error) stops all."""
    failed = False
    for k, path in enumerate(paths):
        if len(paths) > 1:
            sys.stdout.write(("\n" if k else "") + f"==> {path} <==\n")
        try:
            run(path)
        except PiecepackError as exc:
            if exc.location is None:
                raise
            sys.stdout.flush()
            _report(exc.format())
            failed = True
    return 1 if failed else 0


def _replay(args: argparse.Namespace, path: str) -> None:
    """``replay``: every position of the record at ``path``, as text diagrams or CSV."""
    from .api import first_record, scene_of
    from .csvexport import MAX_ROWS
    from .engine import replay
    from .render.text import render_text
    from .sheets.plates import check_drawn
    from .theme import load_theme

    result = replay(first_record(path, args.game))
    # Every position is written out: refused up front past a bound that keeps it to seconds.
    check_drawn(result, range(len(result.positions)),
                limit=MAX_ROWS if args.format == "csv" else MAX_REPLAYED_PIECES,
                product="a replay's CSV rows" if args.format == "csv" else "a replay's text diagrams",
                advice="validate the record, or draw one position (render --move N), or a shorter record")
    if args.format == "csv":
        from .csvexport import replay_csv

        sys.stdout.write(replay_csv(result))
    else:
        theme = load_theme(args.theme)
        for index in range(len(result.positions)):
            sys.stdout.write(render_text(scene_of(result, index), theme=theme) + "\n")


def _render(args: argparse.Namespace, path: str, fmt: str, theme: Any) -> bytes:
    """``render``: the position ``--move`` of the record at ``path``, drawn as ``fmt``."""
    from .api import first_record, render_position
    from .engine import replay

    result = replay(first_record(path, args.game))
    # ASCII digits only: int() also reads '²'-like digits no reader of a record would.
    move: int | str = int(args.move) if re.fullmatch(r"-?[0-9]{1,18}", args.move) else args.move
    return render_position(result, move, fmt, theme=theme, show_legal=args.legal, scale=args.scale,
                           framing=args.framing or "whole", **_view(args))


def _render_name(path: str, move: str, fmt: str) -> str:
    """The name of ``render``'s drawing of ``path`` when ``-o`` names none: STEM-MOVE.FORMAT."""
    return f"{Path(path).stem}-{str(move).rstrip('.') or 'setup'}.{fmt}"


def _render_each(args: argparse.Namespace) -> int:
    """``render`` of several records: each drawing named STEM-MOVE.FORMAT in the folder
    ``-o`` names (default ``output/``), or with ``-f txt`` and no ``-o`` printed in turn.
    Two records that would write the same name, and an ``-o`` that is not a folder's name,
    are refused before anything is drawn."""
    from .theme import load_theme

    if args.output is not None and (not _names_file(args.output)
                                    or (Path(args.output).suffix and not Path(args.output).is_dir())):
        raise OutputError(f"{len(args.paths)} records draw {len(args.paths)} files: -o names a folder for them, "
                          f"not '{args.output}'", token=args.output,
                          expected="a folder name (it is made if missing; each file is named STEM-MOVE.FORMAT)")
    fmt = args.format or "svg"
    theme = load_theme(args.theme)
    if args.output is None and fmt == "txt":
        return _each_file(args.paths, lambda path: sys.stdout.write(_render(args, path, fmt, theme).decode("utf-8")))
    folder = Path(args.output or "output")
    names: dict[str, str] = {}
    for path in args.paths:
        name = _render_name(path, args.move, fmt)
        if name in names:
            raise OutputError(f"'{names[name]}' and '{path}' would both be drawn as {folder / name}", token=path,
                              expected="records whose file names differ (or render them one at a time with -o)")
        names[name] = path
    return _each_file(args.paths, lambda path: _save(folder / _render_name(path, args.move, fmt),
                                                     _render(args, path, fmt, theme)))


def _plates(args: argparse.Namespace) -> int:
    from .api import first_record
    from .engine import replay
    from .output import write_folder
    from .sheets.plates import parse_moves, plates_pdf, plates_svg
    from .theme import load_theme

    fmt = args.format or ("pdf" if args.output is None or not _names_file(args.output)
                          or Path(args.output).suffix.lower() == ".pdf" else "svg")
    # A -f given names itself in the refusal: the two words that disagree are both shown.
    told = f"-f {fmt} contradicts -o '{args.output}': " if args.format else ""
    if args.output and fmt == "pdf" and _names_file(args.output) and Path(args.output).suffix.lower() != ".pdf":
        raise OutputError(f"{told}a PDF of plates needs a name ending .pdf, not '{args.output}'", token=args.output,
                          expected="FILE.pdf, or -f svg for a folder of SVG files")
    if args.output and fmt == "svg" and Path(args.output).suffix:
        raise OutputError(f"{told}SVG plates go into a folder, not the file '{args.output}'", token=args.output,
                          expected="a folder name (it is made if missing)" + (", or -f pdf" if args.format and
                                   Path(args.output).suffix.lower() == ".pdf" else ""))
    result = replay(first_record(args.path, args.game))
    try:
        moves = parse_moves(args.moves, len(result.positions) - 1) if args.moves else None
    except PiecepackError as exc:
        raise exc.with_location(result.record.location) from None  # the range is the record's
    theme = load_theme(args.theme)
    stem = Path(args.path).stem
    if fmt == "pdf":
        pdf = plates_pdf(result, template=args.template, moves=moves, theme=theme, **_oblique(args))
        _emit(pdf, "pdf", args.output, Path("output") / f"{stem}-plates.pdf")
        return 0
    folder = Path(args.output or Path("output") / f"{stem}-plates")
    files = plates_svg(result, stem=stem, moves=moves, theme=theme, **_oblique(args))
    write_folder(folder, files)
    print(f"{folder}: {len(files)} SVG files", file=sys.stderr)
    return 0


def _analyse(args: argparse.Namespace) -> int:
    """``analyse``: the record with each move judged (to ``-o``, else standard output), the
    summary, and with ``--plates`` the plates with evaluation bars. Everything is made before
    anything is written."""
    from .api import first_record
    from .engine import replay
    from .engine.analysis import analyse, annotated_record
    from .notation import format_record
    from .output import is_stdout, write_folder
    from .sheets.analysis import analysis_plates_pdf, analysis_plates_svg
    from .theme import load_theme

    plates = args.plates
    if plates is not None and _names_file(plates) and Path(plates).suffix and Path(plates).suffix.lower() != ".pdf":
        raise OutputError(f"plates are a PDF or SVG files in a folder, not '{plates}'", token=plates,
                          expected="a name ending .pdf, or a folder's name (it is made if missing)")
    if args.output is not None and _names_file(args.output) and Path(args.output).suffix.lower() != ".ppn":
        raise OutputError(f"the analysed record is a PPN record, not '{args.output}'", token=args.output,
                          expected="a name ending .ppn, or - for standard output")
    analysis = analyse(replay(first_record(args.path, args.game)), budget=args.budget)
    text = format_record(annotated_record(analysis))
    made: bytes | dict[str, bytes] | None = None
    if plates is not None:
        theme = load_theme(args.theme)
        made = (analysis_plates_pdf(analysis, theme=theme) if Path(plates).suffix.lower() == ".pdf"
                else analysis_plates_svg(analysis, stem=Path(args.path).stem, theme=theme))
    to_stdout = args.output is None or is_stdout(args.output)
    if to_stdout:
        sys.stdout.write(text)
    else:
        _save(args.output, text.encode("utf-8"))
    if isinstance(made, bytes):
        _save(plates, made)
    elif made is not None:
        write_folder(Path(plates), made)
        print(f"{plates}: {len(made)} SVG files", file=sys.stderr)
    print(analysis.summary(), file=sys.stderr if to_stdout else sys.stdout)
    return 0


def _figure_names(records: str | None) -> list[str]:
    """The name of every figure ``figures all`` writes from ``records``, then the named
    figures that need no record; each once, in that order."""
    from .figures import FIGURES, figure_games, figure_set, game_replays

    names = [f.name for game in figure_games() for f in figure_set(game, game_replays(game, records)).figures]
    return list(dict.fromkeys([*names, *FIGURES]))


def _named_figure(name: str, records: str | None) -> Any:
    """The :class:`~piecepack_diagrams.figures.RuleFigure` called ``name``: a named figure
    (drawn from no record), or one of the figure set of the game its name begins with, drawn
    from ``records`` as ``figures`` draws it. Raises :class:`SetupError` for any other name,
    naming the closest."""
    from .figures import FIGURES, RuleFigure, figure_games, figure_set, game_replays

    if name in FIGURES:
        return RuleFigure(name, FIGURES[name](), framing="whole")
    game = max((g for g in figure_games() if name.startswith(g + "-")), key=len, default=None)
    if game is not None:
        found = [f for f in figure_set(game, game_replays(game, records)).figures if f.name == name]
        if found:
            return found[0]
    import difflib  # only to name the closest figure

    close = difflib.get_close_matches(name, _figure_names(records), n=1)
    raise SetupError(f"unknown figure '{name}'", token=name,
                     expected=(f"'{close[0]}' (the closest), or " if close else "") + "a name figure --list prints")


def _viewer(args: argparse.Namespace) -> int:
    from .api import first_record
    from .engine import replay
    from .sheets.viewer import viewer_html
    from .theme import load_theme

    if args.output and _names_file(args.output) and Path(args.output).suffix.lower() not in (".html", ".htm"):
        raise OutputError(f"the viewer is an HTML page, not '{args.output}'", token=args.output,
                          expected="a name ending .html")
    result = replay(first_record(args.path, args.game), strict=False)
    page = viewer_html(result, theme=load_theme(args.theme), **_oblique(args)).encode("utf-8")
    _emit(page, "html", args.output, Path("output") / f"{Path(args.path).stem}.html")
    # The page shows a record's illegal moves; the exit status says there were some.
    for line in result.diagnostics():
        _report(line)
    return 1 if result.errors else 0


def _figures(args: argparse.Namespace) -> int:
    from .figures import figure_files, figure_games, figure_set, game_replays
    from .output import write_folder
    from .theme import load_theme

    games = figure_games() if args.game.lower() == "all" else [args.game]
    theme = load_theme(args.theme)
    folder = Path(args.output or Path("output") / "figures")
    files: dict[str, bytes] = {}
    for game in games:
        figures = figure_set(game, game_replays(game, args.records))
        if figures.missing:
            print(f"{game}: no example in the records of: {', '.join(figures.missing)}", file=sys.stderr)
        files.update(figure_files(figures.figures, formats=tuple(args.format), theme=theme, template=args.template,
                                  **_oblique(args)))
    write_folder(folder, files)
    for name in files:
        print(folder / name)
    return 0


def _labyrinth(args: argparse.Namespace) -> int:
    import json

    from .games.labyrinth import read_input, run

    if args.tool == "deal":
        return _labyrinth_deal(args)
    if args.tool == "fixtures":
        from .games.labyrinth.fixtures import find_fixtures, run_fixtures

        report = run_fixtures(find_fixtures(args.paths), jobs=args.jobs)
        sys.stdout.write(report.text())
        return 0 if report.is_ok() else 1
    if args.input is None or args.input == "-":
        values, name = read_input(sys.stdin.buffer), "<stdin>"
    else:
        values, name = read_input(args.input), args.input
    if args.tool == "harness":
        try:
            answer = run(args.milestone, values)
        except PiecepackError as exc:
            # JSON values carry no places: the error names the input file.
            raise exc.with_location(SourceLocation(name, 1, 1)) from None
        print(json.dumps(answer, ensure_ascii=False))
        return 0
    from .games.labyrinth.play import parse_player_args, play_game
    from .games.labyrinth.rules import Options, check_max_rounds

    options = Options(not args.no_setup_ejection_activity, check_max_rounds(args.max_rounds, name="--max-rounds"))
    players = parse_player_args(args.players) if args.players else None
    try:
        game = play_game(values, players, options=options, event=args.event)
    except PiecepackError as exc:
        raise exc.with_location(SourceLocation(name, 1, 1)) from None
    result = game.result
    print(f"winners: {', '.join(result.winners) or 'none'}; removed: {', '.join(result.misbehaving) or 'none'}; "
          f"{sum(1 for _, event in result.turns if event != 'REMOVED')} turns")
    _save(args.output or Path("output") / "labyrinth-game.ppn", game.text.encode("utf-8"))
    return 0


def _labyrinth_deal(args: argparse.Namespace) -> int:
    import json
    import re

    from .errors import SetupError
    from .games.labyrinth.deal import deal
    from .games.labyrinth.jsonio import state_json

    size = re.fullmatch(r"(\d{1,3})x(\d{1,3})", args.size)
    if size is None:
        raise SetupError(f"'{args.size}' is not a board size", token=args.size, expected="ROWSxCOLUMNS, e.g. 9x9")
    state = deal(args.seed, height=int(size[1]), width=int(size[2]), players=args.players, goals=args.goals)
    text = json.dumps(state_json(state), ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        _save(args.output, text.encode("utf-8"))
    return 0


def _stats(args: argparse.Namespace) -> int:
    """``stats``: a game's statistics (in this process, over ``--jobs`` processes or a Dask
    cluster), or ``merge``: files of them added up; in words or as JSON, with a chart."""
    if args.game.lower() == "merge":
        from .statistics import merge_statistics

        if args.scheduler or args.jobs is not None:
            raise SetupError("stats merge adds up files: it runs nothing", token="--scheduler" if args.scheduler
                             else "--jobs", expected="stats merge FILE.json ... without --jobs or --scheduler")
        stats = merge_statistics(args.paths)
    else:
        from .api import _check_games

        if args.paths:
            raise SetupError(f"unexpected '{args.paths[0]}'", token=args.paths[0],
                             expected="files only with stats merge FILE.json ...")
        _check_games(args.games)
        from .parallel import run_on

        with run_on(jobs=args.jobs, scheduler=args.scheduler) as (executor, jobs):
            stats = _game_stats(args, executor, jobs)
    if args.format == "json":
        from .statistics import statistics_json

        sys.stdout.write(statistics_json(stats))
    else:
        print(stats.report())
    if args.plot:
        _save(args.plot, _stats_chart(stats))
    return 0


def _game_stats(args: argparse.Namespace, executor: Any, jobs: int | None) -> Any:
    """The statistics ``stats GAME`` asks for."""
    if args.game.replace("-", " ").lower() == "coin collectors":
        from .api import policy_statistics
        from .games.coin_collectors.stats import POLICIES

        policies = list(POLICIES) if args.policy == "all" else [args.policy]
        variant = {}
        if args.variant:
            variant["Variant"] = args.variant
            if args.variant.strip().lower() == "last one out":
                variant["LeftBehind"] = args.left_behind
        return policy_statistics(args.game, policies, games=args.games, first_seed=args.first_seed, variant=variant,
                                 executor=executor, jobs=jobs)
    if args.game.lower() == "landlocked":
        from .games.landlocked.stats import variant_statistics

        return variant_statistics(args.games, first_seed=args.first_seed, executor=executor, jobs=jobs)
    from .api import game_statistics

    return game_statistics(args.game, games=args.games, first_seed=args.first_seed, executor=executor, jobs=jobs)


def _stats_chart(stats: Any) -> bytes:
    """The PNG chart of a game's statistics."""
    game, count = stats.game, stats.seeds.count
    if game == "landlocked":
        from .render.plots import proportions_png

        return proportions_png([(s.variant.replace(", ", ",\n"), s.solvable.value, *s.solvable.interval())
                                for s in stats],
                               title=f"Landlocked: deals that can be won, of {count:,} seeded deals",
                               xlabel="winnable deals, % (whiskers: 95% interval)")
    if game == "coin-collectors":
        from .render.plots import grouped_bars_png

        return grouped_bars_png({s.policy: s.scores for s in stats},
                                title=f"Coin Collectors ({stats.variant_name}): scores of {count:,} games a policy",
                                xlabel="coins collected (24 wins)", ylabel="games")
    from .render.plots import bar_chart_png

    return bar_chart_png(stats.fewest_coins, title=f"Lab Rats: fewest coins to escape, {count:,} deals",
                         xlabel="coins used (advanced version, best start square)", ylabel="deals",
                         note=f"winnable in the advanced version: {stats.advanced.describe()}")


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _exit_on_terminate() -> Callable[[], object]:
    """Turn SIGTERM into SystemExit while a command runs, so the ``finally`` clauses that remove
    temporary files run (Ctrl-C already raises KeyboardInterrupt). Returns what puts the
    previous handler back (nothing to do outside the main thread, where handlers cannot be set)."""
    previous = signal.getsignal(signal.SIGTERM)
    try:
        signal.signal(signal.SIGTERM, _terminated)
    except ValueError:  # not the main thread
        return lambda: None
    return lambda: signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)


def _setup_options(game: str, words: list[str]) -> dict[str, Any]:
    """A game's own arguments from the words argparse left (``--coins TEXT``, ``--x=1,2``,
    ``--has-subpack`` alone for true), keyed as the game names them (for a game with rules,
    as header fields: ``--variant advanced``).

    Raises :class:`SetupError` for a word that is not an option, or an option the game
    does not take (naming the closest it does)."""
    from .setups import find_setup, is_known_setup

    options: dict[str, str] = {}
    k = 0
    while k < len(words):
        word = words[k]
        if not word.startswith("--") or len(word) == 2:
            raise SetupError(f"unexpected '{word}'", token=word,
                             expected="options of the form --name VALUE (setup --list names each game's)")
        name, eq, value = word[2:].partition("=")
        if not eq:
            if k + 1 < len(words) and not words[k + 1].startswith("--"):
                value, k = words[k + 1], k + 1
            else:
                value = "true"
        options[name] = value
        k += 1
    from .engine import find_game

    rules = find_game(game)
    if rules is not None and rules.name != "ppn":
        return _header_fields(rules, options)
    if options and is_known_setup(game):
        from .setups.registry import parse_arguments

        parse_arguments(find_setup(game), options)  # an unknown or bad argument is named here, as an option
    return options


def _header_fields(rules: object, options: dict[str, str]) -> dict[str, object]:
    """A game with rules reads its options as header fields: ``--size 9x9`` is ``Size: 9x9``
    (values read as YAML reads them), ppdf's arguments of its setup (``--coins``) pass as
    they are. Raises :class:`SetupError` for an option the game does not read."""
    from .setups import argument_key, find_setup

    fields = {argument_key(f): f for f in getattr(rules, "header_fields", ())}
    ppdf_function = getattr(rules, "ppdf_function", "")
    ppdf = find_setup(ppdf_function) if ppdf_function else None
    out: dict[str, object] = {}
    for name, value in options.items():
        key = argument_key(name)
        if ppdf is not None and ppdf.argument(key) is not None:
            out[key] = value
        elif key in fields:
            from .notation.yamlsafe import load_metadata  # only when there is a header field to read

            try:
                out[fields[key]] = load_metadata(f"v: {value}\n", file="<command line>", first_line=1)["v"]
            except (PiecepackError, KeyError, TypeError):  # text YAML cannot read is given as text
                out[fields[key]] = value
        else:
            import difflib  # only to name the closest option

            known = sorted({*fields, *(a.key for a in (ppdf.arguments if ppdf else ()))} - {"seed"})
            close = difflib.get_close_matches(key, known, n=1)
            among = ", ".join("--" + k.replace("_", "-") for k in known) or "none"
            title = getattr(rules, "title", "the game")
            raise SetupError(f"{title} takes no option '--{name}'", token=f"--{name}",
                             expected=(f"'--{close[0].replace('_', '-')}' (the closest), or one of: {among}" if close
                                       else f"one of: {among}"))
    return out


def _setup_table() -> str:
    """Every game ``setup`` knows, with its title and its arguments (``setup --list``)."""
    from .engine.game import games
    from .setups import argument_key, find_setup, setup_infos

    own = {rules.name: rules for rules in games() if rules.name != "ppn"}

    def extra(name: str) -> str:
        rules = own.get(name)
        if rules is None:
            return ""
        taken = {a.key for a in find_setup(rules.ppdf_function).arguments} if rules.ppdf_function else set()
        fields = [f"--{argument_key(f).replace('_', '-')}" for f in rules.header_fields if argument_key(f) not in taken]
        if rules.ppdf_function:
            fields.insert(0, "--builder (ppdf, rulings)")
        return ", ".join(fields)

    rows = [(info.key, info.title, ", ".join(filter(None, [", ".join(f"{a.option} ({a.kind})" for a in info.arguments),
                                                           extra(info.key)])) or "-")
            for info in setup_infos()]
    known = {r[0] for r in rows}
    for name, rules in own.items():
        if name not in known:
            rows.append((name, rules.title, ", ".join(["--seed (int)", extra(name)])))
    rows.sort()
    width = max(len(r[0]) for r in rows) + 2
    title_width = max(len(r[1]) for r in rows) + 2
    lines = [f"{'GAME'.ljust(width)}{'TITLE'.ljust(title_width)}ARGUMENTS"]
    lines += [f"{name.ljust(width)}{title.ljust(title_width)}{args}" for name, title, args in rows]
    return "\n".join(lines) + (f"\n{len(rows)} games. Each argument is an option of setup GAME and a key of a "
                                "record's GameType.\n")


def _file_stem(game: str) -> str:
    """A file name for ``game``'s default output: letters, digits and hyphens only."""
    return re.sub(r"[^a-z0-9]+", "-", game.lower()).strip("-")[:60] or "game"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. Whatever it prints, a record's text
    included, goes through :func:`~piecepack_diagrams.textsafe.terminal_text`, so no
    control character reaches the terminal."""
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = TerminalStream(sys.stdout), TerminalStream(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


#: The colour of each kind of diagnostic, as compilers show them: SGR codes (bold red, bold magenta, bold cyan).
_COLOURS = {"error": "1;31", "warning": "1;35", "note": "1;36"}


def is_colour(stream: object) -> bool:
    """True when what goes to ``stream`` may be coloured: it is a terminal and the
    environment's ``NO_COLOR`` is unset or empty (the NO_COLOR convention: any other value
    turns colour off). The one place the command line decides."""
    import os

    if os.environ.get("NO_COLOR"):
        return False
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):  # no isatty, or a closed stream
        return False


def _report(line: str, stream: Any = None) -> None:
    """Print a diagnostic line (``FILE:LINE:COL: error: ...``, ``warning:``, ``note:``) on
    ``stream`` (default standard error), its kind coloured when :func:`is_colour` allows.
    The line itself still goes through :func:`~piecepack_diagrams.textsafe.terminal_text`:
    only the colour's own escapes reach the terminal."""
    from .textsafe import terminal_text

    stream = sys.stderr if stream is None else stream
    raw = stream.stream if isinstance(stream, TerminalStream) else stream
    safe = terminal_text(line)
    kind = re.search(r"(?:^|: )(error|warning|note):", safe) if is_colour(raw) else None
    if kind is not None:
        start, end = kind.span(1)
        safe = f"{safe[:start]}\x1b[{_COLOURS[kind[1]]}m{kind[1]}\x1b[0m{safe[end:]}"
    raw.write(safe + "\n")


def _usage_error(parser: argparse.ArgumentParser, exc: PiecepackError) -> int:
    """Report ``exc`` as argparse reports a usage error (the command's usage, then
    ``piecepack-diagrams COMMAND: error: MESSAGE``); returns the exit status, 2.

    Whatever a command reads from a file is refused at its place there (``FILE:LINE:COL``);
    an error with no place is about the command line itself: a value out of range, a name
    that is not a game, ``-f pdf`` against ``-o x.svg``, more puzzles than can be dealt."""
    parser.print_usage(sys.stderr)
    _report(f"{parser.prog}: error: {exc.describe()}")
    return 2


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    # Only the command given is built (--version needs none); --help and mistakes see them all.
    only = words[0] if words and words[0] in _EXAMPLES else "" if words == ["--version"] else None
    parser = _parser(only)
    if words[:1] == ["setup"]:
        # A game's own arguments (--coins, --has-subpack ...) depend on the game: they are
        # read after argparse has read the common options.
        args, extra = parser.parse_known_args(words)
        args.extra = extra
    else:
        args = parser.parse_args(words)
    if not args.command:
        parser.print_help()
        return 2
    restore, unhook = _exit_on_terminate(), interrupts.kept()
    try:
        code = _run(args)
        interrupts.check()  # one that landed where Python could not raise it
        return code
    except PiecepackError as exc:
        if exc.location is None:
            return _usage_error(args.parser, exc)
        _report(exc.format())
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    finally:
        unhook()
        restore()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
