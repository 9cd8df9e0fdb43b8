"""ExternalBot, the ``cmd:`` player: a process behind the Player interface, stopped cleanly."""

from __future__ import annotations

import gc
import shlex
import sys
from pathlib import Path

import pytest
from protocol_helpers import REPO, fake_bot

from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.players.registry import make_player
from ginrummy.protocol.client import BotForfeit, ExternalBot

SIMPLE_BOT = shlex.join([sys.executable, str(REPO / "examples" / "bots" / "simple_bot.py")])


def first_view(seed: int = 1):  # type: ignore[no-untyped-def]
    match = Match.new(rules_for("classic"), seed=seed)
    return match.view(match.state.to_play)


def test_protocol_registry_makes_a_cmd_player_that_answers_legally() -> None:
    bot = make_player(f"cmd:{SIMPLE_BOT}", seed=3)
    assert isinstance(bot, ExternalBot)
    try:
        view = first_view()
        assert bot.choose(view) in view.legal_actions
        assert bot.bot_name == "simple-python"
    finally:
        bot.close()


def test_protocol_close_reaps_the_process() -> None:
    bot = ExternalBot(fake_bot("fair"))
    popen = bot._process.popen  # type: ignore[union-attr]
    bot.close()
    assert popen.poll() is not None  # exited and reaped: no zombie is left


def test_protocol_a_dropped_bot_stops_its_process() -> None:
    bot = ExternalBot(fake_bot("fair"))
    popen = bot._process.popen  # type: ignore[union-attr]
    del bot
    gc.collect()
    assert popen.poll() is not None


def test_protocol_a_bot_that_ignores_quit_is_killed() -> None:
    bot = ExternalBot(fake_bot("timeout"), decision_time=0.3)  # it sleeps, deaf to quit
    popen = bot._process.popen  # type: ignore[union-attr]
    with pytest.raises(BotForfeit, match="no answer within the decision time of 0.3 s"):
        bot.choose(first_view())
    assert popen.poll() is not None


def test_protocol_the_match_budget_is_spent_over_decisions() -> None:
    bot = ExternalBot(fake_bot("timeout", 2), decision_time=5, match_time=0.4)
    view = first_view()
    bot.choose(view)
    bot.choose(view)
    with pytest.raises(BotForfeit, match="used up its match time of 0.4 s"):
        bot.choose(view)


def test_protocol_each_match_gets_a_fresh_budget() -> None:
    bot = ExternalBot(fake_bot("slow"), decision_time=5, match_time=0.6)  # 0.2 s a decision
    play_decisions(bot, seed=5, decisions=2)
    play_decisions(bot, seed=6, decisions=2)  # 0.8 s in all, but only 0.4 s in this match
    with pytest.raises(BotForfeit, match="used up its match time of 0.6 s"):
        play_decisions(bot, seed=7, decisions=4)


def play_decisions(bot: ExternalBot, *, seed: int, decisions: int) -> None:
    """The first ``decisions`` of a new match, the bot playing both seats."""
    match = Match.new(rules_for("classic"), seed=seed)
    for _ in range(decisions):
        match.apply(bot.choose(match.view(match.state.to_play)))


def test_protocol_a_forfeit_is_followed_by_a_fresh_process() -> None:
    bot = ExternalBot(fake_bot("garbage", 1))
    view = first_view()
    bot.choose(view)
    with pytest.raises(BotForfeit, match="malformed reply: not JSON"):
        bot.choose(view)
    assert bot.choose(view) in view.legal_actions  # the new process plays its fair decision
    bot.close()


def test_protocol_an_endless_line_is_a_malformed_reply_not_a_memory_leak() -> None:
    bot = ExternalBot(fake_bot("flood"))
    with pytest.raises(BotForfeit, match="malformed reply: not JSON: '<a line longer than"):
        bot.choose(first_view())
    bot.close()


def test_protocol_a_bot_that_never_greets_cannot_start() -> None:
    with pytest.raises(BotForfeit, match="no hello within 0.5 s"):
        ExternalBot(fake_bot("silent-hello"), startup_time=0.5)


def test_protocol_a_bot_of_another_version_cannot_start() -> None:
    with pytest.raises(BotForfeit, match="speaks 'ginrummy-bot/0'; this host speaks ginrummy-bot/1"):
        ExternalBot(fake_bot("version"))


def test_protocol_a_missing_program_cannot_start() -> None:
    with pytest.raises(BotForfeit, match="cannot start 'no-such-bot-program'"):
        ExternalBot("no-such-bot-program --fast")


@pytest.mark.parametrize(("command", "complaint"),
                         [("", "empty bot command"), ("python3 'bot.py", "cannot read")])
def test_protocol_bad_commands_are_refused(command: str, complaint: str) -> None:
    with pytest.raises(GinRummyError, match=complaint):
        ExternalBot(command)


def test_protocol_times_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINRUMMY_BOT_DECISION_TIME", "2.5")
    monkeypatch.setenv("GINRUMMY_BOT_MATCH_TIME", "none")
    with ExternalBot(fake_bot("fair")) as bot:
        assert (bot.options.decision_time, bot.options.match_time) == (2.5, None)
    monkeypatch.setenv("GINRUMMY_BOT_DECISION_TIME", "soon")
    with pytest.raises(GinRummyError, match=r"\$GINRUMMY_BOT_DECISION_TIME must be a number"):
        ExternalBot(fake_bot("fair"))


def test_protocol_bot_stderr_goes_to_the_log(ginrummy_home: Path) -> None:
    bot = ExternalBot(fake_bot("crash"))
    with pytest.raises(BotForfeit, match="crashed .exit status 1., last said: ZeroDivisionError"):
        bot.choose(first_view())
    log = (ginrummy_home / "bots.log").read_text()
    assert "about to fail on purpose" in log and "Traceback" in log


def test_protocol_an_unwritable_log_does_not_stop_the_bot(tmp_path: Path) -> None:
    bot = ExternalBot(fake_bot("crash", 1), log_path=tmp_path / "no-such-folder" / "bots.log")
    view = first_view()
    assert bot.choose(view) in view.legal_actions
    with pytest.raises(BotForfeit, match="last said: ZeroDivisionError"):
        bot.choose(view)
