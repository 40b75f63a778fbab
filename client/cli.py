"""`doorkick play`, `join` and `replay`: open the game window, host or join a table, or watch a saved game."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zeroconf import Error as ZeroconfError

if TYPE_CHECKING:
    from .app import App
    from .scenes.table_base import GameScene

from ..shared.bots import LEVELS as BOT_LEVELS
from ..shared.rules.base import RuleError
from ..shared.rules.registry import GAMES
from ..shared.simulate import parse_options
from .seats import KeptSeat, SeatStore

DEFAULT_PORT = 47474
MAX_NAME = 20  # the longest name the settings and the lobby keep

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    if command == "replay":
        parser.add_argument("path", type=Path, help="a table folder from a host's data dir (record + action log)")
        parser.add_argument("--seat", type=int, default=None, help="watch as this seat (default: a spectator)")
        parser.add_argument("--speed", type=float, default=1.0, help="actions per second (default 1.25)")
    if command == "join":
        parser.add_argument("address", nargs="?", default="", help="host or host:port (default: browse the LAN)")
    if command in ("play", "join"):
        parser.add_argument(
            "--interface",
            default=None,
            metavar="IP",
            help="the network card to use: a hosted table is advertised, and hosts are looked for, there only",
        )
    if command == "play":
        parser.add_argument("--game", choices=GAMES, default="munchkin")
        parser.add_argument("--seats", type=int, default=4, help="players at the table, 2-6 (default 4)")
        parser.add_argument("--bots", type=int, default=None, help="bots among them (default: all but you)")
        parser.add_argument("--bot-level", choices=BOT_LEVELS, default="normal", help="how the bots play")
        parser.add_argument("--packs", default="", help="comma-separated card packs (default: the game's own)")
        parser.add_argument(
            "--options",
            default="",
            help="comma-separated table options: a name turns a flag on, name=value sets a value (e.g. epic)",
        )
        parser.add_argument(
            "--hot-seat",
            type=_hot_seat,
            default=(),
            metavar="N|NAMES",
            help="players sharing this screen (no network; the rest are bots): a number (their names are asked "
            "first) or their names, comma-separated, e.g. Alice,Bob,Carol",
        )
        parser.add_argument("--port", type=int, default=0, help="port to host on (default: any free port)")
        parser.add_argument("--no-discovery", action="store_true", help="do not advertise the table on the LAN")
        parser.add_argument("--seed", type=int, default=None, help="seed for a hot-seat game")
        parser.add_argument(
            "--scenario",
            type=Path,
            default=None,
            metavar="FILE",
            help="open a table arranged by a scenario file (docs/scenarios.md): its game, seats, cards and dice",
        )
    parser.add_argument("--name", default=None, help="your name at the table (saved for next time)")
    parser.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1600x900 (at least 1024x640)")
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="a bot plays your seat through the game's own input paths (for demos and tests)",
    )
    parser.add_argument("--quit-after-turns", type=int, default=None, metavar="N", help="close after N turns")
    parser.add_argument(
        "--screenshot-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="save a PNG at each turn start, combat and dice roll",
    )
    parser.add_argument("--verbose", action="store_true", help="log what the window and its host do, not only warnings")
    parser.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="give up (exit 1) after this long; the headless default is 300",
    )


def _hot_seat(text: str) -> tuple[str, ...]:
    """`--hot-seat 3` (three players, named on screen) or `--hot-seat Alice,Bob,Carol`."""
    text = text.strip()
    if text.isdigit():
        count = int(text)
        if not 1 <= count <= 6:
            raise argparse.ArgumentTypeError("1 to 6 players share a screen")
        return ("",) * count
    names = tuple(" ".join(n.split()) for n in text.split(","))
    if not all(names) or len(names) > 6:
        raise argparse.ArgumentTypeError("a number of players, or 1 to 6 names separated by commas")
    too_long = [n for n in names if len(n) > MAX_NAME]
    if too_long:
        raise argparse.ArgumentTypeError(f"a name has at most {MAX_NAME} characters: {too_long[0]!r}")
    if len({n.casefold() for n in names}) < len(names):
        raise argparse.ArgumentTypeError("each player needs a name of their own")
    return names


def _packs(args: argparse.Namespace) -> list[str]:
    return [name.strip() for name in args.packs.split(",") if name.strip()]


def hosted_packs(named: list[str]) -> tuple[list[str], tuple[Path, ...]]:
    """The table's packs by name, and the pack files among them: those are the host's own (this window hosts),
    offered by their `[pack]` id and handed to the other players' windows that lack them."""
    from ..server.offer import Offer

    files = tuple(Path(n) for n in named if n.endswith(".toml") or "/" in n or "\\" in n)
    if not files:
        return named, ()
    # A broken file is an OfferError (a ValueError), said at once.
    ids = {pack.source: pack.name for pack in Offer.load(pack_files=files).packs.values()}
    return [ids[str(Path(n).resolve())] if Path(n) in files else n for n in named], files


def _size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    w, _, h = text.lower().partition("x")
    if not (w.isdigit() and h.isdigit()):
        raise SystemExit(f"--size wants WxH, like 1280x720, not {text!r}")
    from .settings import MIN_WINDOW

    return max(MIN_WINDOW[0], int(w)), max(MIN_WINDOW[1], int(h))


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    logging.basicConfig(
        level=logging.INFO if getattr(args, "verbose", False) else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        _read_scenario(args)
    except ValueError as exc:  # ScenarioError: the file, the line and why; no window opens
        print(f"doorkick {args.command}: {exc}", file=sys.stderr)
        return 2
    from .app import App
    from .settings import Settings

    settings = Settings.load()
    if args.name:
        settings.name = args.name
        settings.clamp()
    app = App(settings, _size(args.size), args.screenshot_dir)
    headless = app.headless
    limit = args.time_limit if args.time_limit is not None else (300.0 if headless or args.autoplay else None)
    attach = _attacher(app, args)
    host: Any = None
    try:
        if args.command == "replay":
            _open_replay(app, args, attach)
        elif args.command == "play" and args.hot_seat:
            _open_hot_seat(app, args, attach)
        elif args.command == "play":
            host = _open_hosted(app, args, attach)
        else:
            _open_join(app, args, attach)
    except (OSError, ValueError, RuleError) as exc:  # a port in use, a broken pack, an unknown option
        app.close()
        print(f"doorkick {args.command}: {exc}", file=sys.stderr)
        return 2
    app.give_up_after(limit)
    try:
        app.run()
    finally:
        if host is not None:
            host.stop()
    if app.gave_up and limit is not None:
        print(f"doorkick {args.command}: gave up after {limit:g} s", file=sys.stderr)
        return 1
    if args.screenshot_dir is not None:
        print(f"{len(app.shots_taken)} screenshot(s) in {args.screenshot_dir}")
    return 0


def _read_scenario(args: argparse.Namespace) -> None:
    """`--scenario FILE`: read and checked before any window or host opens, so a broken file only says why. The
    file's game and seats are the table's."""
    args.loaded_scenario = None
    if getattr(args, "scenario", None) is None:
        return
    from ..shared.rules.scenario import load_scenario

    if args.packs or args.options:
        raise ValueError("--scenario: the scenario file names its own packs and options (leave out --packs, --options)")
    scenario = load_scenario(args.scenario)
    args.loaded_scenario = scenario
    args.game, args.seats = scenario.game, len(scenario.seats)


def _attacher(app: App, args: argparse.Namespace) -> Any:
    """What to do with each game screen as it opens: the autoplayer and the turn limit."""

    def attach(scene: GameScene) -> None:
        scene.quit_after_turns = args.quit_after_turns
        table = getattr(scene.session, "table", "")
        if table:  # a line for whoever launched it from a terminal (and for the tests that relaunch windows)
            print(f"doorkick: at table {table}, seat {scene.viewer}, {len(scene.hand)} cards in hand", flush=True)
        if args.autoplay:
            from .autoplay import Autoplayer

            scene.autoplayer = Autoplayer(app, scene, seed=1)

    return attach


def _bot_pace(app: App, args: argparse.Namespace) -> float:
    """Seconds between a bot's actions: the player's setting, or next to none for a demo or a test run."""
    if args.autoplay or args.quit_after_turns is not None:
        return 0.05
    return app.settings.bot_seconds


def _open_hosted(app: App, args: argparse.Namespace, attach: Any) -> Any:
    from .host import EmbeddedHost, host_config
    from .net import Connection
    from .scenes.lobby import LobbyScene

    fast = args.autoplay
    bots = args.bots if args.bots is not None else args.seats - 1
    config = host_config(
        f"{app.settings.name}'s DoorKick",
        discovery=not args.no_discovery,
        port=args.port,
        bot_delay=_bot_pace(app, args),
        pass_timeout=1.5 if fast else None,
    )
    config.interface = args.interface
    packs, config.packs = hosted_packs(_packs(args))
    host = None if args.port else _host_on_kept_port(config)
    if host is None:
        host = EmbeddedHost(config)
        try:
            host.start()
        except (OSError, ZeroconfError) as exc:  # the LAN may refuse advertising (no multicast): host without it
            if not config.discovery:
                raise
            log.warning("hosting without advertising on the LAN: %s", exc)
            config.discovery = False
            host = EmbeddedHost(config)
            host.start()
    port = host.port
    scenario = getattr(args, "loaded_scenario", None)
    # A scenario table is made here, in the host's own process, from the file its own player named: no client
    # ever hands the host a file. Seat 0 is kept for this window, which sits down with the token.
    sit_at = None
    if scenario is not None:
        sit_at = host.call(lambda: host.server.lobby.open_scenario(scenario, app.settings.name))
    # The host keeps its id and tables in its data dir, so after a restart the lobby below finds the kept seat
    # at its own table and sits down again instead of making a new table.
    connection = Connection("127.0.0.1", port, app.settings.name, seats=SeatStore())
    connection.start()
    _push_browser(app, args, attach)
    if not (app.headless and args.autoplay):
        _find_kept_seats(app, args, attach, automatic=False, skip=(host.server.server_id,))
    app.push(
        LobbyScene(
            app,
            connection,
            f"hosting on port {port}",
            args.game,
            args.seats,
            bots,
            bot_level=args.bot_level,
            packs=packs,
            options=parse_options(args.options),
            auto_create=True,
            auto_start=args.autoplay,
            on_game=attach,
            replay_dir=str(config.data_dir / "history"),  # where the host keeps finished games
            sit_at=sit_at,
        )
    )
    return host


def _host_on_kept_port(config: Any) -> Any:
    """A host on the port this machine last hosted a kept seat on, when it is free: after a host restart the other
    players' windows, still reconnecting there, find their seats again with no step of theirs. None otherwise."""
    from .host import EmbeddedHost

    kept = next((s.port for s in SeatStore().all() if s.address == "127.0.0.1" and s.port), 0)
    if not kept:
        return None
    config.port = kept
    host = EmbeddedHost(config)
    try:
        host.start()
    except (OSError, ZeroconfError):  # taken by something else now (or no advertising there): any free port
        config.port = 0
        return None
    return host


def _push_browser(app: App, args: argparse.Namespace, attach: Any, watch: Any = None) -> None:
    """The browser sits under the lobby, so leaving a table comes back to it. Its "Watch on this screen" opens
    the big screen (`watch`, else on the whole screen)."""
    if app.headless and args.autoplay:
        return  # a headless run has no use for LAN browsing

    from .discovery import Browser
    from .scenes.browser import BrowserScene

    def connect(host: str, port: int, label: str) -> None:
        open_lobby(app, host, port, label, attach)

    def host_here() -> None:
        from .host import EmbeddedHost, host_config

        config = host_config(f"{app.settings.name}'s DoorKick", bot_delay=_bot_pace(app, args))
        config.interface = args.interface
        host = EmbeddedHost(config)
        try:
            port = host.start()
        except Exception as exc:  # whatever stops the host (a bug too) is shown on the browser, not a closed window
            log.exception("could not host a game here")
            browser = app.find(BrowserScene)
            if isinstance(browser, BrowserScene):
                browser.message = f"Could not host a game here: {exc}"
            return
        app.on_close.append(host.stop)
        connect("127.0.0.1", port, f"hosting on port {port}")

    if watch is None:
        from .watch import open_big_screen

        def watch(host: str, port: int, label: str) -> None:
            open_big_screen(app, host, port, label)

    lan = Browser([args.interface] if args.interface else None)
    lan.start()
    app.push(BrowserScene(app, connect, host_here, DEFAULT_PORT, lan, watch=watch))


def open_lobby(app: App, host: str, port: int, label: str, attach: Any = None) -> None:
    """Connect to a host and open its lobby over the browser (which says why, if the host cannot be reached)."""
    from .net import Connection
    from .scenes.lobby import LobbyScene

    connection = Connection(host, port, app.settings.name, seats=SeatStore())
    connection.start()
    app.push(LobbyScene(app, connection, label, on_game=attach))


def _open_join(app: App, args: argparse.Namespace, attach: Any) -> None:
    from .scenes.browser import parse_address

    _push_browser(app, args, attach)
    if args.address:
        parsed = parse_address(args.address, DEFAULT_PORT)
        if parsed is None:
            raise ValueError(f"{args.address!r} is not host or host:port")
        open_lobby(app, parsed[0], parsed[1], args.address, attach)
    else:
        _find_kept_seats(app, args, attach, automatic=True)


def _find_kept_seats(app: App, args: argparse.Namespace, attach: Any, automatic: bool, skip: Any = ()) -> None:
    """Ask the hosts of the seats kept from earlier windows whether their tables still play; offer what is
    live ("Back to your seat at ..."), and with `automatic` take it when it is the only one."""
    from .rejoin import SeatFinder, offer

    store = SeatStore()
    if not store.all():
        return
    finder = SeatFinder(store, skip).start()

    def take(seat: KeptSeat) -> None:
        open_lobby(app, seat.address, seat.port, f"{seat.address}:{seat.port}", attach)

    def when_found(app: App, _surface: object) -> None:
        if not finder.done:
            return
        app.frame_hooks.remove(when_found)
        if automatic and len(finder.live) == 1:
            take(finder.live[0])
        elif finder.live:
            offer(app, finder.live, take, lambda: None)

    app.frame_hooks.append(when_found)


def _open_hot_seat(app: App, args: argparse.Namespace, attach: Any) -> None:
    """Named on the command line, or (a number of players in a window) named on a small form first."""
    from .scenes.hot_seat_setup import HotSeatSetupScene

    given = list(args.hot_seat)
    scenario = getattr(args, "loaded_scenario", None)
    if scenario is not None and len(given) > len(scenario.seats):
        raise ValueError(f"{len(given)} players for the {len(scenario.seats)} seats of {args.scenario}")
    if scenario is not None:  # the scenario names its seats: those names, unless the players bring their own
        defaults = [s.name for s in scenario.seats[: len(given)]]
    else:
        defaults = [app.settings.name if i == 0 else f"Player {i + 1}" for i in range(len(given))]
    names = [name or default for name, default in zip(given, defaults, strict=True)]
    if all(given) or args.autoplay or app.headless:
        _start_hot_seat(app, args, attach, names)
    else:
        app.push(HotSeatSetupScene(app, names, lambda chosen: _start_hot_seat(app, args, attach, chosen)))


def _start_hot_seat(app: App, args: argparse.Namespace, attach: Any, names: list[str]) -> None:
    import random

    from ..shared.rules.base import SeatSetup
    from ..shared.rules.registry import ruleset
    from .scenes.munchkin_table import MunchkinScene
    from .scenes.wonderland_board import WonderlandScene
    from .session import LocalSession

    humans = len(names)
    seats = max(args.seats, humans)  # five names at a table of four: the table grows, nobody is left out
    setups = tuple(
        SeatSetup(names[i] if i < humans else f"Bot {i + 1}", "female" if i % 2 else "male") for i in range(seats)
    )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 62)
    packs, options, arranged = tuple(_packs(args)), parse_options(args.options), None
    scenario = getattr(args, "loaded_scenario", None)
    if scenario is not None:  # the same file again, with the players' names in their seats
        from ..shared.rules.scenario import rebuild

        names_at = tuple(names[i] if i < humans else s.name for i, s in enumerate(scenario.seats))
        scenario = rebuild(scenario.kept(), names_at)
        setups, packs, options, arranged = scenario.seats, scenario.packs, None, scenario.state
    session = LocalSession(
        ruleset(args.game),
        setups,
        seed,
        range(humans),
        packs,
        options,
        bot_delay=_bot_pace(app, args),
        bot_level=args.bot_level,
        state=arranged,
    )
    scene_type = WonderlandScene if args.game == "wonderland" else MunchkinScene
    scene = scene_type(app, session)
    if app.top is not None and app.top.name == "hot_seat_setup":
        app.replace(scene)
    else:
        app.push(scene)
    attach(scene)


def _open_replay(app: App, args: argparse.Namespace, attach: Any) -> None:
    from .replay import ReplaySession, load_replay
    from .scenes.munchkin_table import MunchkinScene
    from .scenes.wonderland_board import WonderlandScene

    record, actions = load_replay(args.path)
    session = ReplaySession(record, actions, args.seat, delay=1.0 / max(0.1, args.speed * 1.25))
    scene_type = WonderlandScene if session.game == "wonderland" else MunchkinScene
    scene = scene_type(app, session)
    app.push(scene)
    attach(scene)
    scene.autoplayer = None  # nothing to play in a replay
    if args.quit_after_turns is None and app.headless:
        scene.quit_after_turns = 10_000
        app.frame_hooks.append(lambda a, _s: a.quit() if session.paused else None)
