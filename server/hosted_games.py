"""Where a table's game runs, and what becomes of it when it is over: its save goes to the history, the host's
secret is revealed, the result stays listed a while, and a finished game can be brought back to be looked at."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ..shared import protocol as p
from ..shared.fairness import view_state
from ..shared.rules.base import RuleError, Ruleset
from .fairness import reveal_message
from .lobby_room import LobbyRoom
from .match import Match
from .rebuild import replay
from .store import ACTIONS, ActionLog
from .tables import Client, ServerError, Table
from .workers import RemoteMatch

log = logging.getLogger(__name__)

RECORD_EVERY = 32  # a game's record (with the acknowledged count) is saved again every this many actions
RESULT_CHECK = 20.0  # how often a finished table is looked at: is anyone still there, is its time up


class HostedGames(LobbyRoom):
    """The lobby's games: hosted here or in a worker, finished, revealed, kept as results, brought back."""

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
        except Exception as exc:  # any fault in one finished save must not end this task unanswered: the asker is told
            log.warning(
                "finished table %s cannot be shown again: %s: %s", table_id, type(exc).__name__, exc, exc_info=True
            )
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
