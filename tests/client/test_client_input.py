"""Clicks as a player makes them, through the app's event path: a quick click on "Take X as helper" takes the
helper even when another player's answer lands mid-click, the bar keeps its places, a control that just changed
under the pointer ignores a click, card menus keep a stable order, and giving up several cards asks first."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
from client_support import on_top

from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import ChoiceOverlay, ConfirmOverlay
from doorkick.client.session import LocalSession
from doorkick.client.ui.widgets import Button
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin.actions import (
    AskForHelp,
    ChooseHelper,
    DiscardCard,
    EndTurn,
    Equip,
    GiveCharity,
    GiveItem,
    LookForTrouble,
    PlayCard,
    Sell,
)
from doorkick.shared.rules.registry import ruleset

SETUPS = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol", "Dan"))
FRAME = 1 / 60


def press(app: Any, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])


def release(app: Any, pos: tuple[int, int]) -> None:
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def frames(app: Any, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        app.step(FRAME, [])


def fighting(seed: int = 5) -> LocalSession:
    """Alice (seat 0, this window) in a fight she kicked open; the bots hold still so the test says who acts."""
    session = LocalSession(ruleset("munchkin"), SETUPS, seed, [0], bot_delay=1e9)
    for _ in range(50):
        session.engine_state = replace(
            session.engine_state, phase="start", active=0, turn=1, ready=(0, 1, 2, 3), combat=None, decisions=()
        )
        session.act(0, {"type": "kick_open_the_door"})
        if session.engine_state.combat is not None:
            return session
    raise AssertionError("no monster behind fifty doors")


def asked(session: LocalSession) -> None:
    """Alice asks everyone for help for one treasure, and Carol volunteers."""
    session.act(0, {"type": "ask_for_help", "items": [], "treasures": 1, "helper_first": False})
    session.act(2, {"type": "volunteer"})


def test_a_quick_click_on_take_as_helper_takes_the_helper_while_another_answer_lands(app: Any) -> None:
    session = fighting()
    asked(session)
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    take = next(b for b in scene.bar_buttons if b.label.startswith("Take Carol as helper"))
    pos, place = take.rect.center, take.rect.copy()
    press(app, pos)
    session.act(3, {"type": "decline_help"})  # Dan's answer lands between the button's down and up
    app.step(FRAME, [])
    release(app, pos)  # a quick click: about three frames from down to up
    assert take.rect == place
    menu = app.top
    assert isinstance(menu, ChoiceOverlay), "the click on the helper's place opens who may help and on what terms"
    entry = next(b for b in menu.widgets if isinstance(b, Button) and b.label.startswith("Take Carol"))
    frames(app, 0.1)
    press(app, entry.rect.center)
    release(app, entry.rect.center)
    assert session.actions[-1] == {"type": "choose_helper", "seat": 0, "helper": 2}
    frames(app, 10.0)
    assert {"type": "pass", "seat": 0} not in session.actions


def test_the_reaction_clock_never_withdraws_a_call_for_help(app: Any) -> None:
    app.settings.reaction_seconds = 2
    session = fighting()
    asked(session)
    scene = app.push(MunchkinScene(app, session))
    frames(app, 5.0)
    assert scene.reaction_seconds() is None
    assert session.engine_state.combat is not None and session.engine_state.combat.step == "help"
    assert {"type": "pass", "seat": 0} not in session.actions


def selling(seed: int = 5) -> LocalSession:
    """Alice at the start of her turn with three cheap items in hand that only sell together."""
    session = LocalSession(ruleset("munchkin"), SETUPS, seed, [0], bot_delay=1e9)
    state = session.engine_state
    cheap = [c for c in state.treasure_deck if state.card(c).kind == "item" and 300 <= state.card(c).value < 500][:3]
    deck = tuple(c for c in state.treasure_deck if c not in cheap)
    players = list(state.players)
    players[0] = replace(players[0], hand=tuple(cheap))
    session.engine_state = replace(
        state, treasure_deck=deck, players=tuple(players), phase="start", active=0, turn=1, ready=(0, 1, 2, 3)
    )
    session._refresh()
    return session


def click(app: Any, pos: tuple[int, int]) -> None:
    press(app, pos)
    release(app, pos)


def test_selling_several_items_shows_them_and_asks_once(app: Any) -> None:
    session = selling()
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    sell = scene.bar_button_for(Sell)
    assert sell is not None and sell.label.startswith("Sell ")
    before = len(session.actions)
    click(app, sell.rect.center)
    confirm = app.top
    assert isinstance(confirm, ConfirmOverlay) and len(confirm.faces) == 3
    assert len(session.actions) == before  # nothing sold yet
    app.screenshot("confirm_sell")
    frames(app, 0.5)
    keep = confirm.dialog.buttons[1]
    click(app, keep.rect.center)
    assert app.top is scene and len(session.actions) == before
    click(app, sell.rect.center)
    frames(app, 0.5)
    click(app, app.top.dialog.buttons[0].rect.center)
    assert app.top is scene
    assert [a["type"] for a in session.actions[before:]] == ["sell"]


def test_every_place_of_the_bar_stays_put_while_the_legal_actions_change(app: Any) -> None:
    session = fighting()
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.1)
    places = [(b, b.rect.copy()) for b in scene.bar_buttons]
    labels = []
    steps: list[dict[str, Any]] = [
        {"type": "ask_for_help", "items": [], "treasures": 1, "helper_first": False},
        {"type": "volunteer", "seat": 2},
        {"type": "choose_helper", "helper": 2},
    ]
    for step in steps:
        session.act(int(step.pop("seat", 0)), step)
        frames(app, 0.1)
        assert [(b, b.rect) for b in scene.bar_buttons] == places
        labels.append([b.label for b in scene.bar_buttons if b.enabled])
    assert len({repr(live) for live in labels}) == 3  # what is live changed each time; the places did not
    kick = scene.bar_buttons[0]
    assert not kick.enabled and kick.label == "Kick open the door" and kick.hint  # greyed in place, says why


def test_a_button_that_changed_under_the_pointer_ignores_a_click_for_a_moment(app: Any) -> None:
    session = fighting()
    asked(session)
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    take = next(b for b in scene.bar_buttons if b.label.startswith("Take"))
    pygame.mouse.set_pos(take.rect.center)
    session.act(1, {"type": "volunteer"})  # Bob volunteers too: the button now opens a choice of two
    app.step(FRAME, [])
    assert take.label == "Choose a helper (2)…" and not take.settled()
    click(app, take.rect.center)  # at once: meant for what stood there before
    assert app.top is scene
    frames(app, 0.4)
    click(app, take.rect.center)
    assert isinstance(app.top, ChoiceOverlay)


def test_a_cards_own_uses_come_first_in_its_menu_and_giving_it_away_last() -> None:
    from doorkick.client.actions import menu_order

    uses = [
        GiveItem(0, "sword", 1),
        DiscardCard(0, "sword"),
        Equip(0, "sword"),
        GiveItem(0, "sword", 0),
        PlayCard(0, "sword"),
    ]
    ordered = menu_order(uses)
    assert ordered == [
        PlayCard(0, "sword"),
        Equip(0, "sword"),
        GiveItem(0, "sword", 0),
        GiveItem(0, "sword", 1),
        DiscardCard(0, "sword"),
    ]
    assert menu_order(reversed(uses)) == ordered


def test_a_tooltip_starts_again_when_the_button_under_it_changes() -> None:
    from doorkick.client.ui.widgets import Button, Tooltips

    tips, button = Tooltips(), Button((0, 0, 100, 40), "End turn")
    for _ in range(30):
        tips.update(FRAME, button, "Only once your turn's fighting is done.")
    assert tips.text
    tips.update(FRAME, button, "Pass")  # the same button now stands for something else
    assert tips.text == ""
    for _ in range(30):  # a card is named afresh each frame, ("card", id): the same card is the same owner
        tips.update(FRAME, ("card", "sword#1"), "Right-click (or hold) to read the card")
    assert tips.text


def test_the_fighter_sets_the_terms_in_the_help_form_and_asks(app: Any) -> None:
    from doorkick.client.scenes.help_form import HelpForm

    session = fighting()
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    ask = scene.bar_button_for(AskForHelp)
    assert ask is not None and ask.label == "Ask for help…"
    click(app, ask.rect.center)
    form = app.top
    assert isinstance(form, HelpForm)
    app.screenshot("help_form")
    frames(app, 0.5)
    assert not form.first_toggle.enabled  # who picks first means nothing without a share to pick
    _, _, plus = form.share.parts()
    click(app, plus.center)  # one treasure for the helper
    click(app, form.first_toggle.rect.center)  # and the helper picks first
    before = len(session.actions)
    click(app, form.ask.rect.center)
    assert app.top is scene
    assert session.actions[before:] == [
        {"type": "ask_for_help", "seat": 0, "items": [], "treasures": 1, "helper_first": True, "cards": [], "to": -1}
    ]


def test_the_fighter_may_ask_one_player_in_the_help_form(app: Any) -> None:
    from doorkick.client.scenes.help_form import HelpForm

    session = fighting()
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    click(app, scene.bar_button_for(AskForHelp).rect.center)
    form = app.top
    assert isinstance(form, HelpForm)
    frames(app, 0.5)
    choices = form.whom.boxes()
    assert choices[0][1] == "Everyone" and len(choices) == len(SETUPS)
    value, label, box = choices[2]
    click(app, box.center)  # the second other player only
    frames(app, 0.5)
    app.screenshot("help_form_one_player")
    before = len(session.actions)
    click(app, form.ask.rect.center)
    sent = session.actions[before:]
    assert len(sent) == 1 and sent[0]["type"] == "ask_for_help" and sent[0]["to"] == int(value)
    assert session.engine_state.combat is not None and session.engine_state.combat.asked == int(value)
    assert any(f"asks {label} for help" in text for text, _ in scene.log)


def test_ticking_an_item_in_the_help_form_keeps_the_call_one_the_table_allows(app: Any) -> None:
    from doorkick.client.scenes.help_form import HelpForm
    from doorkick.shared.rules.munchkin.state import Carried, with_player

    session = fighting()
    state = session.engine_state
    item = next(c for c in state.treasure_deck if state.card(c).kind == "item")
    state = replace(state, treasure_deck=tuple(c for c in state.treasure_deck if c != item))
    session.engine_state = with_player(state, 0, items=(Carried(item, equipped=False),))
    session._refresh()
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    click(app, scene.bar_button_for(AskForHelp).rect.center)
    form = app.top
    assert isinstance(form, HelpForm)
    frames(app, 0.5)
    form.share.step(1)
    assert form.terms() == ((), 1, False)
    click(app, form.item_list.row_rect(0).center)
    # The engine lists an item as a bribe on its own: the share goes back to none rather than make it illegal.
    assert form.terms() == ((item,), 0, False) and form.ask.enabled
    click(app, form.ask.rect.center)
    assert session.actions[-1] == {
        "type": "ask_for_help",
        "seat": 0,
        "items": [item],
        "treasures": 0,
        "helper_first": False,
        "cards": [],
        "to": -1,
    }


def test_the_asked_player_sees_the_terms_and_what_their_help_adds_then_offers(app: Any) -> None:
    from doorkick.client.scenes.help_form import AnswerForm

    session = fighting()
    session.seats = (2,)  # this window is Carol's; Alice fights
    session._refresh()
    session.act(0, {"type": "ask_for_help", "items": [], "treasures": 1, "helper_first": True})
    scene = app.push(MunchkinScene(app, session))
    scene.viewer = 2
    scene._refresh()
    frames(app, 0.5)
    form = app.top
    assert isinstance(form, AnswerForm)
    text = form.text()
    assert "They offer: 1 treasure; you pick first." in text and "Your help adds" in text
    app.screenshot("help_answer")
    offer = next(b for b in form.buttons if b.label == "Offer to help")
    assert offer.tooltip == "Help Alice for 1 Treasure, the helper picks first"  # the whole answer, on hover
    click(app, offer.rect.center)
    assert app.top is scene and session.actions[-1] == {"type": "volunteer", "seat": 2}


def test_the_asked_players_form_goes_away_when_the_call_is_withdrawn(app: Any) -> None:
    from doorkick.client.scenes.help_form import AnswerForm

    session = fighting()
    session.seats = (2,)
    session.act(0, {"type": "ask_for_help", "items": [], "treasures": 0, "helper_first": False})
    scene = app.push(MunchkinScene(app, session))
    scene.viewer = 2
    scene._refresh()
    frames(app, 0.2)
    assert isinstance(app.top, AnswerForm)
    session.act(0, {"type": "pass"})  # Alice withdraws the call
    frames(app, 0.2)
    assert app.top is scene


def test_hot_seat_the_whole_call_for_help_is_clicked_through_covers_and_forms(app: Any) -> None:
    from doorkick.client.scenes.help_form import AnswerForm, HelpForm
    from doorkick.client.scenes.overlays import CoverOverlay

    session = fighting()
    session.seats = (0, 2)  # Alice and Carol share this screen; Bob and Dan are bots that hold still
    session._refresh()
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    click(app, scene.bar_button_for(AskForHelp).rect.center)
    assert isinstance(app.top, HelpForm)
    frames(app, 0.4)
    click(app, app.top.ask.rect.center)
    session.act(1, {"type": "decline_help"})
    session.act(3, {"type": "decline_help"})
    frames(app, 0.2)
    assert isinstance(app.top, CoverOverlay)  # Carol's turn to answer
    click(app, app.top.button.rect.center)
    frames(app, 0.2)
    on_top(app, AnswerForm)
    frames(app, 0.4)
    click(app, next(b for b in on_top(app, AnswerForm).buttons if b.label == "Offer to help").rect.center)
    frames(app, 0.2)
    assert isinstance(app.top, CoverOverlay)  # back to Alice, to choose
    click(app, app.top.button.rect.center)
    frames(app, 0.5)
    click(app, scene.bar_button_for(ChooseHelper).rect.center)
    menu = app.top
    assert isinstance(menu, ChoiceOverlay)
    frames(app, 0.4)
    click(app, next(b for b in menu.widgets if isinstance(b, Button) and b.label.startswith("Take Carol")).rect.center)
    mine = [a["type"] for a in session.actions if a["seat"] in (0, 2)]
    assert mine[-3:] == ["ask_for_help", "volunteer", "choose_helper"]
    assert session.engine_state.combat is not None and session.engine_state.combat.helper == 2


def test_end_turn_greyed_by_too_many_cards_says_to_give_charity_and_a_click_on_a_card_gives_it(app: Any) -> None:
    # Seen over the LAN: after his fight Bob held six cards, End turn was greyed with "Only once your turn's
    # fighting and looting is done" (it was done) and nothing said what to do.
    session = LocalSession(ruleset("munchkin"), SETUPS, 5, [0], bot_delay=1e9)
    state = session.engine_state
    players = list(state.players)
    monsters = tuple(c for c in state.door_deck if state.card(c).kind == "monster")[:7]  # nothing else to do
    players[0] = replace(players[0], hand=monsters)
    session.engine_state = replace(
        state,
        door_deck=tuple(c for c in state.door_deck if c not in monsters),
        players=tuple(players),
        phase="end",
        active=0,
        turn=1,
        ready=(0, 1, 2, 3),
    )
    session._refresh()
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.1)
    assert {type(a) for a in scene.legal} == {GiveCharity}
    assert "click one to give it away (or discard it) as charity" in scene.phase_text()
    end = scene.bar_buttons[next(i for i, p in enumerate(scene.bar_places) if EndTurn in p)]
    pygame.mouse.set_pos(end.rect.center)
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=end.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    frames(app, 0.6)
    assert "give it away as charity" in app.tooltips.text
    app.screenshot("end_turn_says_charity")
    frames(app, 0.1)
    click(app, scene.hand_rects[0][1].center)  # the card's menu: give it to someone as charity
    menu = app.top
    assert isinstance(menu, ChoiceOverlay)
    entry = next(b for b in menu.widgets if isinstance(b, Button) and "as charity" in b.label)
    frames(app, 0.5)
    click(app, entry.rect.center)
    frames(app, 0.1)
    assert len(session.engine_state.players[0].hand) == 6


def test_looking_for_trouble_names_each_monsters_level(app: Any) -> None:
    # Seen over the LAN: "Look for trouble: fight Literal Loan Shark" and "... fight Toaster Elemental" side by
    # side, with nothing to say one is level 10 and the other level 3.
    session = LocalSession(ruleset("munchkin"), SETUPS, 5, [0], bot_delay=1e9)
    state = session.engine_state
    monsters = [c for c in state.door_deck if state.card(c).kind == "monster"][:2]
    players = list(state.players)
    players[0] = replace(players[0], hand=tuple(monsters))
    session.engine_state = replace(
        state,
        door_deck=tuple(c for c in state.door_deck if c not in monsters),
        players=tuple(players),
        phase="door",
        active=0,
        turn=1,
        ready=(0, 1, 2, 3),
    )
    session._refresh()
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    trouble = scene.bar_buttons[next(i for i, p in enumerate(scene.bar_places) if LookForTrouble in p)]
    click(app, trouble.rect.center)
    menu = app.top
    assert isinstance(menu, ChoiceOverlay)
    assert menu.title == "Look for trouble"  # under which each choice says only whom it fights
    labels = sorted(b.label for b in menu.widgets if isinstance(b, Button) and b.label.startswith("Fight"))
    want = sorted(f"Fight {scene.cards.name(c)} (level {state.card(c).level})" for c in monsters)
    assert labels == want
