"""Opening a table and changing it before the start: its name, seats, bots, packs, options and password."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Sequence
from typing import Any

from ..shared import protocol as p
from ..shared.bots import LEVELS
from ..shared.rules.base import SEXES, RuleError, SeatSetup
from ..shared.rules.scenario import Scenario
from .names import clean_name, unique_name
from .seating import Seating
from .tables import BOT, HUMAN, Client, Seat, ServerError, Table, hash_password, new_token


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


class TableSetup(Seating):
    """The lobby's tables as their creators set them up (or a scenario file does)."""

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
        except (RuleError, ValueError) as exc:  # the engine refuses a setup with one of these, naming what is wrong
            raise ServerError("bad_packs", f"these packs cannot make a game of {seats}: {exc}") from exc
        if options is None:
            return
        try:
            ruleset.new_game(players, 0, engine_packs, self.offer.engine_options(options))
        except (RuleError, ValueError) as exc:
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
