"""The lobby: tables, seats and tokens, spectators, chat, readiness, and starting or resuming a game."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..shared import protocol as p
from ..shared.bots import LEVELS
from ..shared.fairness import view_state
from ..shared.rules.base import SEXES, RuleError, Ruleset, SeatSetup
from ..shared.rules.scenario import Scenario
from .bot_pool import BotPool
from .config import ServerConfig
from .fairness import FIXED_SEED, SCENARIO, SeedRound, reveal_message, unverifiable
from .limits import AddressLimits
from .match import Match
from .names import clean_chat, clean_name, unique_name
from .offer import Offer
from .packs_served import ServedPacks
from .rebuild import first_state, replay
from .store import ACTIONS, ActionLog, Saved, Store
from .tables import (
    BOT,
    COLOURS,
    HUMAN,
    OPEN,
    Client,
    Seat,
    ServerError,
    Table,
    hash_password,
    new_token,
    password_matches,
)
from .workers import RemoteMatch, WorkerPool

log = logging.getLogger(__name__)

RulesetLookup = Callable[[str], Ruleset[Any]]
RECORD_EVERY = 32  # a game's record (with the acknowledged count) is saved again every this many actions
RESULT_CHECK = 20.0  # how often a finished table is looked at: is anyone still there, is its time up
# Requests that cost the host a lookup or more; they share each address's lobby budget (limits.py).
LOBBY_REQUESTS = frozenset(
    {p.LIST_TABLES, p.CREATE_TABLE, p.JOIN_TABLE, p.RESUME, p.WATCH, p.SET_PLAYER, p.SET_TABLE, p.LEAVE, p.RESYNC}
)


def _bot_level(level: Any) -> str:
    if level not in LEVELS:
        raise ServerError("bad_bot_level", f"bots play at one of {', '.join(LEVELS)}, not {level!r}")
    return str(level)


def table_name(wanted: str | None, owner: str, taken: set[str]) -> str:
    """A table's name: the one asked for, else "<owner>'s table" (the owner's name shortened so that it fits),
    then numbered ("Alice's table 2") until no other table here has it, letter case aside."""
    if wanted:
        base = clean_name(wanted)
    else:
        suffix = "'s table"
        room = p.MAX_NAME_LENGTH - len(suffix) - 3  # room left for a number after it
        short = owner if len(owner) <= room else owner[: room - 1].rstrip() + "…"
        base = short + suffix
    return unique_name(base, taken)


class Lobby:
    """Every table on this host and every connected client; requests come in through `handle`."""

    def __init__(
        self,
        config: ServerConfig,
        store: Store,
        rulesets: RulesetLookup,
        games: list[str],
        on_change: Callable[[], None] | None = None,
        limits: AddressLimits | None = None,
    ) -> None:
        self.config = config
        self.limits = limits if limits is not None else AddressLimits(config)
        # Password hashing (~13 ms of CPU each) runs here, one at a time, so that it never stalls the event loop
        # and guessing clients share one worker rather than every core.
        self._passwords = ThreadPoolExecutor(max_workers=1, thread_name_prefix="passwords")
        self.bot_pool = BotPool()  # hard bots think in worker processes, started when the first one thinks
        self._created_by: dict[str, str] = {}  # table id -> the address that created it
        self.store = store
        self.rulesets = rulesets
        self.games = games
        self.on_change = on_change
        # boards and packs by name only: nothing a client sends reaches the file system
        self.offer = Offer.load(config.boards, config.packs)
        self.served = ServedPacks(self.offer.packs.values())  # the packs offered here, also by hash
        self.tables: dict[str, Table] = {}
        self.clients: set[Client] = set()
        self.browsers: set[Client] = set()  # clients looking at the table list
        self._push_pending = False
        self._tasks: set[asyncio.Task[None]] = set()  # matches closing, finished games read back
        self.rounds: dict[str, SeedRound] = {}  # table id -> its seed being made before the deal
        self.workers: WorkerPool | None = None  # the worker processes games run in (server/workers.py), if any

    # -- start and stop -------------------------------------------------------------------------------
    def restore(self) -> None:
        """Bring back every unfinished table from disk; started games are replayed from their action log."""
        for saved in self.store.load():
            if saved.record.get("finished"):
                self.store.finish(saved.folder.name, None)  # the host stopped before moving it to the history
                continue
            table = self._rebuild(saved)
            if table is None:
                continue
            self.store.save_record(table.id, table.record())  # counting the actions as they replayed
            self.tables[table.id] = table
            for seat in table.seats:
                if seat.kind == HUMAN and not seat.stand_in:
                    self._start_away_clock(table, seat)
            log.info(
                "resumed table %s (%s, %d actions)",
                table.id,
                table.game,
                table.match.seq if table.match is not None else 0,
            )

    def _rebuild(self, saved: Saved) -> Table | None:
        """A table and its game from its save; one that cannot be used is set aside, the host goes on."""
        try:
            table = Table.from_record(saved.record)
            if table.started:
                replayed = replay(self.rulesets(table.game), table, self.offer, saved.reading)
                self.store.repair(saved, replayed.actions, replayed.rebuilt)  # says what the log lost, if anything
                self._resume_match(table, replayed.state, len(replayed.actions))
        except Exception as exc:  # a save from an older engine must not stop the host, nor be lost
            kept = self.store.set_aside(saved.folder, f"cannot resume: {type(exc).__name__}: {exc}")
            log.warning(
                "cannot resume table %s (%s: %s); its save is kept in %s",
                saved.folder.name,
                type(exc).__name__,
                exc,
                kept,
            )
            return None
        return table

    def _resume_match(self, table: Table, state: Any, seq: int) -> None:
        table.match = self._host_match(table, self.rulesets(table.game), state, seq)
        table.match.start()

    def _host_match(self, table: Table, ruleset: Ruleset[Any], state: Any, seq: int) -> Match | RemoteMatch:
        """A game in play goes to a worker process when the host has them (it opens the game from its save) and
        already runs `local_games` games itself; otherwise, and for a finished game shown again, it runs here."""
        here = sum(isinstance(t.match, Match) and not t.finished for t in self.tables.values())
        if self.workers is not None and not table.finished and here >= self.config.local_games:
            return self.workers.host(table, seq, self._finished, self._progressed)
        action_log = self.store.open_log(table.id) if not table.finished else None
        return Match(
            table, ruleset, state, seq, action_log, self.config, self._finished, self._progressed, self.bot_pool
        )

    async def close(self) -> None:
        for table in self.tables.values():
            for seat in table.seats:
                if seat.away_timer is not None:
                    seat.away_timer.cancel()
            if table.match is not None:
                await table.match.close()
            if not table.finished:
                self.store.save_record(table.id, table.record())  # with the count of actions acknowledged
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self._passwords.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(self.bot_pool.close)
        await asyncio.to_thread(self.store.close)

    # -- connections ----------------------------------------------------------------------------------
    def add(self, client: Client) -> None:
        self.clients.add(client)

    def remove(self, client: Client) -> None:
        """A connection is gone: a seated player keeps the seat for the reconnect window."""
        self.clients.discard(client)
        self.browsers.discard(client)
        table = client.table
        if table is None:
            return
        if client.seat is None:
            table.spectators.discard(client)
        else:
            seat = table.seats[client.seat]
            if seat.client is client:
                seat.client = None
                if table.match is not None:
                    table.match.forget(seat.index)
                self._start_away_clock(table, seat, abandoned=self._abandoned(table, seat))
        client.table, client.seat = None, None
        self._changed(table)

    def _abandoned(self, table: Table, seat: Seat) -> bool:
        """A table before its start that nobody else joined: its dropped creator's seat is freed soon (and the
        table with it), so that connect-create-drop cannot fill the host with empty tables."""
        return (
            not table.started
            and not table.spectators
            and not any(s.kind == HUMAN and s is not seat for s in table.seats)
        )

    def _start_away_clock(self, table: Table, seat: Seat, abandoned: bool = False) -> None:
        if seat.away_timer is not None:
            seat.away_timer.cancel()
        loop = asyncio.get_running_loop()
        window = (
            min(self.config.abandoned_window, self.config.reconnect_window)
            if abandoned
            else self.config.reconnect_window
        )
        seat.away_timer = loop.call_later(window, self._away_too_long, table, seat)

    def _away_too_long(self, table: Table, seat: Seat) -> None:
        seat.away_timer = None
        if seat.client is not None or seat.kind != HUMAN or table.id not in self.tables:
            return
        if table.started:
            seat.stand_in = True
            if table.match is not None:
                table.match.seat_changed()
        else:
            self._free_seat(table, seat)
        self._changed(table)

    # -- requests -------------------------------------------------------------------------------------
    def handle(self, client: Client, message: p.Message) -> Awaitable[None] | None:
        """Carry out one request; refusals raise ServerError or RuleError and change nothing. A request that
        needs a password checked returns what to await (the check runs in a worker, off the event loop)."""
        handler = getattr(self, "_on_" + message.type, None)
        if handler is None:
            raise ServerError("unexpected", f"{message.type} is not a request")
        if message.type in LOBBY_REQUESTS:
            self._spend(client, "lobby")
        result: Awaitable[None] | None = handler(client, message)
        return result

    def _spend(self, client: Client, kind: str) -> None:
        self.limits.spend(getattr(client, "address", ""), kind)

    def _on_ping(self, client: Client, message: p.Message) -> None:
        client.send(p.message(p.PONG, message.id))

    def _on_pong(self, client: Client, message: p.Message) -> None:
        pass  # any traffic keeps the connection alive; the network layer already noted it

    def _on_list_tables(self, client: Client, message: p.Message) -> None:
        if client.table is None:
            self.browsers.add(client)
        client.send(p.message(p.TABLES, message.id, tables=self._summaries()))

    def _on_create_table(self, client: Client, message: p.Message) -> Awaitable[None] | None:
        password = message.get("password")
        if not password:
            self._create_table(client, message, None)
            return None
        self._checks_before_create(client)
        self._spend(client, "password")
        return self._create_with_password(client, message, password)

    async def _create_with_password(self, client: Client, message: p.Message, password: str) -> None:
        digest = await asyncio.get_running_loop().run_in_executor(self._passwords, hash_password, password)
        self._create_table(client, message, digest)

    def _checks_before_create(self, client: Client) -> None:
        self._not_at_a_table(client)
        if sum(1 for t in self.tables.values() if not t.finished) >= self.config.max_tables:
            raise ServerError("too_many_tables", f"this host holds at most {self.config.max_tables} tables")
        address = getattr(client, "address", "")
        mine = [t for t, a in self._created_by.items() if a == address]
        for table_id in mine:
            if table_id not in self.tables or self.tables[table_id].started:
                del self._created_by[table_id]  # gone, or playing: no longer a table waiting for players
        waiting = sum(1 for t in mine if t in self._created_by)
        if waiting >= self.config.max_tables_per_address:
            raise ServerError(
                "too_many_tables", f"one address may open at most {self.config.max_tables_per_address} tables at a time"
            )

    def _create_table(self, client: Client, message: p.Message, password_hash: str | None) -> None:
        self._checks_before_create(client)
        game = message.get("game")
        if game not in self.games:
            raise ServerError("unknown_game", f"this host offers {', '.join(self.games)}, not {game!r}")
        count, bots = message.get("seats"), message.get("bots", 0)
        if not 2 <= count <= 6:
            raise ServerError("bad_seats", "a table has 2 to 6 seats")
        if not 0 <= bots < count:
            raise ServerError("bad_bots", f"between 0 and {count - 1} bots at a table of {count}")
        packs = self.offer.packs_for(game, message.get("packs", []))
        self.offer.check_options(game, message.get("options"))
        bot_level = _bot_level(message.get("bot_level", "normal"))
        self.check_setup(game, count, packs, message.get("options"))
        table = Table(
            id=secrets.token_hex(4),
            name=table_name(message.get("name"), client.name, {t.name for t in self.tables.values()}),
            game=game,
            seats=[Seat(i) for i in range(count)],
            options=message.get("options"),
            packs=packs,
            bot_level=bot_level,
            password_hash=password_hash,
        )
        self._seat_player(table, table.seats[0], client, message)  # first: the colour asked for is still free
        for i in range(count - bots, count):
            table.seats[i] = Seat(i, BOT, f"Bot {i + 1}", SEXES[i % 2], table.free_colour(), ready=True)
        self.tables[table.id] = table
        self._created_by[table.id] = getattr(client, "address", "")
        self._changed(table)

    def check_setup(self, game: str, seats: int, packs: Sequence[str], options: Any) -> None:
        """Refuse packs (`bad_packs`) or options (`bad_options`) the game cannot start with, when the table is
        created or changed rather than at its start: the engine sets up a game with them and says why not."""
        ruleset = self.rulesets(game)
        players = tuple(SeatSetup(f"Seat {i + 1}", SEXES[i % 2]) for i in range(seats))
        engine_packs = self.offer.engine_packs(packs)
        try:
            ruleset.new_game(players, 0, engine_packs, None)
        except Exception as exc:  # whatever the engine raises names what is wrong
            raise ServerError("bad_packs", f"these packs cannot make a game of {seats}: {exc}") from exc
        if options is None:
            return
        try:
            ruleset.new_game(players, 0, engine_packs, self.offer.engine_options(options))
        except Exception as exc:
            raise ServerError("bad_options", f"these options cannot make a game: {exc}") from exc

    def _on_set_table(self, client: Client, message: p.Message) -> None:
        """The creator changes seats, bots, packs or options before the start; other players must ready again."""
        table, me = self._my_seat(client)
        if me.index != table.creator:
            raise ServerError("not_creator", "only the table's creator changes its settings")
        if table.scenario is not None:
            raise ServerError("scenario_table", "the scenario file fixes this table's seats, packs and options")
        if table.started or table.id in self.rounds:
            raise ServerError("already_started", "the game has started")
        count = message.get("seats", len(table.seats))
        if not 2 <= count <= 6:
            raise ServerError("bad_seats", "a table has 2 to 6 seats")
        left_out = [s.name for s in table.seats[count:] if s.kind == HUMAN]
        if left_out:
            raise ServerError("bad_seats", f"{', '.join(left_out)} would lose their seat at a table of {count}")
        free = [i for i in range(count) if i >= len(table.seats) or table.seats[i].kind != HUMAN]
        bots = message.get("bots", sum(1 for s in table.seats[:count] if s.kind == BOT))
        if not 0 <= bots <= len(free) or bots >= count:
            raise ServerError("bad_bots", f"between 0 and {min(len(free), count - 1)} bots at this table")
        packs = self.offer.packs_for(table.game, message.get("packs", list(table.packs)))
        if "options" in message.fields:
            self.offer.check_options(table.game, message.get("options"))
        bot_level = _bot_level(message.get("bot_level", table.bot_level))
        self.check_setup(table.game, count, packs, message.get("options", table.options))
        old = table.seats
        table.seats = [old[i] if i < len(old) and old[i].kind == HUMAN else Seat(i) for i in range(count)]
        chosen = free[len(free) - bots :]
        for i in chosen:  # bots that stay keep their colour; new ones take what is free after them
            if i < len(old) and old[i].kind == BOT:
                table.seats[i] = old[i]
        for i in chosen:
            if table.seats[i].kind != BOT:
                table.seats[i] = Seat(i, BOT, f"Bot {i + 1}", SEXES[i % 2], table.free_colour(), ready=True)
        table.packs = tuple(packs)
        table.bot_level = bot_level
        if "options" in message.fields:
            table.options = message.get("options")
        for seat in table.seats:
            if seat.kind == HUMAN and seat is not me:
                seat.ready = False  # they agreed to another table
        client.send(p.message(p.OK, message.id))
        self._changed(table)

    def _on_join_table(self, client: Client, message: p.Message) -> Awaitable[None] | None:
        table = self._joinable(client, message)
        if table.password_hash is None:
            self._join_table(client, message)
            return None
        return self._after_password(client, table, message, self._join_table)

    def _joinable(self, client: Client, message: p.Message) -> Table:
        self._not_at_a_table(client)
        table = self._table(message.get("table"))
        if table.started:
            raise ServerError("already_started", "the game has started: resume with your token, or watch")
        return table

    async def _after_password(
        self, client: Client, table: Table, message: p.Message, then: Callable[[Client, p.Message], None]
    ) -> None:
        """Check the password in the worker, then carry on (from the start: the table may have changed)."""
        self._spend(client, "password")
        stored, attempt = table.password_hash or "", message.get("password") or ""
        loop = asyncio.get_running_loop()
        if not await loop.run_in_executor(self._passwords, password_matches, stored, attempt):
            raise ServerError("bad_password", "wrong password for this table")
        then(client, message)

    def _join_table(self, client: Client, message: p.Message) -> None:
        table = self._joinable(client, message)
        wanted = message.get("seat")
        if wanted is None:
            seat = next((s for s in table.seats if s.kind == OPEN), None)
            if seat is None:
                raise ServerError("table_full", "no open seat at this table")
        elif not 0 <= wanted < len(table.seats) or table.seats[wanted].kind != OPEN:
            raise ServerError("seat_taken", f"seat {wanted} is not open")
        else:
            seat = table.seats[wanted]
        self._seat_player(table, seat, client, message)
        self._changed(table)

    def _seat_player(self, table: Table, seat: Seat, client: Client, message: p.Message) -> None:
        sex = message.get("sex", "male")
        if sex not in SEXES:
            raise ServerError("bad_sex", f"sex is one of {', '.join(SEXES)}")
        colour = message.get("colour")
        if colour is not None and colour not in COLOURS:
            raise ServerError("bad_colour", f"colour is one of {', '.join(COLOURS)}")
        name = unique_name(client.name, {s.name for s in table.seats if s is not seat and s.kind != OPEN})
        seat.kind, seat.name, seat.sex, seat.colour = HUMAN, name, sex, table.free_colour(colour)
        client.name = name
        seat.token, seat.ready, seat.client, seat.stand_in = new_token(), False, client, False
        self._bind(client, table, seat.index)
        client.send(p.message(p.SEATED, message.id, table=table.id, seat=seat.index, token=seat.token))

    def _on_resume(self, client: Client, message: p.Message) -> None:
        if self._from_history(client, message, self._on_resume):
            return
        table = self._table(message.get("table"))
        seat = table.seat_with_token(message.get("token"))
        if seat is None or seat.kind != HUMAN:
            raise ServerError("bad_token", "that token holds no seat at this table")
        if client.table is not None and (client.table is not table or client.seat != seat.index):
            raise ServerError("already_at_table", "leave your table first")
        previous = seat.client
        if previous is not None and previous is not client:
            previous.table, previous.seat = None, None
            previous.close("your seat was taken over by a newer connection")
        if seat.away_timer is not None:
            seat.away_timer.cancel()
            seat.away_timer = None
        seat.client, seat.stand_in = client, False
        self._bind(client, table, seat.index)
        client.send(p.message(p.SEATED, message.id, table=table.id, seat=seat.index, token=seat.token))
        if table.match is not None:
            table.match.send_snapshot(client, seat.index)
            table.match.seat_changed()
        if table.finished:
            self._reveal_soon(table, [client])
        self._changed(table)

    def _on_watch(self, client: Client, message: p.Message) -> Awaitable[None] | None:
        self._not_at_a_table(client)
        if self._from_history(client, message, self._on_watch):  # then back here, to the password if it has one
            return None
        table = self._table(message.get("table"))
        if table.password_hash is None:
            self._watch(client, message)
            return None
        return self._after_password(client, table, message, self._watch)

    def _watch(self, client: Client, message: p.Message) -> None:
        self._not_at_a_table(client)
        table = self._table(message.get("table"))
        table.spectators.add(client)
        self._bind(client, table, None)
        client.send(p.message(p.WATCHING, message.id, table=table.id))
        if table.match is not None:
            table.match.send_snapshot(client, None)
        if table.finished:
            self._reveal_soon(table, [client])
        self._changed(table)

    def _on_set_player(self, client: Client, message: p.Message) -> None:
        table, seat = self._my_seat(client)
        if table.started:
            raise ServerError("already_started", "names and colours are fixed once the game starts")
        name = clean_name(message.get("name")) if "name" in message.fields else seat.name
        others = {s.name.casefold() for s in table.seats if s is not seat and s.kind != OPEN}
        if name.casefold() in others:
            raise ServerError("bad_name", f"someone at this table is called {name} already")
        sex = message.get("sex", seat.sex)
        if sex not in SEXES:
            raise ServerError("bad_sex", f"sex is one of {', '.join(SEXES)}")
        colour = message.get("colour", seat.colour)
        if colour not in COLOURS:
            raise ServerError("bad_colour", f"colour is one of {', '.join(COLOURS)}")
        if any(s.colour == colour for s in table.seats if s is not seat and s.kind != OPEN):
            raise ServerError("colour_taken", f"{colour} is taken at this table")
        seat.name, seat.sex, seat.colour = name, sex, colour
        client.name = name
        client.send(p.message(p.OK, message.id))
        self._changed(table)

    def _on_ready(self, client: Client, message: p.Message) -> None:
        table, seat = self._my_seat(client)
        if table.started:
            raise ServerError("already_started", "the game has started")
        seat.ready = message.get("ready")
        client.send(p.message(p.OK, message.id))
        self._changed(table)

    def _on_start(self, client: Client, message: p.Message) -> None:
        table, seat = self._my_seat(client)
        if seat.index != table.creator:
            raise ServerError("not_creator", "only the table's creator starts the game")
        if table.started:
            raise ServerError("already_started", "the game has started")
        opened = [s for s in table.seats if s.kind == OPEN]
        if opened and not message.get("fill_with_bots", False):
            raise ServerError("seats_open", f"{len(opened)} seat(s) open: wait, or start with fill_with_bots")
        waiting = [s.name for s in table.seats if s.kind == HUMAN and not s.ready and s is not seat]
        if waiting:
            raise ServerError("not_ready", f"not ready yet: {', '.join(waiting)}")
        ruleset = self.rulesets(table.game)
        if table.id in self.rounds:
            raise ServerError("already_started", "the game is starting: the seed is being made")
        if self.config.seed is not None or table.scenario is not None:
            fairness = unverifiable(FIXED_SEED if table.scenario is None else SCENARIO)
            self._deal(table, seat, self.config.seed or 0, fairness, lambda: client.send(p.message(p.OK, message.id)))
            return
        try:  # the game must be able to start before anyone is asked for dice
            first_state(ruleset, table, self.offer, self._seats_as_dealt(table), 0)
        except Exception as exc:  # bad options or packs: the engine's reason goes back to the creator
            raise ServerError("bad_options", f"the game cannot start: {exc}") from exc
        seed_round = self.rounds[table.id] = SeedRound(table)
        seed_round.ask(self.config.contribution_timeout)
        task = asyncio.get_running_loop().create_task(self._seed_round(seed_round, seat, client, message.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _seed_round(self, seed_round: SeedRound, creator: Seat, client: Client, request: Any) -> None:
        """Wait for the players' contributions (the late ones are counted missing), then deal; the creator's
        `ok` comes with the deal, so the game has started when it arrives (the connection is not held)."""
        table = seed_round.table
        try:
            await seed_round.wait(self.config.contribution_timeout)
        finally:
            self.rounds.pop(table.id, None)
        if self.tables.get(table.id) is not table or table.started:
            return  # everybody left meanwhile
        seed, fairness = seed_round.record()
        try:
            self._deal(table, creator, seed, fairness, lambda: client.send(p.message(p.OK, request)))
        except ServerError as exc:
            client.send(p.message(p.ERROR, request, code=exc.code, message=str(exc)))
            return
        late = [table.seats[i].name for i in sorted(seed_round.asked) if i not in seed_round.got]
        if late:  # the host says so at once; the reveal lists those seats as missing
            text = (
                f"Dealt without the dice of {', '.join(late)}: none came within {self.config.contribution_timeout:g} s"
            )
            notice = p.encode(
                p.message(p.CHAT, scope="table", text=text, table=table.id, seat=None, **{"from": self.config.name})
            )
            for viewer in table.clients():
                viewer.send_frame(notice)

    def _seats_as_dealt(self, table: Table) -> list[Seat]:
        return [
            Seat(s.index, BOT, f"Bot {s.index + 1}", SEXES[s.index % 2], ready=True) if s.kind == OPEN else s
            for s in table.seats
        ]

    def _deal(self, table: Table, seat: Seat, seed: int, fairness: dict[str, Any], reply: Callable[[], None]) -> None:
        ruleset = self.rulesets(table.game)
        seats = self._seats_as_dealt(table)
        try:
            state = first_state(ruleset, table, self.offer, seats, seed)
        except Exception as exc:  # bad options or packs: the engine's reason goes back to the creator
            raise ServerError("bad_options", f"the game cannot start: {exc}") from exc
        table.seats = seats
        self._assign_colours(table)
        seat.ready = True
        table.seed, table.started, table.fairness = seed, True, fairness
        table.sources = self.offer.sources(table.packs, table.options)
        self.store.save_record(table.id, table.record())
        table.match = self._host_match(table, ruleset, state, 0)
        reply()
        # The seats as they start (open ones now bots, with colours) reach everyone before the first snapshot,
        # so a game screen opens with the names and colours the lobby showed.
        self._changed(table)
        for viewer in table.clients():
            self.browsers.discard(viewer)
            table.match.send_snapshot(viewer, viewer.seat)
        table.match.start()

    def _on_contribute(self, client: Client, message: p.Message) -> None:
        seed_round = self.rounds.get(client.table.id) if client.table is not None else None
        if seed_round is None and client.table is not None and client.table.started:
            return  # too late, not wrong: the deal went on without it and the reveal says so
        if seed_round is None:
            raise ServerError("no_seed_round", "no seed is being made at your table now")
        seed_round.take(client, message.get("contribution"))
        client.send(p.message(p.OK, message.id))

    def open_scenario(self, scenario: Scenario, owner: str) -> tuple[str, str]:
        """A table arranged by a scenario file the host's own player gave on their command line (never by a
        client: the file is read by the host's process). Seat 0 is kept for that player, who sits down with the
        token returned (`resume`); the other seats are open. Returns the table id and that token."""
        if len(self.tables) >= self.config.max_tables:
            raise ServerError("too_many_tables", f"this host holds at most {self.config.max_tables} tables")
        wanted = scenario.name or f"{owner}'s scenario"
        table = Table(
            id=secrets.token_hex(4),
            name=table_name(wanted, owner, {t.name for t in self.tables.values()}),
            game=scenario.game,
            seats=[Seat(i, sex=s.sex) for i, s in enumerate(scenario.seats)],
            packs=tuple(scenario.packs),
            options=scenario.options,  # shown in the lobby; the game takes its options from the file
            scenario=scenario.kept(),
        )
        host = table.seats[0]
        host.kind, host.name, host.colour, host.token = HUMAN, clean_name(owner), table.free_colour(), new_token()
        self.tables[table.id] = table
        self._changed(table)
        return table.id, host.token

    def _on_leave(self, client: Client, message: p.Message) -> None:
        table = client.table
        if table is None:
            raise ServerError("not_at_table", "you are not at a table")
        if client.seat is None:
            table.spectators.discard(client)
        else:
            seat = table.seats[client.seat]
            seat.client = None
            if table.started:
                seat.stand_in = True  # the token stays valid: the player may come back
                if table.match is not None:
                    table.match.forget(seat.index)
                    table.match.seat_changed()
            else:
                self._free_seat(table, seat)
        client.table, client.seat = None, None
        client.send(p.message(p.LEFT, message.id, table=table.id))
        self._changed(table)

    def _on_chat(self, client: Client, message: p.Message) -> None:
        text = clean_chat(message.get("text"))
        if not text:
            raise ServerError("empty_chat", "say something")
        self._spend(client, "chat")
        scope = message.get("scope") or ("table" if client.table is not None else "lobby")
        if scope == "lobby":
            out = p.encode(p.message(p.CHAT, scope="lobby", text=text, **{"from": client.name}))
            for other in list(self.clients):
                other.send_frame(out)
        elif scope == "table":
            table = client.table
            if table is None:
                raise ServerError("not_at_table", "table chat needs a table")
            out = p.encode(
                p.message(p.CHAT, scope="table", text=text, table=table.id, seat=client.seat, **{"from": client.name})
            )
            for other in table.clients():
                other.send_frame(out)
        else:
            raise ServerError("bad_scope", "chat scope is 'lobby' or 'table'")

    def _on_action(self, client: Client, message: p.Message) -> None:
        table = client.table
        if table is None or client.seat is None:
            raise ServerError("not_seated", "take or resume a seat first")
        seat = table.seat_with_token(message.get("token"))
        if seat is None or seat.index != client.seat:
            raise ServerError("bad_token", "that is not your seat's token")
        if table.match is None:
            raise ServerError("not_started", "the game has not started")
        table.match.submit(client, seat.index, message.get("action"), message.id)

    def _on_hold(self, client: Client, message: p.Message) -> None:
        table = client.table
        if table is None or client.seat is None:
            raise ServerError("not_seated", "take or resume a seat first")
        if table.match is None:
            raise ServerError("not_started", "the game has not started")
        table.match.hold(client.seat)
        client.send(p.message(p.OK, message.id))

    def _on_get_pack(self, client: Client, message: p.Message) -> None:
        self.served.send_pack(client, message)

    def _on_get_picture(self, client: Client, message: p.Message) -> None:
        self.served.send_picture(client, message)

    def _on_resync(self, client: Client, message: p.Message) -> None:
        table = client.table
        if table is None or table.match is None:
            raise ServerError("not_started", "no game to resync")
        table.match.send_snapshot(client, client.seat, message.id)

    def _from_history(
        self, client: Client, message: p.Message, then: Callable[[Client, p.Message], Awaitable[None] | None]
    ) -> bool:
        """A finished game no longer listed (or from before a restart) is brought back from the history, off
        the loop, before `then` answers the request; False when the table is here or was never finished."""
        table_id = message.get("table")
        here = self.tables.get(table_id)
        if (here is not None and here.match is not None) or not self.store.is_finished(table_id):
            return False
        task = asyncio.get_running_loop().create_task(self._bring_back(client, message, then))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return True

    async def _bring_back(
        self, client: Client, message: p.Message, then: Callable[[Client, p.Message], Awaitable[None] | None]
    ) -> None:
        table_id = message.get("table")
        saved = await asyncio.wrap_future(self.store.disk.call(lambda: self.store.load_finished(table_id)))
        try:
            if saved is None:
                raise ServerError("no_such_table", f"no table {table_id!r} here")
            table = Table.from_record(saved.record)
            replayed = await asyncio.to_thread(replay, self.rulesets(table.game), table, self.offer, saved.reading)
        except Exception as exc:
            log.warning("finished table %s cannot be shown again: %s: %s", table_id, type(exc).__name__, exc)
            client.send(p.message(p.ERROR, message.id, code="no_such_table", message=f"no table {table_id!r} here"))
            return
        here = self.tables.get(table_id)
        if here is None or here.match is None:  # else someone else's request brought it back meanwhile
            self._resume_match(table, replayed.state, len(replayed.actions))
            self.tables[table_id] = table
            self._keep_as_result(table)
        if client not in self.clients:
            return  # gone while the game was read
        try:
            answering = then(client, message)  # watching a table with a password first checks the password
            if answering is not None:
                await answering
        except (ServerError, RuleError) as exc:
            client.send(p.message(p.ERROR, message.id, code=exc.code, message=str(exc)))

    # -- helpers --------------------------------------------------------------------------------------
    def _table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ServerError("no_such_table", f"no table {table_id!r} here")
        return table

    def _my_seat(self, client: Client) -> tuple[Table, Seat]:
        table = client.table
        if table is None or client.seat is None:
            raise ServerError("not_seated", "you do not sit at a table")
        return table, table.seats[client.seat]

    def _not_at_a_table(self, client: Client) -> None:
        if client.table is not None:
            raise ServerError("already_at_table", "leave your table first")

    def _bind(self, client: Client, table: Table, seat: int | None) -> None:
        client.table, client.seat = table, seat
        # Someone waiting at a table still sees the table list change beside it; a game in play does not need it.
        if table.started:
            self.browsers.discard(client)
        else:
            self.browsers.add(client)

    def _assign_colours(self, table: Table) -> None:
        for seat in table.seats:
            if not seat.colour:
                seat.colour = table.free_colour()

    def _free_seat(self, table: Table, seat: Seat) -> None:
        table.seats[seat.index] = Seat(seat.index)
        humans = [s for s in table.seats if s.kind == HUMAN]
        if not humans and not table.spectators:
            self.tables.pop(table.id, None)
            self._created_by.pop(table.id, None)
            self.store.delete(table.id)
        elif seat.index == table.creator and humans:
            table.creator = humans[0].index

    def _finished(self, table: Table, outcome: dict[str, Any], final_checksum: int | None = None) -> None:
        """A game is over: its save goes to the history; it leaves the table count, listed a while as a result.
        `final_checksum`: that of the last state, from the worker the game ran in."""
        table.finished, table.outcome = True, outcome
        if table.fairness is not None and table.fairness.get("verifiable") and table.match is not None:
            # what `doorkick verify` compares its replay's last state with, where no viewer's checksums are
            if isinstance(table.match, Match):
                final_checksum = p.checksum(view_state(table.match.ruleset, table.match.state, None))
            table.fairness = {**table.fairness, "final_checksum": final_checksum}
        self.store.finish(table.id, table.match.log if table.match is not None else None)
        self._changed(table)
        self._keep_as_result(table)
        self._reveal_soon(table)

    def _reveal_soon(self, table: Table, clients: list[Client] | None = None) -> None:
        """The game is over: everyone at the table (or `clients`, arriving later) gets the host's secret and
        the whole action log to check, read back from the history off the loop."""
        task = asyncio.get_running_loop().create_task(self._reveal(table, clients))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _reveal(self, table: Table, clients: list[Client] | None) -> None:
        path = self.store.history / table.id / ACTIONS
        actions = await asyncio.wrap_future(self.store.disk.call(lambda: ActionLog.read(path)))
        frame = p.encode(reveal_message(table, actions))
        for client in table.clients() if clients is None else clients:
            client.send_frame(frame)

    def _keep_as_result(self, table: Table, until: float | None = None) -> None:
        loop = asyncio.get_running_loop()
        until = loop.time() + self.config.results_kept if until is None else until
        loop.call_later(min(self.config.results_kept, RESULT_CHECK), self._tidy_result, table, until)

    def _tidy_result(self, table: Table, until: float) -> None:
        """Once nobody is at a finished table its game leaves memory (the history has it, and a resume or watch
        brings it back); after `results_kept` it leaves the list too."""
        if self.tables.get(table.id) is not table:
            return
        if table.clients():  # someone still looks at the result
            self._keep_as_result(table, until)
            return
        if table.match is not None:
            task = asyncio.get_running_loop().create_task(table.match.close())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            table.match = None
        if asyncio.get_running_loop().time() < until:
            self._keep_as_result(table, until)
            return
        del self.tables[table.id]
        for seat in table.seats:
            if seat.away_timer is not None:
                seat.away_timer.cancel()
                seat.away_timer = None
        self._changed(table)

    def _progressed(self, table: Table) -> None:
        if table.match is not None and table.match.seq % RECORD_EVERY == 0 and not table.finished:
            self.store.save_record(table.id, table.record())

    def _summaries(self) -> list[dict[str, Any]]:
        return [t.summary() for t in self.tables.values()]

    def _changed(self, table: Table) -> None:
        """Save the table, show everybody at it the new lobby state, and tell browsers and discovery soon."""
        if table.id in self.tables:
            self.store.save_record(table.id, table.record())
            shown = table.detail(asyncio.get_running_loop().time())
            shown["pack_files"] = self.served.offer(table.game, table.packs)  # what to ask for by hash
            detail = p.encode(p.message(p.TABLE, table=shown))
            for client in table.clients():
                client.send_frame(detail)
        if not self._push_pending:
            self._push_pending = True
            asyncio.get_running_loop().call_soon(self._push_tables)

    def _push_tables(self) -> None:
        self._push_pending = False
        if self.browsers:
            frame = p.encode(p.message(p.TABLES, tables=self._summaries()))
            for client in list(self.browsers):
                client.send_frame(frame)
        if self.on_change is not None:
            self.on_change()

    def open_tables(self) -> tuple[int, int]:
        """Tables waiting for players, and their free seats: what discovery advertises."""
        waiting = [t for t in self.tables.values() if not t.started]
        return len(waiting), sum(t.open_seats() for t in waiting)
