"""What both games' parts of the big screen answer for the table's big moments (`table_moments` asks a table for
its moments, cards, scale and seat names): the big screen's own, since a spectator has no table of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..anim.moments import Moments
from ..catalog import Cards

if TYPE_CHECKING:
    from .big_screen import BigScreenScene


class ScreenPart:
    viewer = None  # nobody's seat: no hand and no panel of one's own

    def __init__(self, screen: BigScreenScene) -> None:
        self.screen = screen

    @property
    def moments(self) -> Moments:
        return self.screen.moments

    @property
    def cards(self) -> Cards:
        return self.screen.cards

    @property
    def ui_scale(self) -> float:
        return self.screen.ui_scale

    def seat_name(self, seat: int) -> str:
        return self.screen.seat_name(seat)
