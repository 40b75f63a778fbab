"""Text never overflows its box: it wraps, shrinks, and at worst ends with an ellipsis."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from doorkick.client.ui import theme
from doorkick.client.ui.text import fit, render_block, render_line

pygame.font.init()

words = st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFG!-+'", min_size=1, max_size=30), max_size=60)


@settings(max_examples=60, deadline=None)
@given(words, st.integers(20, 400), st.integers(12, 300), st.integers(9, 30))
def test_fitted_text_stays_inside_its_box(ws: list[str], width: int, height: int, size: int) -> None:
    text = " ".join(ws)
    fitted = fit(text, width, height, size)
    f = theme.font(fitted.size)
    assert all(f.size(line)[0] <= width for line in fitted.lines if len(line) > 1)
    assert len(fitted.lines) * f.get_linesize() <= max(height, f.get_linesize())


def test_text_shrinks_before_it_is_cut() -> None:
    text = "Lose the Footgear you are wearing. If you wear none, lose a level and feel a draft."
    roomy = fit(text, 300, 200, 20)
    tight = fit(text, 300, 60, 20)
    assert not roomy.truncated and roomy.size == 20
    assert tight.size < 20


def test_hopeless_text_ends_in_an_ellipsis() -> None:
    fitted = fit("word " * 200, 100, 30, 14, min_size=10)
    assert fitted.truncated and fitted.lines[-1].endswith("…")


def test_rendered_blocks_and_lines_have_the_box_size() -> None:
    assert render_block("hello there", 120, 40, 18, theme.TEXT).get_size() == (120, 40)
    assert render_line("a very long single line of text indeed", 90, 20, theme.TEXT).get_width() <= 90
