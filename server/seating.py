"""Taking a seat and keeping it: joining (with the table's password), resuming with a token, watching, naming
and readying, leaving, and the window in which a dropped player's seat waits for them."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from ..shared import protocol as p
from ..shared.rules.base import SEXES
from .hosted_games import HostedGames
from .names import clean_name, unique_name
from .tables import COLOURS, HUMAN, OPEN, Client, Seat, ServerError, Table, new_token, password_matches


class Seating(HostedGames):
    """The lobby's seats: who sits where, who watches, and how long a seat waits for its player."""

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

    def _free_seat(self, table: Table, seat: Seat) -> None:
        table.seats[seat.index] = Seat(seat.index)
        humans = [s for s in table.seats if s.kind == HUMAN]
        if not humans and not table.spectators:
            self.tables.pop(table.id, None)
            self._created_by.pop(table.id, None)
            self.store.delete(table.id)
        elif seat.index == table.creator and humans:
            table.creator = humans[0].index
