"""The OpenSpiel contract of ``python_ginrummy``: a perfect-recall information-state tensor,
observers that honour the requested observation type, the cap on pile draws, and OpenSpiel's own
algorithms (outcome-sampling MCCFR, NFSP) training on it."""

from __future__ import annotations

import doctest
import random
import time

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import outcome_sampling_mccfr
from open_spiel.python.observation import make_observation

from ginrummy.core.actions import Action
from ginrummy.core.cards import Card, parse_card
from ginrummy.rl import infostate, openspiel_game
from ginrummy.rl.encoding import OBS_SIZE, PHASE, PHASES, action_index

INFO_STATE = pyspiel.IIGObservationType(perfect_recall=True)
OBSERVATION = pyspiel.IIGObservationType(perfect_recall=False)
RULES = ("classic", "oklahoma last_chance=yes", "straight", "classic eleven_card_deal=yes stock_wall=6")
DISCARDS = range(4, 56)


def _deal(state: pyspiel.State, rng: random.Random) -> None:
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])


def _deal_deck(state: pyspiel.State, deck: list[Card]) -> None:
    for card in deck[:51]:
        state.apply_action(card)


def _random_states(game: pyspiel.Game, rng: random.Random, hands: int):
    """Every state of ``hands`` random hands, a few deal states included."""
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() or len(state.deck) in (5, 20, 21, 50):
                yield state.clone()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        yield state


def test_rl_openspiel_infostate_declares_its_tensor_and_length() -> None:
    game = pyspiel.load_game("python_ginrummy")
    assert game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string
    size = infostate.info_state_size(50)
    assert size == 327 + 62 * 165 == infostate.HISTORY + infostate.MOVE_SIZE * 165
    assert game.information_state_tensor_shape() == [size]
    assert game.information_state_tensor_size() == size
    assert game.max_game_length() == 165 == openspiel_game.MAX_GAME_LENGTH
    small = pyspiel.load_game("python_ginrummy", {"max_pile_draws": 3})
    assert small.max_game_length() == 2 * (31 + 3) + 3
    assert small.information_state_tensor_size() == infostate.info_state_size(3)
    with pytest.raises(ValueError, match="max_pile_draws"):
        openspiel_game.GinRummyGame({"max_pile_draws": 0})


def test_rl_openspiel_infostate_observers_honour_the_observation_type() -> None:
    game = pyspiel.load_game("python_ginrummy")
    state = game.new_initial_state()
    rng = random.Random(3)
    _deal(state, rng)
    for _ in range(9):
        state.apply_action(rng.choice(state.legal_actions()))
    info = make_observation(game, INFO_STATE)
    obs = make_observation(game, OBSERVATION)
    default = make_observation(game)
    assert info.tensor.shape == (infostate.info_state_size(),)
    assert obs.tensor.shape == default.tensor.shape == (OBS_SIZE,)
    assert info.dict["history"].shape == (165, infostate.MOVE_SIZE)
    for player in (0, 1):
        info.set_from(state, player)
        obs.set_from(state, player)
        # The Python methods, OpenSpiel's C++ methods (which call the observers) and the
        # observers all agree.
        assert info.tensor.tolist() == state.information_state_tensor(player)
        assert state.information_state_tensor(player) == pyspiel.State.information_state_tensor(
            state, player)
        assert info.string_from(state, player) == state.information_state_string(player)
        assert state.information_state_string(player) == pyspiel.State.information_state_string(
            state, player)
        assert obs.tensor.tolist() == state.observation_tensor(player)
        assert state.observation_tensor(player) == pyspiel.State.observation_tensor(state, player)
        assert obs.string_from(state, player) == state.observation_string(player)
        assert state.observation_string(player) == pyspiel.State.observation_string(state, player)
        assert info.dict["player"][player] == 1.0
        assert info.dict["observation"].tolist() == obs.tensor.tolist()
    for unsupported in (
        pyspiel.IIGObservationType(perfect_recall=True,
                                   private_info=pyspiel.PrivateInfoType.NONE),
        pyspiel.IIGObservationType(perfect_recall=False,
                                   private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
        pyspiel.IIGObservationType(public_info=False, perfect_recall=False),
    ):
        with pytest.raises(ValueError, match="SINGLE_PLAYER"):
            make_observation(game, unsupported)


def test_rl_openspiel_infostate_strings_and_tensors_match_one_to_one() -> None:
    """Over many random hands under several rules: equal information-state strings exactly
    when equal tensors (and the same for observations), with the deal read back right."""
    rng = random.Random(11)
    for rules in RULES:
        game = pyspiel.load_game("python_ginrummy", {"rules": rules})
        tensor_of: dict[str, bytes] = {}
        string_of: dict[bytes, str] = {}
        obs_of: dict[str, bytes] = {}
        obs_string_of: dict[bytes, str] = {}
        for state in _random_states(game, rng, hands=2):
            for player in (0, 1):
                text = state.information_state_string(player)
                vector = np.asarray(state.information_state_tensor(player), np.float32)
                assert vector.shape == (game.information_state_tensor_size(),)
                key = vector.tobytes()
                assert tensor_of.setdefault(text, key) == key, text
                assert string_of.setdefault(key, text) == text, text
                if state.hand is None:
                    continue
                obs_text = state.observation_string(player)
                obs_key = np.asarray(state.observation_tensor(player), np.float32).tobytes()
                assert obs_of.setdefault(obs_text, obs_key) == obs_key, obs_text
                assert obs_string_of.setdefault(obs_key, obs_text) == obs_text, obs_text
                hand = state.hand
                dealt = 21 if hand.rules.eleven_card_deal else 20
                mine = {c for i, c in enumerate(hand.deck[:dealt])
                        if (i % 2 == 0) == (player != hand.dealer)}
                section = vector[infostate.DEALT:infostate.UPCARD]
                assert set(np.flatnonzero(section).tolist()) == mine
                moves = vector[infostate.HISTORY:].reshape(-1, infostate.MOVE_SIZE)
                assert int(moves.any(axis=1).sum()) == len(hand.history)
        assert len(tensor_of) == len(string_of) > 200


def test_rl_openspiel_infostate_tells_apart_histories_with_the_same_observation() -> None:
    """Discarding AH then 2H, or 2H then AH, leaves the same table: the observation cannot tell
    the two apart, the information state must.

    Deck (top of the deal first): P1 (non-dealer) gets AH 2H ..., P0 gets QC KC ...; both pass
    the upcard, then each draws from the stock and discards twice."""
    game = pyspiel.load_game("python_ginrummy")
    deck = list(range(52))
    ah, two_h, qc, kc = (parse_card(c) for c in ("AH", "2H", "QC", "KC"))
    for position, card in ((0, ah), (2, two_h), (1, qc), (3, kc)):
        deck.remove(card)
        deck.insert(position, card)

    def play(first: str, second: str) -> pyspiel.State:
        state = game.new_initial_state()
        _deal_deck(state, deck)
        for action in ("pass", "pass", "draw stock", f"discard {first}", "draw stock",
                       "discard QC", "draw stock", f"discard {second}", "draw stock",
                       "discard KC"):
            state.apply_action(action_index(Action.parse(action)))
        return state

    one, other = play("AH", "2H"), play("2H", "AH")
    assert one.current_player() == 1 == other.current_player()
    for player in (0, 1):
        assert one.observation_tensor(player) == other.observation_tensor(player)
        assert one.observation_string(player) == other.observation_string(player)
        assert one.information_state_tensor(player) != other.information_state_tensor(player)
        assert one.information_state_string(player) != other.information_state_string(player)


def test_rl_openspiel_infostate_never_depends_on_hidden_cards() -> None:
    """Deal the opponent's unseen cards and the stock afresh: the player's information state,
    tensor and string, stays the same."""
    rng = random.Random(5)
    for rules in RULES:
        game = pyspiel.load_game("python_ginrummy", {"rules": rules})
        moved = 0
        for state in _random_states(game, rng, hands=1):
            if state.hand is None or state.is_terminal():
                continue
            for player in (0, 1):
                world = openspiel_game.resample(state, player, random.Random(rng.random()))
                moved += world.hand.hands[1 - player] != state.hand.hands[1 - player]
                assert world.information_state_tensor(player) == state.information_state_tensor(
                    player)
                assert world.information_state_string(player) == state.information_state_string(
                    player)
                assert world.observation_tensor(player) == state.observation_tensor(player)
        assert moved > 10


def _always_pile(state: pyspiel.State) -> int:
    legal = state.legal_actions()
    for wanted in (3, 1):  # draw pile, else pass the upcard
        if wanted in legal:
            return wanted
    if 2 in legal:
        return 2
    return next(a for a in legal if a in DISCARDS)  # never knock: throw the first card


def test_rl_openspiel_pile_draw_cap_ends_the_hand_dead() -> None:
    """With ``max_pile_draws=3`` the turn of the third pile draw ends with its discard, and the
    hand is dead: terminal, nobody scores, no legal action, the views say it is over."""
    game = pyspiel.load_game("python_ginrummy", {"max_pile_draws": 3})
    state = game.new_initial_state()
    _deal(state, random.Random(2))
    pile_draws = 0
    while not state.is_terminal():
        action = _always_pile(state)
        assert pile_draws < 3 or action in DISCARDS
        pile_draws += action == 3
        state.apply_action(action)
    assert state.capped and pile_draws == 3
    assert state.hand.result is None and not state.hand.is_over  # the core's hand is untouched
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    history = [str(m.action) for m in state.hand.history]
    assert history[:3] == ["pass", "pass", "draw stock"] and history[-2] == "draw pile"
    assert history[-1].startswith("discard") and len(history) == 2 + 2 + 2 * 3
    for player in (0, 1):
        vector = np.asarray(state.information_state_tensor(player))
        phase = vector[infostate.OBSERVATION + PHASE:infostate.OBSERVATION + PHASE + len(PHASES)]
        assert PHASES[int(np.argmax(phase))].value == "over"
        assert "phase over" in state.information_state_string(player)
        assert "phase over" in state.observation_string(player)
    assert "dead at the pile-draw cap" in str(state)


def test_rl_openspiel_pile_draw_cap_lets_the_last_turn_go_gin() -> None:
    """The turn that reaches the cap is played out: a gin in it scores, a discard ends it dead.

    P1 (non-dealer) holds AC 2C 3C | 4D 5D 6D | 7H 8H 9H and KS; the upcard TH completes the
    run. With ``max_pile_draws=1`` taking it is the last pile draw allowed."""
    game = pyspiel.load_game("python_ginrummy", {"max_pile_draws": 1})
    mine = [parse_card(c) for c in "AC 2C 3C 4D 5D 6D 7H 8H 9H KS".split()]
    upcard = parse_card("TH")
    rest = [c for c in range(52) if c not in mine and c != upcard]
    deck = [card for pair in zip(mine, rest[:10], strict=True) for card in pair]
    deck += [upcard, *rest[10:]]
    outcomes = {}
    for finish in ("gin KS", "discard KS"):
        state = game.new_initial_state()
        _deal_deck(state, deck)
        state.apply_action(action_index(Action.parse("take")))
        state.apply_action(action_index(Action.parse(finish)))
        assert state.is_terminal()
        result = state.hand.result
        outcomes[finish] = (state.capped, None if result is None else result.outcome,
                            state.returns())
    points = float(game.rules.gin_bonus)  # P0 holds 4C-KC, a run: no deadwood to add
    assert outcomes["gin KS"] == (False, "gin", [-points, points])
    assert outcomes["discard KS"] == (True, None, [0.0, 0.0])


def test_rl_openspiel_longest_hands_fit_max_game_length() -> None:
    """Draw from the stock down to one card above the wall, then only from the pile and never
    knock: the hand runs into the default cap of 50 pile draws within ``max_game_length``."""
    for rules in ("classic", "classic last_chance=yes stock_wall=0"):
        game = pyspiel.load_game("python_ginrummy", {"rules": rules})
        state = game.new_initial_state()
        _deal(state, random.Random(7))
        while not state.is_terminal():
            legal = state.legal_actions()
            if 2 in legal and len(state.hand.stock) > state.hand.rules.stock_wall + 1:
                state.apply_action(2)
            else:
                state.apply_action(_always_pile(state))
        moves = len(state.hand.history)
        stock_draws = 31 - state.hand.rules.stock_wall - 1
        assert state.capped and moves == 2 + 2 * (stock_draws + 50) <= game.max_game_length()
        filled = np.asarray(state.information_state_tensor(0))[infostate.HISTORY:]
        assert int(filled.reshape(-1, infostate.MOVE_SIZE).any(axis=1).sum()) == moves


def test_rl_openspiel_infostate_random_sim_test_passes() -> None:
    """OpenSpiel's own checks, which read the information-state tensor through the observer at
    every state, on a small cap (so hands reach it) and the eleven-card deal."""
    for params in ({"max_pile_draws": 2}, {"rules": "classic eleven_card_deal=yes"}):
        game = pyspiel.load_game("python_ginrummy", params)
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_rl_openspiel_infostate_doctests() -> None:
    for module in (infostate, openspiel_game):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def _legal_probabilities(policy: policy_lib.Policy, game: pyspiel.Game, hands: int) -> int:
    checked = 0
    rng = random.Random(1)
    for state in _random_states(game, rng, hands=hands):
        if state.is_chance_node() or state.is_terminal():
            continue
        probs = policy.action_probabilities(state)
        assert set(probs) <= set(state.legal_actions())
        assert all(p >= 0 for p in probs.values()) and abs(sum(probs.values()) - 1) < 1e-6
        checked += 1
    return checked


@pytest.mark.timeout(120)
def test_rl_openspiel_outcome_sampling_mccfr_trains_on_information_states() -> None:
    """OpenSpiel's outcome-sampling MCCFR, 300 iterations on hands capped at 3 pile draws
    (about 10 s): it keys its regrets on the information-state strings."""
    game = pyspiel.load_game("python_ginrummy", {"max_pile_draws": 3})
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(300):
        solver.iteration()
    average = solver.average_policy()
    assert _legal_probabilities(average, game, hands=2) > 10


class _NFSPPolicies(policy_lib.Policy):
    """Both NFSP agents' average policies as one OpenSpiel policy (as OpenSpiel's examples do)."""

    def __init__(self, game: pyspiel.Game, agents: list, mode) -> None:
        super().__init__(game, [0, 1])
        self._agents = agents
        self._mode = mode

    def action_probabilities(self, state, player_id=None):
        from open_spiel.python import rl_environment

        player = state.current_player()
        legal = state.legal_actions(player)
        observations = {"info_state": [None, None], "legal_actions": [None, None],
                        "current_player": player}
        observations["info_state"][player] = state.information_state_tensor(player)
        observations["legal_actions"][player] = legal
        step = rl_environment.TimeStep(observations=observations, rewards=None, discounts=None,
                                       step_type=None)
        with self._agents[player].temp_mode_as(self._mode):
            probs = self._agents[player].step(step, is_evaluation=True).probs
        return {action: float(probs[action]) for action in legal}


EPISODES = 60


@pytest.mark.timeout(180)
def test_rl_openspiel_nfsp_trains_on_the_information_state_tensor() -> None:
    """OpenSpiel's NFSP (PyTorch), 60 episodes of self-play (about 900 decisions, some 30
    learning steps a network) on hands capped at 3 pile draws: a few seconds of CPU once PyTorch
    has loaded. Its networks read ``information_state_tensor``; both agents' networks (best
    response and average policy) learn. Skipped without PyTorch and dm-tree."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("tree")  # dm-tree, which OpenSpiel's PyTorch agents need
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import nfsp

    torch.manual_seed(0)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # tiny networks: threads would only contend for the cores
    try:
        _train_nfsp(nfsp, rl_environment)
    finally:
        torch.set_num_threads(threads)


def _train_nfsp(nfsp, rl_environment) -> None:
    game = pyspiel.load_game("python_ginrummy", {"max_pile_draws": 3})
    env = rl_environment.Environment(game, seed=0)
    size = env.observation_spec()["info_state"][0]
    assert size == game.information_state_tensor_size()
    actions = env.action_spec()["num_actions"]
    agents = [nfsp.NFSP(player, size, actions, [32], reservoir_buffer_capacity=5000,
                        anticipatory_param=0.5, batch_size=32, min_buffer_size_to_learn=64,
                        learn_every=16, replay_buffer_capacity=5000,
                        epsilon_decay_duration=EPISODES, seed=player)
                  for player in (0, 1)]
    started = time.monotonic()
    decisions = 0
    for _ in range(EPISODES):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
            decisions += 1
        for agent in agents:
            agent.step(step)
    assert time.monotonic() - started < 120 and decisions > 500
    for agent in agents:
        supervised, reinforcement = agent.loss
        assert supervised is not None and reinforcement is not None
        assert np.isfinite(supervised) and np.isfinite(reinforcement)
    average = _NFSPPolicies(game, agents, nfsp.MODE.AVERAGE_POLICY)
    assert _legal_probabilities(average, game, hands=2) > 10
