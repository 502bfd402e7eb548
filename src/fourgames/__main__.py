"""The ``fourgames`` command: simulate games with bots, show a deal, play in the terminal,
look at saved games.

    fourgames simulate GAME [--players N] [--games K] [--seed S] [--preset NAME] [--option k=v ...]
                       [--bot SEAT=SPEC ...] [RUN OPTIONS]
    fourgames arena GAME --bot SPEC --bot SPEC ... [--games N] [--players N] [--seed S]
                    [--preset NAME] [--option k=v ...] [RUN OPTIONS]
    fourgames show GAME [--players N] [--seed S] [--preset NAME] [--option k=v ...] [--svg]
    fourgames play GAME [--players N] [--seat P] [--seed S] [--preset NAME] [--option k=v ...]
                   [--opponent SPEC] [--bot SEAT=SPEC ...] [--record FILE] [--time-limit S]
    fourgames replay FILE [--view all|P]
    fourgames view FILE --html OUT.html [--view all|P]
    fourgames solve vier-jahreszeiten [--deals N | --deal K ...] [--preset NAME] [--method M]
    fourgames games
    fourgames --version; fourgames --ascii COMMAND ...

RUN OPTIONS: --format table|json|csv, --out FILE.jsonl, --records DIR, --resume, --jobs N,
--executor process|dask, --scheduler ADDRESS, --move-timeout SECONDS, --fail-fast.
GAME is a game id (``fourgames games`` lists them) or the dotted path of a module of your own
that follows the game protocol. Wrong arguments print a short message and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from fourgames import GAMES, FormatError, FourGamesError, Game, __version__, get_game
from fourgames._play import AsciiText, Clock, Lines, Table, needs_ascii, rich_console
from fourgames._viewer import Replay, html_page, read_record, run_replay, view_of
from fourgames.arena import FORMATS, arena, executor_for
from fourgames.bots import Bot, BotError, _text_value, bot_names, get_bot, seat_bots, simulate
from fourgames.pictures import svg
from fourgames.serialization import converter, register_game, structure
from fourgames.shuffle import fresh_seed

__all__ = ["main"]


class UsageError(Exception):
    """Bad command-line input: a message for the user, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _game(name: str) -> Game[Any, Any]:
    if name in GAMES:
        return get_game(name)
    if "." in name:
        try:
            module: Any = importlib.import_module(name)
        except ImportError as err:
            raise UsageError(f"cannot import game module {name!r}: {err}") from None
        if not hasattr(module, "GAME_ID") or not hasattr(module, "legal_actions"):
            raise UsageError(f"{name!r} is not a game module (no GAME_ID or legal_actions)")
        register_game(module)
        return module  # type: ignore[no-any-return]
    known = ", ".join(sorted(GAMES)) or "none yet"
    raise UsageError(f"unknown game {name!r}; known games: {known}")


def _options(game: Game[Any, Any], preset: str | None, pairs: Sequence[str]) -> Any:
    module: Any = game
    presets: dict[str, Any] = dict(game.INFO.presets)
    if preset is not None and preset not in presets:
        names = ", ".join(sorted(presets)) or "none"
        raise UsageError(f"{game.GAME_ID} has no preset {preset!r}; presets: {names}")
    base = presets[preset] if preset is not None else module.Options()
    data = json.loads(json.dumps(converter.unstructure(base)))
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep:
            raise UsageError(f"--option takes key=value, not {pair!r}")
        if key not in data:
            raise UsageError(f"{game.GAME_ID} has no option {key!r}; options: {', '.join(data)}")
        data[key] = _text_value(text)
    try:
        return structure(data, module.Options, "$.options")
    except FormatError as err:
        raise UsageError(f"bad option value: {err}") from None


def _players(game: Game[Any, Any], players: int | None) -> int:
    info = game.INFO
    count = info.min_players if players is None else players
    if not info.min_players <= count <= info.max_players:
        raise UsageError(
            f"{info.id} is for {info.min_players} to {info.max_players} players, not {count}"
        )
    return count


def _new_game(args: argparse.Namespace) -> tuple[Game[Any, Any], Any, int]:
    game = _game(args.game)
    players = _players(game, args.players)
    options = _options(game, args.preset, args.option)
    seed = fresh_seed() if args.seed is None else args.seed
    try:
        return game, game.new_game(players, seed=seed, options=options), players
    except ValueError as err:
        raise UsageError(str(err)) from None


def _bots(game: Game[Any, Any], players: int, pairs: Sequence[str]) -> list[Bot]:
    """One bot per seat from ``--bot SEAT=SPEC`` (the other seats random)."""
    chosen: dict[int, Bot] = {}
    for pair in pairs:
        seat_text, sep, spec = pair.partition("=")
        if not sep or not seat_text.strip().isdigit():
            raise UsageError(
                f"--bot takes SEAT=SPEC (such as 1=ismcts:iterations=200), not {pair!r}; "
                f"bots: {', '.join(bot_names())}"
            )
        seat = int(seat_text)
        if not 0 <= seat < players:
            raise UsageError(f"--bot seat must be 0 to {players - 1}, not {seat}")
        if seat in chosen:
            raise UsageError(f"--bot gives seat {seat} twice")
        try:
            chosen[seat] = get_bot(spec, game)
        except ValueError as err:
            raise UsageError(str(err)) from None
    return seat_bots(game, players, chosen)


# --- Commands ------------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    game = _game(args.game)
    players = _players(game, args.players)
    options = _options(game, args.preset, args.option)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    _bots(game, players, args.bot)  # checks every --bot before a game is played
    specs = dict.fromkeys(range(players), "random")
    specs.update({int(seat): spec for seat, _, spec in (pair.partition("=") for pair in args.bot)})
    seed = 0 if args.seed is None else args.seed
    return _run(
        args, out, simulate, game, players, args.games, seed=seed, options=options, bots=specs
    )


def _arena(args: argparse.Namespace, out: TextIO) -> int:
    game = _game(args.game)
    players = _players(game, args.players)
    options = _options(game, args.preset, args.option)
    seed = 0 if args.seed is None else args.seed
    return _run(
        args, out, arena, game, args.bot, args.games, players=players, seed=seed, options=options
    )


def _run(
    args: argparse.Namespace, out: TextIO, command: Callable[..., Any], *given: Any, **named: Any
) -> int:
    """Run ``command`` (`simulate` or `arena`) with the run options; print its result."""
    try:
        with executor_for(args.executor, args.jobs, args.scheduler) as executor:
            result = command(
                *given,
                **named,
                executor=executor,
                out=args.out,
                records=args.records,
                resume=args.resume,
                move_timeout=args.move_timeout,
                fail_fast=args.fail_fast,
                progress=True,
            )
    except BotError as err:
        print(f"fourgames: stopped (--fail-fast): {err}", file=sys.stderr)
        return 1
    except ValueError as err:
        raise UsageError(str(err)) from None
    print(result.format(args.format), file=out)
    return 0


def _show(args: argparse.Namespace, out: TextIO) -> int:
    game, state, _ = _new_game(args)
    if args.svg:
        print(svg(game, state), file=out)
        return 0
    print(f"{game.GAME_ID}, seed {state.seed}", file=out)
    print(game.render(state), file=out)
    return 0


def _play(args: argparse.Namespace, out: TextIO, stdin: TextIO | None = None) -> int:
    if args.time_limit is not None:
        if not hasattr(typing.cast(Any, _game(args.game)).Options, "time_limit_s"):
            raise UsageError(f"{args.game} has no clock: --time-limit is for timed games")
        args.option.append(f"time_limit_s={args.time_limit}")
    game, state, players = _new_game(args)
    seat = args.seat
    if not 0 <= seat < players:
        raise UsageError(f"--seat must be 0 to {players - 1}, not {seat}")
    if any(pair.partition("=")[0].strip() == str(seat) for pair in args.bot):
        raise UsageError(f"--bot names seat {seat}, your own seat")
    bots = _bots(game, players, args.bot)
    named = {int(pair.partition("=")[0]) for pair in args.bot}
    for other in set(range(players)) - named - {seat}:
        try:
            bots[other] = get_bot(_opponent(game, args.opponent), game)
        except ValueError as err:
            raise UsageError(str(err)) from None
    lines = Lines(sys.stdin if stdin is None else stdin)
    console = None if isinstance(out, AsciiText) else rich_console(out)
    table = Table(game, state, seat, bots, out, lines, Clock(time.monotonic), console)
    try:
        table.play()
    except EOFError:
        table.say("\nend of input: game left unfinished")
    finally:
        if args.record is not None:
            table.save(args.record)
    return 0


def _opponent(game: Game[Any, Any], spec: str | None) -> str:
    """The bot spec of the opponents: ``spec``, else the game's heuristic bot, else random."""
    if spec is not None:
        return spec
    try:
        get_bot("heuristic", game)
    except ValueError:
        return "random"
    return "heuristic"


def _replay(args: argparse.Namespace, out: TextIO, stdin: TextIO | None = None) -> int:
    replay = Replay.of(read_record(args.file))
    try:
        view = view_of(args.view, replay.views)
    except ValueError as err:
        raise UsageError(str(err)) from None
    run_replay(replay, view, out, Lines(sys.stdin if stdin is None else stdin))
    return 0


def _view(args: argparse.Namespace, out: TextIO) -> int:
    replay = Replay.of(read_record(args.file))
    try:
        views = replay.views if args.view is None else (view_of(args.view, replay.views),)
    except ValueError as err:
        raise UsageError(str(err)) from None
    args.html.write_text(html_page(replay, views), encoding="utf-8")
    shown = "1 view" if len(views) == 1 else f"{len(views)} views"
    print(f"wrote {args.html}: {len(replay.states) - 1} steps, {shown}", file=out)
    return 0


def _games(args: argparse.Namespace, out: TextIO) -> int:
    if not GAMES:
        print("no games registered", file=out)
    for game_id in sorted(GAMES):
        game = GAMES[game_id]
        info = game.INFO
        presets = ", ".join(info.presets) or "-"
        print(
            f"{game_id:<22} {info.min_players}-{info.max_players} players  presets: {presets}",
            file=out,
        )
    return 0


def _solve(args: argparse.Namespace, out: TextIO) -> int:
    run = getattr(args, "run_solve", None)
    if run is None:
        raise UsageError("solve is available for vier-jahreszeiten only")
    return int(run(args, out))


# --- Parsing -------------------------------------------------------------------------------


def _add_setup(parser: argparse.ArgumentParser, *, seed_help: str) -> None:
    parser.add_argument("game", help="a game id (see `fourgames games`) or a module path")
    parser.add_argument("--players", type=int, help="players at the table (default: fewest)")
    parser.add_argument("--seed", type=int, help=seed_help)
    parser.add_argument("--preset", help="a named variant of the game")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set one field of the game's Options (repeatable)",
    )


def _add_bots(parser: argparse.ArgumentParser, *, others: str) -> None:
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT=SPEC",
        help=f"the bot in one seat, such as 1=ismcts:iterations=200 (repeatable; {others} "
        f"random); bots: {', '.join(bot_names())}",
    )


def _add_run(parser: argparse.ArgumentParser) -> None:
    """The options of a run of many games (`fourgames.arena.play_games`)."""
    parser.add_argument("--format", choices=FORMATS, default="table", help="output (table)")
    parser.add_argument("--out", metavar="FILE", help="append one JSON line per finished game")
    parser.add_argument("--records", metavar="DIR", help="save each game's record in DIR")
    parser.add_argument(
        "--resume", action="store_true", help="continue the run whose lines --out holds"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--executor", choices=["process", "dask"], default="process", help="what runs the games"
    )
    parser.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler's address")
    parser.add_argument(
        "--move-timeout", type=float, metavar="SECONDS", help="a bot slower than this loses"
    )
    parser.add_argument("--fail-fast", action="store_true", help="stop at the first bot that fails")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="fourgames", description="Rules engines for four card games.")
    parser.add_argument("--version", action="version", version=f"fourgames {__version__}")
    parser.add_argument(
        "--ascii",
        action="store_true",
        help="write suits as letters (10H for 10♥); automatic when the output cannot write ♥",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sim = commands.add_parser("simulate", help="play many games between bots")
    _add_setup(sim, seed_help="seed of the whole run; game k is dealt from it (default 0)")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    _add_bots(sim, others="the other seats play")
    _add_run(sim)
    sim.set_defaults(handler=_simulate)

    match = commands.add_parser("arena", help="bots against bots on the same deals, rated")
    _add_setup(match, seed_help="seed of the run; deal d is dealt from it (default 0)")
    match.add_argument(
        "--bot",
        action="append",
        default=[],
        required=True,
        metavar="SPEC",
        help=f"a bot to enter (repeat for each; exec:COMMAND for a bot process); bots: "
        f"{', '.join(bot_names())}",
    )
    match.add_argument(
        "--games", type=int, default=100, help="games per pairing, whole deals (default 100)"
    )
    _add_run(match)
    match.set_defaults(handler=_arena)

    show = commands.add_parser("show", help="render a fresh deal")
    _add_setup(show, seed_help="the deal's seed (default: a fresh one)")
    show.add_argument("--svg", action="store_true", help="write the deal as an SVG picture")
    show.set_defaults(handler=_show)

    play = commands.add_parser("play", help="play in the terminal against bots")
    _add_setup(play, seed_help="the deal's seed (default: a fresh one)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--opponent",
        metavar="SPEC",
        help="the bot in every other seat, such as ismcts:iterations=200 "
        "(default: the game's heuristic bot, else random)",
    )
    _add_bots(play, others="the other opponents play as --opponent;")
    play.add_argument("--record", type=Path, metavar="FILE", help="save the game as a JSON record")
    play.add_argument(
        "--time-limit",
        type=int,
        metavar="SECONDS",
        help="seconds per round of a timed game (4½ Minuten: 270)",
    )
    play.set_defaults(handler=_play)

    replay = commands.add_parser("replay", help="step through a saved game record")
    replay.add_argument("file", type=Path, help="a record saved by `play --record` or to_json")
    replay.add_argument("--view", default="all", help="all (every card, the default) or a seat")
    replay.set_defaults(handler=_replay)

    view = commands.add_parser("view", help="write a saved game as one HTML page")
    view.add_argument("file", type=Path, help="a record saved by `play --record` or to_json")
    view.add_argument("--html", type=Path, required=True, metavar="OUT", help="the page to write")
    view.add_argument(
        "--view",
        help="one view only: all (every card) or a seat, whose page then holds no card hidden "
        "from that seat (default: every view)",
    )
    view.set_defaults(handler=_view)

    games = commands.add_parser("games", help="list the games and their presets")
    games.set_defaults(handler=_games)

    solve = commands.add_parser("solve", help="solve seeded solitaire deals")
    solve.set_defaults(handler=_solve)
    _add_solver_arguments(solve)
    return parser


def _add_solver_arguments(parser: argparse.ArgumentParser) -> None:
    try:
        cli: Any = importlib.import_module("fourgames.vier_jahreszeiten._cli")
    except ImportError:
        parser.add_argument("game", choices=["vier-jahreszeiten"])
        return
    cli.add_solve_arguments(parser)
    parser.set_defaults(run_solve=cli.run_solve)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (141 when a pipe closes early, as
    ``head`` does)."""
    args = _parser().parse_args(argv)
    stream = sys.stdout if out is None else out
    if args.ascii or needs_ascii(stream):
        stream = typing.cast(TextIO, AsciiText(stream))
    try:
        status = int(args.handler(args, stream))
        stream.flush()
    except (UsageError, FourGamesError) as err:
        print(f"fourgames: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 141
    return status


def _silence_stdout() -> None:
    """Point stdout at the null device, so that the exit's flush finds no closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
