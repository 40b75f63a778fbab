"""The lobby: tables, seats and tokens, spectators, chat, readiness, and starting or resuming a game.

Its parts, one module each: the state they share (lobby_room.py), where games run and what becomes of them
(hosted_games.py), seats (seating.py), tables set up (table_setup.py) and the deal (dealing.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable

from ..shared import protocol as p
from .dealing import Dealing
from .names import clean_chat
from .rebuild import replay
from .store import Saved
from .table_setup import TableSetup
from .tables import HUMAN, Client, ServerError, Table

log = logging.getLogger(__name__)

# Requests that cost the host a lookup or more; they share each address's lobby budget (limits.py).
LOBBY_REQUESTS = frozenset(
    {p.LIST_TABLES, p.CREATE_TABLE, p.JOIN_TABLE, p.RESUME, p.WATCH, p.SET_PLAYER, p.SET_TABLE, p.LEAVE, p.RESYNC}
)


class Lobby(Dealing, TableSetup):
    """Every table on this host and every connected client; requests come in through `handle`."""

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
        except Exception as exc:  # any fault in one save (an older engine's, a damaged one) must not stop the host
            kept = self.store.set_aside(saved.folder, f"cannot resume: {type(exc).__name__}: {exc}")
            log.warning(
                "cannot resume table %s (%s: %s); its save is kept in %s",
                saved.folder.name,
                type(exc).__name__,
                exc,
                kept,
                exc_info=True,
            )
            return None
        return table

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

    def _on_ping(self, client: Client, message: p.Message) -> None:
        client.send(p.message(p.PONG, message.id))

    def _on_pong(self, client: Client, message: p.Message) -> None:
        pass  # any traffic keeps the connection alive; the network layer already noted it

    def _on_list_tables(self, client: Client, message: p.Message) -> None:
        if client.table is None:
            self.browsers.add(client)
        client.send(p.message(p.TABLES, message.id, tables=self._summaries()))

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
