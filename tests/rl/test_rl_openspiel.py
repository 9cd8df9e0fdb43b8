"""The OpenSpiel registration: pyspiel's own random simulation test and IS-MCTS on our rules
(the information-state contract is in test_rl_openspiel_infostate.py)."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ginrummy.rl import infostate, openspiel_game
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE


def _deal(state: pyspiel.State, rng: random.Random) -> None:
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])


def test_rl_openspiel_game_is_registered_with_its_parameters() -> None:
    assert openspiel_game.SHORT_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("python_ginrummy", {"rules": "oklahoma knock_limit=8"})
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.observation_tensor_shape() == [OBS_SIZE]
    assert game.information_state_tensor_shape() == [infostate.info_state_size()]
    assert game.max_game_length() == infostate.max_moves()
    state = game.new_initial_state()
    _deal(state, random.Random(1))
    assert state.current_player() == 1  # player 0 deals; the non-dealer decides on the upcard
    assert state.hand is not None and state.hand.knock_limit <= 8


def test_rl_openspiel_random_sim_test_passes() -> None:
    for rules in ("classic", "straight last_chance=yes"):
        game = pyspiel.load_game("python_ginrummy", {"rules": rules})
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_rl_openspiel_information_state_hides_the_opponents_cards() -> None:
    game = pyspiel.load_game("python_ginrummy")
    rng = random.Random(4)
    state = game.new_initial_state()
    _deal(state, rng)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    world = openspiel_game.resample(state, 0, random.Random(9))
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.observation_tensor(0) == state.observation_tensor(0)
    assert world.hand.hands[0] == state.hand.hands[0]
    assert world.hand.hands[1] != state.hand.hands[1] or world.hand.stock != state.hand.stock
    assert world.hand.hands[1].bit_count() == state.hand.hands[1].bit_count()


def test_rl_openspiel_equal_information_states_have_equal_legal_actions() -> None:
    """IS-MCTS keys its tree on the information state: across resampled worlds, the same key
    must always offer the same actions, for the opponent's decisions too."""
    game = pyspiel.load_game("python_ginrummy")
    rng = random.Random(8)
    state = game.new_initial_state()
    _deal(state, rng)
    while state.current_player() != 0 or state.hand.phase.value != "draw":
        state.apply_action(rng.choice(state.legal_actions()))
    actions_by_key: dict[str, list[int]] = {}
    for sample in range(40):
        world = openspiel_game.resample(state, 0, random.Random(sample))
        world.apply_action(2)  # draw stock: a different card in each world
        world.apply_action(rng.choice([a for a in world.legal_actions() if a < 56]))
        world.apply_action(2)  # the opponent draws and now decides with its (resampled) hand
        key = world.information_state_string(1)
        assert actions_by_key.setdefault(key, world.legal_actions()) == world.legal_actions()
    assert len(actions_by_key) > 1


def test_rl_openspiel_ismcts_plays_whole_hands_against_random() -> None:
    game = pyspiel.load_game("python_ginrummy")
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=12,
                           random_state=random_state)
    rng = random.Random(0)
    bot.set_resampler(lambda state, player: openspiel_game.resample(state, player, rng))
    state = game.new_initial_state()
    _deal(state, rng)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert returns[0] == -returns[1]
    result = state.hand.result
    assert returns[0] == result.points_for(0) - result.points_for(1)
