"""The ``learned`` player: the shipped NumPy policy plays whole matches legally, by name, with
the network's best legal action, and never loops on the pile."""

from __future__ import annotations

from importlib import resources

import numpy as np
import pytest

from ginrummy.core.actions import DRAW_PILE
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.state import Phase
from ginrummy.players.base import BasePlayer, play_match
from ginrummy.players.learned import MAX_PILE_DRAWS, LearnedPlayer, shipped_policy
from ginrummy.players.registry import make_player, player_names
from ginrummy.players.standard import StandardPlayer
from ginrummy.rl.baselines.mlp import MLPPolicy
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE, action_index, action_mask, encode_view


class Recorder(BasePlayer):
    """Wraps a player and keeps every view it decided on with the action it chose."""

    def __init__(self, inner: LearnedPlayer) -> None:
        super().__init__()
        self.inner = inner
        self.name = inner.name
        self.seen: list[tuple[object, object]] = []

    def choose(self, view):
        action = self.inner.choose(view)
        self.seen.append((view, action))
        return action


def test_learned_is_a_registered_player_with_shipped_numpy_weights() -> None:
    assert "learned" in player_names()
    player = make_player("learned", seed=3)
    assert isinstance(player, LearnedPlayer) and player.name == "learned"
    weights = resources.files("ginrummy.players") / "weights" / "learned.npz"
    assert weights.is_file()
    policy = shipped_policy()
    assert policy.layers[0][0].shape[0] == OBS_SIZE
    assert policy.layers[-1][0].shape[1] == NUM_ACTIONS


@pytest.mark.parametrize("preset", ["classic", "oklahoma", "straight", "hollywood"])
def test_learned_plays_whole_matches_with_its_best_legal_action(preset: str) -> None:
    recorder = Recorder(LearnedPlayer(seed=0))
    match = Match.new(rules_for(preset), seed=11)
    play_match(match, (recorder, StandardPlayer(seed=1)))  # raises on an illegal action
    assert match.is_over
    policy = shipped_policy()
    checked = 0
    for view, action in recorder.seen[:200]:
        legal = view.legal_actions
        assert action in legal
        if len(legal) > 1 and not (action == DRAW_PILE or view.phase is Phase.OVER):
            scores = policy.scores(encode_view(view)[None, :])[0]
            mask = action_mask(legal).astype(bool)
            assert scores[action_index(action)] == scores[mask].max()
            checked += 1
    assert checked > 20


def test_learned_keeps_to_the_stock_after_its_pile_draw_limit(tmp_path) -> None:
    """A policy that always prefers the pile, against itself, would take discards forever."""
    rng = np.random.default_rng(0)
    out = np.zeros((8, NUM_ACTIONS))
    bias = np.zeros(NUM_ACTIONS)
    bias[3] = 100.0  # draw pile above everything
    policy = MLPPolicy([(rng.normal(size=(OBS_SIZE, 8)), np.zeros(8)), (out, bias)])
    path = tmp_path / "pile.npz"
    policy.save(path)
    players = (LearnedPlayer(weights=path), LearnedPlayer(weights=path))
    match = Match.new(rules_for("classic"), seed=4)
    state = match.state
    for _ in range(2000):  # one hand: it must reach its end
        if state.is_over:
            break
        match.apply(players[state.to_play].choose(match.view(state.to_play)))
    assert state.is_over
    for seat in (0, 1):
        draws = sum(1 for m in state.history if m.player == seat and m.action == DRAW_PILE)
        assert draws == MAX_PILE_DRAWS  # it took the pile every time it could, up to the limit


def test_learned_refuses_a_weights_file_of_the_wrong_shape(tmp_path) -> None:
    path = tmp_path / "bad.npz"
    np.savez(path, w_out=np.zeros((10, NUM_ACTIONS)), b_out=np.zeros(NUM_ACTIONS))
    with pytest.raises(ValueError, match="219 observation values"):
        LearnedPlayer(weights=path)
