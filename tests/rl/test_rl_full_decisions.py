"""Full decisions (``full_decisions=True``): the knocker chooses its show, the defender its
layoffs, validated by the engine; off by default (RULES §6.2, §6.5)."""

from __future__ import annotations

import copy
import random
from typing import Any

import gymnasium
import numpy as np
import pytest

from ginrummy.core.actions import Action
from ginrummy.core.cards import BIT, RANK_OF, SUIT_OF, from_mask, parse_cards, to_mask
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.melds import ALL_MELDS, best_discard, min_deadwood
from ginrummy.core.rules import rules_for
from ginrummy.core.settlement import settle_shown
from ginrummy.core.showing import check_show, show_options
from ginrummy.core.state import Phase
from ginrummy.rl import ginrummy_v0
from ginrummy.rl.encoding import KNOCK_BASE, NUM_ACTIONS, OBS_SIZE, action_mask
from ginrummy.rl.full_decisions import (
    DONE,
    FULL_NUM_ACTIONS,
    FULL_OBS_SIZE,
    LAYOFF_BASE,
    MELD_BASE,
    PendingKnock,
)

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_off_by_default_leaves_the_spaces_unchanged() -> None:
    env = ginrummy_v0.raw_env()
    assert env.action_space("player_0").n == NUM_ACTIONS == 161
    assert env.observation_space("player_0")["observation"].shape == (OBS_SIZE,)
    full = ginrummy_v0.raw_env(full_decisions=True)
    assert full.action_space("player_0").n == FULL_NUM_ACTIONS == 161 + len(ALL_MELDS) + 52 + 1
    assert full.observation_space("player_0")["observation"].shape == (FULL_OBS_SIZE,)


# -- an independent reference: layoffs by brute force over the defender's subsets -------------

def _valid_layoffs(cards: tuple[int, ...], shown: tuple[int, ...]) -> bool:
    """Whether all of ``cards`` can be laid off onto ``shown``, one after another: a set of
    three takes its fourth card, a run (suit, low rank, high rank) a card at either end."""
    runs, open_sets = [], set()
    for meld in shown:
        held = from_mask(meld)
        if len({RANK_OF[c] for c in held}) == 1:
            if len(held) == 3:
                open_sets.add(RANK_OF[held[0]])
        else:
            runs.append([SUIT_OF[held[0]], RANK_OF[min(held)], RANK_OF[max(held)]])
    left = set(cards)
    while left:
        for card in sorted(left):
            suit, rank = SUIT_OF[card], RANK_OF[card]
            run = next((r for r in runs if r[0] == suit and rank in (r[1] - 1, r[2] + 1)), None)
            if run is not None:
                run[1], run[2] = min(run[1], rank), max(run[2], rank)
            elif rank in open_sets:
                open_sets.discard(rank)
            else:
                continue
            left.discard(card)
            break
        else:
            return False
    return True


def _best_by_brute_force(defender: int, shown: tuple[int, ...]) -> tuple[int, set[tuple[int, ...]]]:
    cards = from_mask(defender)
    scored = []
    for bits in range(1 << len(cards)):
        chosen = tuple(c for i, c in enumerate(cards) if bits >> i & 1)
        if _valid_layoffs(chosen, shown):
            scored.append((min_deadwood(defender & ~to_mask(chosen)), chosen))
    least = min(v for v, _ in scored)
    return least, {c for v, c in scored if v == least}


def _paths(pending: PendingKnock) -> list[tuple[int, ...]]:
    """Every sequence of choices the mask allows from here to the end of the current phase."""
    phase_shown = pending.shown is not None
    found = []
    for action in pending.legal():
        branch = copy.deepcopy(pending)
        branch.apply(action)
        if action == DONE:
            found.append((action,))
        elif (branch.shown is not None) == phase_shown:
            found.extend((action, *rest) for rest in _paths(branch))
    return found


def _knock_positions(count: int, seed: int) -> list[tuple[int, int, int]]:
    """Random (ten cards laid down, defender's ten, knock limit) with a knock within 10."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        deck = rng.sample(range(52), 21)
        card, deadwood = best_discard(to_mask(deck[:11]))
        if 0 < deadwood <= 10:
            found.append((to_mask(deck[:11]) ^ BIT[card], to_mask(deck[11:]), 10))
    return found


def test_the_choices_are_exactly_the_arrangements_worth_showing_and_the_best_layoffs() -> None:
    rules = rules_for("classic")
    asked_show = asked_layoffs = 0
    for hand, defender, limit in _knock_positions(150, 7):
        options = show_options(hand, limit)
        pending = PendingKnock.start(0, 51, hand, defender, limit, options)
        shows = _paths(pending)
        asked_show += len(shows) > 1
        # Each mask path lays down one option, each option is one path.
        laid = sorted(tuple(sorted(ALL_MELDS[a - MELD_BASE] for a in path[:-1]))
                      for path in shows)
        assert laid == sorted(tuple(sorted(a.melds)) for a in options)
        for path in shows:
            branch = copy.deepcopy(pending)
            for action in path:
                branch.apply(action)
            shown = branch.shown
            assert shown is not None
            engine = settle_shown(check_show(hand, shown, limit), defender, rules)
            least, best = _best_by_brute_force(defender, shown)
            layoff_paths = _paths(branch)
            asked_layoffs += len(layoff_paths) > 1
            chosen = {tuple(a - LAYOFF_BASE for a in p[:-1]) for p in layoff_paths}
            assert chosen == best
            if engine.outcome != "gin":
                assert engine.defender_deadwood == least
    assert asked_show >= 5 and asked_layoffs >= 2  # the positions did offer choices


def test_illegal_choices_are_refused_with_the_reason_and_change_nothing() -> None:
    hand = to_mask(parse_cards("AC 2C 3C 2S 3S 4S 5S 2D AD 4H"))
    defender = to_mask(parse_cards("4C 5C 6C 6S 8D 9D TD 7H 8H 9H"))
    options = show_options(hand, 10)
    assert len(options) == 3
    pending = PendingKnock.start(0, 51, hand, defender, 10, options)
    before = copy.deepcopy(pending)
    not_held = MELD_BASE + ALL_MELDS.index(to_mask(parse_cards("7C 8C 9C")))
    with pytest.raises(IllegalActionError, match="you do not hold"):
        pending.apply(not_held)
    with pytest.raises(IllegalActionError, match="worth showing"):
        pending.apply(DONE)  # nothing laid down is no option here
    with pytest.raises(IllegalActionError, match="a meld or done"):
        pending.apply(LAYOFF_BASE + 3)
    assert pending == before


def _greedy(legal: list[int], rng: random.Random) -> int:
    """Knock when it can (to reach the choices), else a random legal action."""
    knocks = [a for a in legal if KNOCK_BASE <= a < KNOCK_BASE + 52]
    return rng.choice(knocks) if knocks else rng.choice(legal)


@pytest.mark.parametrize("rules", ["classic", "oklahoma"])
def test_random_play_against_the_engine(rules: str) -> None:
    env = ginrummy_v0.env(rules=rules, full_decisions=True, episode="match")
    rng = random.Random(3)
    knocks = 0
    for episode in range(10):
        env.reset(seed=episode)
        knocks += _play_checked(env, rng)
    assert knocks >= 20


def _play_checked(env, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """One match with the option on, checking masks, refusals and settlements; its knocks."""
    raw = env.unwrapped
    knocks = 0
    for agent in env.agent_iter(max_iter=20_000):
        obs, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        mask = obs["action_mask"]
        player = raw.possible_agents.index(agent)
        pending = raw.pending
        if pending is None:
            expected = np.zeros(FULL_NUM_ACTIONS, dtype=np.int8)
            expected[:NUM_ACTIONS] = action_mask(raw.match.state.legal_actions())
            assert np.array_equal(mask, expected)
        else:
            assert pending.to_play == player and mask[:NUM_ACTIONS].sum() == 0
            assert mask.sum() > 1  # a single choice is never asked
        legal = np.flatnonzero(mask).tolist()
        # An action outside the mask is refused by the raw env and changes nothing.
        wrong = next(a for a in (rng.randrange(FULL_NUM_ACTIONS) for _ in range(100))
                     if not mask[a])
        saved = copy.deepcopy(raw.pending), list(raw.match.state.history)
        with pytest.raises(IllegalActionError):
            raw.step(wrong)
        assert raw.pending == saved[0] and raw.match.state.history == saved[1]
        action = _greedy(legal, rng)
        state = raw.match.state
        if pending is None and state.phase is Phase.DISCARD and action < KNOCK_BASE \
                and rng.random() < 0.8:  # discard towards a knock, to reach the choices often
            card = best_discard(state.hands[state.to_play])[0]
            action = 4 + card if mask[4 + card] else action
        hands, history = list(state.hands), len(state.history)
        env.step(action)
        if KNOCK_BASE <= action < KNOCK_BASE + 52 or action >= NUM_ACTIONS:
            if raw.pending is None and state.phase is Phase.OVER and len(state.history) > history:
                knocks += 1
                _check_settlement(state, hands)
    return knocks


def _check_settlement(state, hands_before: list[int]) -> None:  # type: ignore[no-untyped-def]
    """The hand's result is the core's settle_shown of the arrangement the knock showed."""
    move = state.history[-1]
    result = state.result
    knocker = move.player
    shown = move.action.show
    laid_down = hands_before[knocker] ^ BIT[move.action.card]
    expected = settle_shown(check_show(laid_down, shown, state.knock_limit),
                            hands_before[1 - knocker], state.rules, multiplier=state.multiplier)
    assert (result.outcome, result.points) == (expected.outcome, expected.points)
    assert result.winner == (knocker if expected.winner == "knocker" else 1 - knocker)


def test_the_engine_refuses_a_knock_above_the_limit_with_its_reason() -> None:
    env = ginrummy_v0.raw_env(full_decisions=True)
    for seed in range(200):
        env.reset(seed=seed)
        state = env.match.state
        while state.phase is not Phase.DISCARD:
            env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
        illegal = [c for c in from_mask(state.hands[state.to_play])
                   if min_deadwood(state.hands[state.to_play] ^ BIT[c]) > state.knock_limit]
        if illegal:
            with pytest.raises(IllegalActionError, match="above the knock limit") as error:
                env.step(KNOCK_BASE + illegal[0])
            assert error.value.code == "knock_too_high" and env.pending is None
            return
    raise AssertionError("no hand to try")


@pytest.mark.parametrize("opponent", ["random", "standard"])
def test_gymnasium_env_with_full_decisions(opponent: str) -> None:
    env = gymnasium.make("ginrummy/GinRummy-v0", opponent=opponent, full_decisions=True)
    assert env.action_space.n == FULL_NUM_ACTIONS
    rng = random.Random(5)
    ended = 0
    for episode in range(40):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            assert obs.shape == (FULL_OBS_SIZE,)
            action = _greedy(np.flatnonzero(info["action_mask"]).tolist(), rng)
            obs, reward, done, _, info = env.step(action)
        assert "illegal_action" not in info
        if "outcome" in info:
            ended += 1
            outcome = info["outcome"]
            if outcome["winner"] is not None:
                sign = 1 if outcome["winner"] == env.unwrapped.learner else -1
                assert reward == sign * outcome["points"]
    assert ended == 40


def test_full_decision_actions_have_names() -> None:
    env = ginrummy_v0.gym_env(full_decisions=True).unwrapped
    run = ALL_MELDS.index(to_mask(parse_cards("9C TC JC")))
    assert env.decode(MELD_BASE + run) == "show 9C TC JC"
    assert env.decode(LAYOFF_BASE + parse_cards("8C")[0]) == "lay off 8C"
    assert env.decode(DONE) == "done"
    assert env.decode(KNOCK_BASE + parse_cards("7C")[0]) == "knock 7C"
    with pytest.raises(IllegalActionError):
        env.decode(FULL_NUM_ACTIONS)


def _knock_table() -> Any:
    """A raw env at a table where player_0 may knock with KS and player_1 holds 8C 8D 8H 8S:
    8C may go on 9C TC JC or stay in the set of four, the same deadwood either way."""
    from ginrummy.core.state import HandState

    knocker = to_mask(parse_cards("9C TC JC 5D 5H 5S 2H 3H 4H AS KS"))
    defender = to_mask(parse_cards("8C 8D 8H 8S KD QH 2D 7S 4C JD"))
    rest = [c for c in range(52) if not (knocker | defender) & BIT[c]]
    state = HandState.restore(rules_for("classic"), dealer=1, to_play=0, phase=Phase.DISCARD,
                              hands=(knocker, defender), stock=rest[1:], pile=rest[:1],
                              upcard=None)
    env = ginrummy_v0.raw_env(full_decisions=True)
    env.reset(seed=0)
    env.match.state = state
    env._start_hand()
    env.agent_selection = "player_0"
    return env


def test_a_defender_chooses_between_layoffs_of_equal_deadwood() -> None:
    ks, eight = parse_cards("KS 8C")
    for by_step in (True, False):
        env = _knock_table()
        if by_step:  # the agent knocks and shows the three melds
            env.step(KNOCK_BASE + ks)
            assert env.agent_selection == "player_0" and env.pending.shown is None
            while env.pending is not None and env.pending.shown is None:
                legal = np.flatnonzero(env.observe("player_0")["action_mask"])
                env.step(int(legal[0]))  # the lowest meld first (done is the highest index)
        else:  # a player's knock (the Gymnasium opponent's way): the default arrangement
            env.play(Action.parse("knock KS"))
        assert env.agent_selection == "player_1"
        mask = env.observe("player_1")["action_mask"]
        assert np.flatnonzero(mask).tolist() == [LAYOFF_BASE + eight, DONE]
        env.step(LAYOFF_BASE + eight)
        assert env.match.state.is_over  # the only choice left, done, was played for it
        state = env.match.state
        shown = state.history[-1].action.show
        laid_down = to_mask(parse_cards("9C TC JC 5D 5H 5S 2H 3H 4H AS"))
        expected = settle_shown(check_show(laid_down, shown, 10),
                                to_mask(parse_cards("8C 8D 8H 8S KD QH 2D 7S 4C JD")),
                                rules_for("classic"))
        assert state.result.settlement.defender_deadwood == 10 + 10 + 2 + 7 + 4 + 10
        assert (state.result.outcome, state.result.points) == (expected.outcome, expected.points)
        assert env.rewards["player_0"] == expected.points


def test_the_standard_checks_pass_with_full_decisions() -> None:
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    api_test(ginrummy_v0.env(full_decisions=True), num_cycles=300)
    seed_test(lambda: ginrummy_v0.env(full_decisions=True), num_cycles=100)
    check_env(gymnasium.make("ginrummy/GinRummy-v0", full_decisions=True).unwrapped,
              skip_render_check=True)


def test_envs_without_the_option_say_so() -> None:
    from ginrummy.core.errors import RulesError

    makers = [lambda: ginrummy_v0.parallel_env(full_decisions=True),
              lambda: ginrummy_v0.vector_selfplay(4, full_decisions=True),
              lambda: gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=4,
                                         full_decisions=True)]
    for make in makers:
        with pytest.raises(RulesError, match="full_decisions is an option of the PettingZoo AEC"):
            make()
