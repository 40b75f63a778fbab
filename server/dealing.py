"""Starting a game: every seat ready, the seed made from the players' dice (or fixed), and the deal."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..shared import protocol as p
from ..shared.rules.base import SEXES, RuleError
from .fairness import FIXED_SEED, SCENARIO, SeedRound, unverifiable
from .hosted_games import HostedGames
from .rebuild import first_state
from .tables import BOT, HUMAN, OPEN, Client, Seat, ServerError, Table


class Dealing(HostedGames):
    """The lobby's deal: from a ready table to a game in play."""

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
        except (RuleError, ValueError) as exc:  # bad options or packs: the engine's reason goes back to the creator
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
        except (RuleError, ValueError) as exc:  # bad options or packs: the engine's reason goes back to the creator
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
