"""Three-player (RULES §9.7) and partnership (§9.8) matches in the terminal: the computers fill
the other seats, the table says whose hand is in play, a hand the person sits out plays on
with nothing hidden shown, and every format saves, resumes, replays and counts."""

from __future__ import annotations

import asyncio

from plain_driver import PROMPT, PlainProcess, last_hand, play
from test_tui_plain import saved
from tui_helpers import play_session, press_next_keys, screen_text

from ginrummy.cli import main
from ginrummy.core.actions import DRAW_STOCK, PASS, Action, Kind
from ginrummy.core.cards import pretty_card
from ginrummy.core.multiplayer import PartnershipMatch, ThreePlayerMatch
from ginrummy.core.record import read_record
from ginrummy.core.rules import rules_for
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.store import StoredMatch, open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.dialogs import SettlementScreen
from ginrummy.tui.game import GameScreen
from ginrummy.tui.narrator import Narrator
from ginrummy.tui.reports import replay_lines, stats_text
from ginrummy.tui.session import GameSession, Settings

# beginner computers knock, so hands end; seed 6 with target 60: you play hand 1 and lose it,
# so you deal hand 2 and sit it out, then play hand 3, which ends the match
THREE = rules_for("three-player", target=60)
THREE_SEED = 6
FOUR = rules_for("partnership", target=60)
FOUR_SEED = 1  # you play at table (0, 1) in deal 1, the match goes on to deal 2


def hidden_cards(session: GameSession) -> set[int]:
    """Cards the computers at the watched table drew from the stock and still hold."""
    table = session.watched
    state = table.state
    drawn = {move.card for move in state.history
             if move.action.kind is Kind.DRAW_STOCK and move.card is not None}
    held = state.hands[0] | state.hands[1]
    return {card for card in drawn if held >> card & 1}


def test_tui_three_player_match_by_keys_with_a_hand_sat_out(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    app = GinRummyApp(store=store, rules=THREE, settings=Settings(opponent="beginner"),
                      seed=THREE_SEED, show_setup=False)
    seen: dict[str, str] = {}
    settled: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            presses = 0
            while app.is_running and presses < 2000:
                screen = app.screen
                if isinstance(screen, GameScreen) and screen.session.sits_out:
                    text = screen_text(app)
                    seen["sitting out"] = text
                    # nothing a computer holds from the stock is on the screen
                    for card in hidden_cards(screen.session):
                        assert pretty_card(card) not in text, pretty_card(card)
                elif isinstance(screen, GameScreen):
                    seen.setdefault("playing", screen_text(app))
                if isinstance(screen, SettlementScreen) and (
                        not settled or settled[-1] != screen_text(app)):
                    settled.append(screen_text(app))
                presses += await press_next_keys(app, pilot, at_match_end="q")

    asyncio.run(run())
    playing, sitting = seen["playing"], seen["sitting out"]
    assert "Hand 1: " in playing and "dealt and sits out." in playing
    assert "You 0, Computer 1 0, Computer 2 0" in playing
    assert "Hand 2: Computer 1 v Computer 2; you sit out this hand (you dealt)." in sitting
    assert "Computer 1 (beginner)" in sitting and "Computer 2 (beginner)" in sitting
    assert "Press Enter for the result." in sitting
    assert "drew from the stock" in sitting  # their moves in the log, no card named
    assert len(settled) == 3
    assert "Computer 2: " in settled[0] and "total" in settled[0]  # every player's score
    assert "won the match" in settled[-1]
    [stored] = store.list(kind="tui")
    match = read_record(stored.record)
    assert isinstance(match, ThreePlayerMatch) and match.is_over
    assert stored.finished and stored.winner == match.winner
    assert stored.names == ("you", "beginner", "beginner")
    assert [0 in hand.seats for hand in match.hands] == [True, False, True]


def test_tui_partnership_deal_shows_both_tables_and_the_net(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    app = GinRummyApp(store=store, rules=FOUR, settings=Settings(opponent="beginner"),
                      seed=FOUR_SEED, show_setup=False)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            table = screen_text(app)
            while not isinstance(app.screen, SettlementScreen):
                await press_next_keys(app, pilot, at_match_end="q")
            settlement = screen_text(app)
            await pilot.press("q")  # quit: saved
            return table, settlement

    table, settlement = asyncio.run(run())
    assert "Deal 1 · Your team 0, Their team 0 · target 60" in table
    assert "Deal 1: You v Computer 1 at your table; you deal." in table
    assert "Other table: your partner Computer 2 v Computer 3: in play" in table
    assert "Other table: Computer 2 knocked. Computer 2 scores " in settlement
    assert "This deal at the two tables: your team " in settlement
    assert "Your team: " in settlement and "Their team: " in settlement  # the scores
    [stored] = store.list(kind="tui")
    match = read_record(stored.record)
    assert isinstance(match, PartnershipMatch) and not match.is_over
    assert match.deal_over and len(match.score_entries()) == 1


def never_knock(view: PlayerView) -> Action:
    """Pass, draw from the stock, throw the first card: the stock runs out unless they knock."""
    if view.phase in (Phase.UPCARD, Phase.LAST_CHANCE):
        return PASS
    if view.phase is Phase.DRAW:
        return DRAW_STOCK
    return next(a for a in view.legal_actions if a.kind is Kind.DISCARD)


def test_tui_partnership_dead_hand_at_your_table_is_shown_and_redealt():
    """Random computers let the stock run out: your table is dealt again within the deal."""
    session = GameSession.new(rules_for("partnership", target=30),
                              Settings(opponent="random"),
                              store=open_store("sqlite:///:memory:"), seed=3)
    narrator = Narrator(session, lambda text: text)
    dead = None
    for _turn in range(3000):
        list(session.computer_moves())
        lines, ending = narrator.news()
        if ending is not None:
            if ending.view.result.outcome == "dead" and 0 in ending.seats:
                dead = ending
                break
            if session.match.is_over:
                break
            if session.match.deal_over:
                session.next_deal()
            continue
        session.play(never_knock(session.view))
    assert dead is not None, "no dead hand at your table"
    assert not session.match.deal_over  # the deal goes on: the table is dealt again
    assert session.table.seats == dead.seats and session.view.stock_size >= 30  # a new deck
    lines, ending = narrator.news()
    assert ending is None and lines[0].startswith(f"Deal {session.match.deal_number}: ")


def play_plain_match(tmp_path, rules: str, seed: int, decisions: int) -> tuple[str, StoredMatch]:
    """A whole plain-mode match to its end: the transcript and the match as saved."""
    process = PlainProcess(tmp_path, "--rules", rules, "--target", "60",
                           "--opponent", "beginner", "--seed", str(seed))
    last = play(process, decisions=decisions)
    assert not last.endswith(PROMPT)
    assert process.process.wait(timeout=30) == 0
    text = process.transcript
    assert "Traceback" not in text
    [stored] = saved(tmp_path)
    assert stored.finished
    return text, stored


def test_tui_plain_plays_a_three_player_match(tmp_path):
    text, stored = play_plain_match(tmp_path, "three-player", THREE_SEED, decisions=800)
    assert "Gin Rummy, 3 players: you and the computers (beginner)" in text
    assert "Hand 2: Computer 1 v Computer 2; you sit out this hand (you dealt). " in text
    assert "The hand is over. Press Enter for the result (or type quit)." in text
    assert "  Computer 2: " in text and "won the match" in text
    assert read_record(stored.record).is_over


def test_tui_plain_plays_a_partnership_match(tmp_path):
    text, stored = play_plain_match(tmp_path, "partnership", FOUR_SEED, decisions=1500)
    assert "Deal 1: You v Computer 1 at your table; " in text
    assert "Other table: your partner Computer 2 v Computer 3: in play, stock " in text
    assert "This deal at the two tables: your team " in text
    assert "Deal 2: You v Computer 3 at your table" in text
    assert "won the match" in text
    assert isinstance(read_record(stored.record), PartnershipMatch)


def test_tui_plain_resumes_a_three_player_match(tmp_path):
    process = PlainProcess(tmp_path, "--rules", "three-player", "--target", "60",
                           "--opponent", "beginner", "--seed", str(THREE_SEED))
    before = play(process, decisions=7)
    question = before.rsplit("\n", 2)[-2]
    hand = last_hand(process.transcript)
    record = saved(tmp_path)[0].record
    process.close_input()  # end of input: saved

    resumed = PlainProcess(tmp_path, "--resume")
    after = resumed.read_until_prompt()
    assert "Hand 1: " in after and "dealt and sits out." in after
    assert last_hand(after) == hand and after.rsplit("\n", 2)[-2] == question
    [stored] = saved(tmp_path)
    assert stored.record == record and not stored.finished
    resumed.close_input()
    assert resumed.process.returncode == 0


def test_tui_resumes_a_three_player_match_at_a_hand_you_sat_out(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    session = GameSession.new(THREE, Settings(opponent="beginner"), store=store,
                              seed=THREE_SEED)
    play_session(session, whole_match=False)  # hand 1, which you lose
    session.next_deal()
    list(session.computer_moves())  # hand 2 plays out without you
    assert session.sits_out and session.watched_over
    resumed = GameSession.resume(store)
    assert resumed.sits_out and resumed.match.deal_number == 2
    app = GinRummyApp(store=store, rules=THREE, settings=resumed.settings, session=resumed)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            table = screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SettlementScreen)
            return table, screen_text(app)

    table, settlement = asyncio.run(run())
    assert "you sit out this hand (you dealt)" in table and "Press Enter for the result" in table
    assert "Next hand (Enter)" in settlement


def test_tui_history_replay_and_stats_of_three_player_matches(tmp_path, capsys, monkeypatch):
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    session = GameSession.new(THREE, Settings(opponent="beginner"), store=store,
                              seed=THREE_SEED)
    play_session(session, whole_match=True)
    stored = store.list(kind="tui")[0]
    replay = replay_lines(stored.record, "en")
    assert "Hand 2: Computer 1 v Computer 2; you sit out this hand (you dealt)." in replay
    assert sum(line.startswith("Your hand: ") for line in replay) == 2  # the hands you played
    stats = stats_text(store, "en").splitlines()
    assert stats[1].split()[:5] == ["beginner,", "3", "players", "1", str(int(
        session.match.winner == 0))]
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    store.close()
    assert main(["play", "--history", "--store", f"sqlite:///{tmp_path}/games.sqlite3"]) == 0
    history = capsys.readouterr().out
    assert "against beginner and beginner" in history and "won" in history
