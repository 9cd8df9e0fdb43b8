"""The coach: the expert's ranking, with one-line reasons in English, Norwegian and Swedish."""

from __future__ import annotations

import pytest

from ginrummy.core.actions import DRAW_STOCK, PASS, Action
from ginrummy.core.cards import Card, parse_card, parse_cards, to_mask
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState
from ginrummy.core.views import PlayerView
from ginrummy.players import make_player
from ginrummy.players.coach import explain, hint
from ginrummy.players.coach_text import ACTIONS, REASONS
from ginrummy.players.expert import ExpertPlayer


def positions(preset: str, seed: int, hands: int) -> list[PlayerView]:
    """Every decision of a few hands between the expert and the standard player."""
    match = Match.new(rules_for(preset), seed=seed)
    players = (make_player("expert", seed=1), make_player("standard", seed=2))
    views = []
    while len(match.hands) < hands and not match.is_over:
        if match.hand_over:
            match.next_hand()
            continue
        view = match.view(match.state.to_play)
        views.append(view)
        match.apply(players[view.player].choose(view))
    return views


@pytest.mark.parametrize(("preset", "seed"), [("eaai", 1), ("oklahoma", 2), ("modern", 3)])
def test_players_coach_top_move_is_the_experts_choice(preset: str, seed: int) -> None:
    views = positions(preset, seed, hands=2)
    assert len(views) >= 20
    for index, view in enumerate(views):
        hints = hint(view, seed=index)
        assert hints[0].action == ExpertPlayer(seed=index).choose(view)
        assert sorted(map(str, (h.action for h in hints))) == sorted(map(str, view.legal_actions))
        assert [h.score for h in hints] == sorted((h.score for h in hints), reverse=True)


def test_players_coach_reasons_exist_in_all_three_languages() -> None:
    for view in positions("classic", 4, hands=1)[:16]:
        for action in view.legal_actions:
            reasons = {lang: explain(view, action, lang=lang) for lang in ("en", "nb", "sv")}
            assert len(set(reasons.values())) == 3, reasons
            for lang, reason in reasons.items():
                assert ": " in reason and "{" not in reason and "\n" not in reason
                head = ACTIONS[lang][action.kind.value].split(" {")[0]
                assert reason.startswith(head), (lang, reason)


def test_players_coach_catalogues_have_the_same_phrases() -> None:
    for table in (ACTIONS, REASONS):
        for lang in ("nb", "sv"):
            assert set(table[lang]) == set(table["en"])


def test_players_coach_rejects_an_unknown_language() -> None:
    view = positions("classic", 5, hands=1)[0]
    with pytest.raises(GinRummyError, match="unknown language 'de'"):
        hint(view, lang="de")


def test_players_coach_is_silent_when_it_is_not_your_turn() -> None:
    state = HandState.deal(rules_for("classic"), dealer=0, seed=1)
    assert hint(state.view(0)) == []  # seat 1 decides on the upcard first


def played(opponent_moves: str, *, mine: str, opponent: str, upcard: str, stock: str) -> PlayerView:
    """Seat 1 holds ``mine``; both pass the upcard; seat 1 draws and throws its last card;
    the dealer then plays ``opponent_moves`` ("draw stock" or "draw pile", then a discard);
    seat 1 draws again and is to discard. ``stock`` lists the stock's cards from the top."""
    own, other = parse_cards(mine), parse_cards(opponent)
    top, draws = parse_card(upcard), list(parse_cards(stock))
    rest = [c for c in range(52) if c not in {*own, *other, top, *draws}]
    deck: list[Card] = []
    for a, b in zip(own, other, strict=True):
        deck += [a, b]
    state = HandState(rules_for("classic"), dealer=0, deck=deck + [top] + draws + rest)
    state.apply(PASS)
    state.apply(PASS)
    state.apply(DRAW_STOCK)
    state.apply(Action.discard(own[-1]))
    draw, throw = opponent_moves.split(", ")
    state.apply(Action.parse(draw))
    state.apply(Action.parse(throw))
    state.apply(DRAW_STOCK)
    return state.view(1)


MINE = "3S 4S 5S 7D 7C 7H KD 9H 2C QC"  # Q♣ goes first; K♦ 9♥ 2♣ stay loose


def test_players_coach_explains_a_safe_high_discard() -> None:
    view = played("draw stock, discard 8S", mine=MINE, opponent="2D 3D 5H TC JC 4C 5C 8S AD QD",
                  upcard="AH", stock="6H JS 4H")
    reason = explain(view, Action.discard(parse_card("KD")))
    assert reason == ("discard K♦: highest loose card, and the opponent has shown no interest "
                      "in diamonds")
    assert explain(view, Action.discard(parse_card("KD")), lang="nb") == (
        "kast K♦: høyeste løse kort, og motstanderen har ikke vist interesse for ruter")
    assert explain(view, Action.discard(parse_card("KD")), lang="sv") == (
        "släng K♦: högsta lösa kortet, och motståndaren har inte visat intresse för ruter")


def test_players_coach_warns_about_feeding_what_the_opponent_collects() -> None:
    # the opponent took the Q♣ seat 1 threw: K♣ or J♣ would likely help it, a queen too
    view = played("draw pile, discard 8S", mine=MINE, opponent="2D 3D 5H TC JC 4C 5C 8S AD KH",
                  upcard="AH", stock="JS KC")
    reason = explain(view, Action.discard(parse_card("KC")))
    assert reason == ("discard K♣: highest loose card, but the opponent took Q♣, which this card "
                      "may fit")


def test_players_coach_explains_knock_gin_and_refusals() -> None:
    view = played("draw stock, discard 8S", mine="3S 4S 5S 7D 7C 7H 9H TH JH QC",
                  opponent="2D 3D 5H TC JC 4C 5C 8S AD QD", upcard="AH", stock="6H KS AC")
    assert explain(view, Action.knock(parse_card("6H"))) == (
        "knock, throwing 6♥: your deadwood is 1, within the knock limit 10, and so low that an "
        "undercut is unlikely")
    gin_view = played("draw stock, discard 8S", mine="3S 4S 5S 7D 7C 7H 9H TH JH QC",
                      opponent="2D 3D 5H TC JC 4C 5C 8S AD QD", upcard="AH", stock="6H KS QH")
    assert explain(gin_view, Action.gin(parse_card("6H"))) == (
        "go gin, throwing 6♥: all ten cards are in melds: gin bonus 20")


def test_players_coach_says_why_it_lays_down_other_melds_than_the_default() -> None:
    # RULES §6.2: AC 2C 3C | 2S 3S 4S 5S is the default for this knock; 2C 2D 2S | 3S 4S 5S
    # invites other layoffs, and a knock naming it says so in every language
    own, other = parse_cards("3S AD 4H 2D 5S 2C 3C AC 2S 4S"), parse_cards("4C 3H 5C 6D AH 5D 3D 6C 6S 5H")
    deck = [card for pair in zip(own, other, strict=True) for card in pair]
    deck += [parse_card("9D"), parse_card("KH")]
    state = HandState(rules_for("classic"), dealer=0,
                      deck=deck + [c for c in range(52) if c not in deck])
    for action in (PASS, PASS, DRAW_STOCK):
        state.apply(action)
    view = state.view(1)
    knock = Action.knock(parse_card("KH")).with_show(
        [to_mask(parse_cards("2C 2D 2S")), to_mask(parse_cards("3S 4S 5S"))])
    assert explain(view, knock) == (
        "knock, throwing K♥: your deadwood is 7, within the knock limit 10, but the opponent may "
        "undercut you, and lay down "
        "2♣ 2♦ 2♠ | 3♠ 4♠ 5♠ rather than A♣ 2♣ 3♣ | 2♠ 3♠ 4♠ 5♠: against the hands the "
        "opponent probably holds it scores more")
    assert "legg ned 2♣ 2♦ 2♠ | 3♠ 4♠ 5♠" in explain(view, knock, lang="nb")
    assert "lägg ned 2♣ 2♦ 2♠ | 3♠ 4♠ 5♠" in explain(view, knock, lang="sv")
