"""``render_mode="rgb_array"``: the table picture of both environments, and the PNG writer.

The picture's layout constants come from :mod:`ginrummy.rl.render`; the tests read cards back
out of the pixels (how many faces a row shows, which rank a corner shows, the suit's colour).
"""

from __future__ import annotations

import contextlib
import io
import struct
import warnings
import zlib
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test

from ginrummy.core.cards import RANK_OF, SUIT_OF, Card, from_mask, parse_cards
from ginrummy.core.rules import preset_names, rules_for
from ginrummy.core.state import HandState
from ginrummy.rl import ginrummy_v0
from ginrummy.rl.encoding import index_action
from ginrummy.rl.render import (
    CARD_FACE,
    CARD_H,
    CARD_W,
    HAND_TOP,
    HEIGHT,
    HIGHLIGHT,
    LIFT,
    MIDDLE_TOP,
    PILE_LEFT,
    STOCK_LEFT,
    WIDTH,
    card_lefts,
    png_bytes,
    rank_mask,
    table_image,
    write_png,
)

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FACE = np.array(CARD_FACE)


def face_count(image: np.ndarray, player: int) -> int:
    """How many card faces player's row shows: runs of columns with card-white in them."""
    band = image[HAND_TOP[player] - LIFT:HAND_TOP[player] + CARD_H].astype(int)
    white = np.all(np.abs(band - FACE) <= 3, axis=2).any(axis=0)
    edges = np.flatnonzero(np.diff(np.r_[0, white.astype(int), 0]))
    runs = edges[1::2] - edges[::2]
    return int(np.sum(runs >= 30))


def corner_rank(image: np.ndarray, top: int, left: int) -> str | None:
    """The rank printed in the top-left corner of the card at (top, left), if any."""
    for rank in RANKS:
        mask = rank_mask(rank) > 0.5
        h, w = mask.shape
        region = image[top + 4:top + 4 + h, left + 4:left + 4 + w + 2].astype(int)
        ink = np.any(np.abs(region - FACE) > 60, axis=2)
        if np.array_equal(ink[:, :w], mask) and not ink[:, w:].any():
            return rank
    return None


def suit_pixel(image: np.ndarray, top: int, left: int) -> np.ndarray:
    """The centre of the card's big suit symbol."""
    return image[top + 37, left + 28].astype(int)


def is_red(pixel: np.ndarray) -> bool:
    return bool(pixel[0] > 150 and pixel[1] < 80 and pixel[2] < 80)


def is_black(pixel: np.ndarray) -> bool:
    return bool(pixel.max() < 80)


def assert_row_shows(image: np.ndarray, player: int, cards: list[Card]) -> None:
    assert face_count(image, player) == len(cards)
    for left, card in zip(card_lefts(len(cards)), cards, strict=True):
        assert corner_rank(image, HAND_TOP[player], left) == RANKS[RANK_OF[card]]
        red = SUIT_OF[card] in (1, 2)  # diamonds, hearts
        pixel = suit_pixel(image, HAND_TOP[player], left)
        assert is_red(pixel) if red else is_black(pixel), (card, pixel)


def pile_rank(image: np.ndarray) -> str | None:
    return corner_rank(image, MIDDLE_TOP, PILE_LEFT)


def rgb_env(**options: Any) -> Any:
    env = ginrummy_v0.raw_env(render_mode="rgb_array", **options)
    env.reset(seed=7)
    return env


def test_rl_render_rgb_array_is_a_uint8_picture_of_both_hands_face_up() -> None:
    env = rgb_env()
    image = env.render()
    assert isinstance(image, np.ndarray)
    assert image.shape == (HEIGHT, WIDTH, 3) and image.dtype == np.uint8
    state = env.match.state
    for player in (0, 1):
        assert_row_shows(image, player, from_mask(state.hands[player]))
    assert pile_rank(image) == RANKS[RANK_OF[state.pile_top]]
    assert image[MIDDLE_TOP + 10, STOCK_LEFT + 10, 2] > 120  # the stock is a blue card back


def test_rl_render_red_suits_are_red_and_black_suits_black() -> None:
    # stacked deal: the non-dealer (player 1) gets the even positions, the dealer the odd ones
    p1 = parse_cards("AH 2D 3H 4D 5H 6D 7H 8D 9H TD")
    p0 = parse_cards("AS 2C 3S 4C 5S 6C 7S 8C 9S TC")
    rest = [c for c in range(52) if c not in p0 + p1]
    deck = [card for pair in zip(p1, p0, strict=True) for card in pair] + rest
    state = HandState(rules_for("classic"), dealer=0, deck=deck)
    image = table_image(state)
    for player in (0, 1):
        assert_row_shows(image, player, from_mask(state.hands[player]))
    reds = [suit_pixel(image, HAND_TOP[1], left) for left in card_lefts(10)]
    blacks = [suit_pixel(image, HAND_TOP[0], left) for left in card_lefts(10)]
    assert all(is_red(p) for p in reds) and all(is_black(p) for p in blacks)


def test_rl_render_follows_a_draw_and_a_discard() -> None:
    """Drawing adds a face to the mover's row and shrinks the stock; the discard moves a card
    from the row to the top of the pile."""
    env = rgb_env()
    match = env.match
    dealt = env.render()
    while match.state.phase.value != "discard":  # pass the upcard twice, then draw from stock
        names = {str(index_action(i)): i for i in
                 np.flatnonzero(env.observe(env.agent_selection)["action_mask"])}
        env.step(int(names.get("draw stock", names.get("pass"))))
    mover = match.state.to_play
    before = env.render()
    assert len(match.state.stock) == 30
    stock = np.s_[MIDDLE_TOP - 4:MIDDLE_TOP + CARD_H + 24, STOCK_LEFT - 4:STOCK_LEFT + CARD_W]
    assert not np.array_equal(dealt[stock], before[stock])  # the count went from 31 to 30
    assert face_count(before, mover) == 11 and face_count(before, 1 - mover) == 10
    drawn = match.state.history[-1].card  # stands LIFT pixels higher than the rest of its row
    assert drawn is not None
    left = card_lefts(11)[from_mask(match.state.hands[mover]).index(drawn)]
    assert corner_rank(before, HAND_TOP[mover] - LIFT, left) == RANKS[RANK_OF[drawn]]
    assert corner_rank(before, HAND_TOP[mover], left) is None
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    discard = next(int(a) for a in legal if str(index_action(int(a))).startswith("discard"))
    card = index_action(discard).card
    assert card is not None
    env.step(discard)
    after = env.render()
    assert face_count(after, mover) == 10
    assert_row_shows(after, mover, from_mask(match.state.hands[mover]))
    assert pile_rank(after) == RANKS[RANK_OF[card]]
    assert not np.array_equal(before, after)


def test_rl_render_frames_the_player_to_move_and_shows_the_result_at_the_end() -> None:
    env = rgb_env()
    rng = np.random.default_rng(0)
    for step, _ in enumerate(env.agent_iter()):
        obs, _, termination, truncation, _ = env.last()
        if termination or truncation:
            break
        if step < 40:  # both players move in the first few turns
            image = env.render()
            mover = env.match.state.to_play
            frame_pixel = image[HAND_TOP[mover] + 30, 7].astype(int)
            other_pixel = image[HAND_TOP[1 - mover] + 30, 7].astype(int)
            assert np.abs(frame_pixel - HIGHLIGHT).max() <= 2
            assert np.abs(other_pixel - HIGHLIGHT).max() > 60
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    final = env.render()
    for player in (0, 1):
        assert np.abs(final[HAND_TOP[player] + 30, 7].astype(int) - HIGHLIGHT).max() > 60
    footer = final[HEIGHT - 26:HEIGHT - 12].reshape(-1, 3).astype(int)
    assert np.any(np.abs(footer - HIGHLIGHT).max(axis=1) <= 2)  # the result line, in yellow


def test_rl_render_test_passes_for_every_mode() -> None:
    with contextlib.redirect_stdout(io.StringIO()):  # "human" prints the table
        render_test(lambda **kw: ginrummy_v0.env(**kw))
        render_test(lambda **kw: ginrummy_v0.raw_env(episode="match", rules="oklahoma", **kw))
    assert "rgb_array" in ginrummy_v0.raw_env().metadata["render_modes"]


def test_rl_gymnasium_check_env_passes_with_the_render_check() -> None:
    env = gymnasium.make("ginrummy/GinRummy-v0", render_mode="rgb_array").unwrapped
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.filterwarnings("error", message=".*[Rr]ender.*")
        check_env(env)  # checks every declared mode through the spec
    env.reset(seed=3)
    image = env.render()
    assert image.shape == (HEIGHT, WIDTH, 3) and image.dtype == np.uint8
    state = env.game.match.state
    assert face_count(image, 0) + face_count(image, 1) == bin(state.hands[0] | state.hands[1]
                                                              ).count("1")


def test_rl_render_mode_must_be_known() -> None:
    with pytest.raises(ValueError, match="rgb_array"):
        ginrummy_v0.raw_env(render_mode="svg")
    with pytest.raises(ValueError, match="rgb_array"):
        ginrummy_v0.gym_env(render_mode="svg")


def test_rl_render_none_and_ansi_are_unchanged() -> None:
    env = ginrummy_v0.raw_env()
    env.reset(seed=1)
    assert env.render() is None
    text = ginrummy_v0.raw_env(render_mode="ansi")
    text.reset(seed=1)
    assert isinstance(text.render(), str) and "player_0:" in text.render()


def read_png(data: bytes) -> np.ndarray:
    """A minimal decoder for the PNGs png_bytes writes (8-bit RGB, filter 0)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, {}
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        chunks[kind] = chunks.get(kind, b"") + body
        pos += 12 + length
    w, h, depth, color, _, _, _ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, color) == (8, 2) and b"IEND" in chunks
    raw = np.frombuffer(zlib.decompress(chunks[b"IDAT"]), np.uint8).reshape(h, 1 + 3 * w)
    assert not raw[:, 0].any()
    return raw[:, 1:].reshape(h, w, 3)


def test_rl_render_png_round_trips(tmp_path: Any) -> None:
    image = rgb_env().render()
    assert np.array_equal(read_png(png_bytes(image)), image)
    write_png(tmp_path / "table.png", image)
    assert np.array_equal(read_png((tmp_path / "table.png").read_bytes()), image)
    with pytest.raises(ValueError):
        png_bytes(image.astype(np.float32))


def test_rl_render_doctests_pass() -> None:
    import doctest

    from ginrummy.rl import render

    assert doctest.testmod(render).failed == 0


@pytest.mark.parametrize("preset", preset_names())
def test_rl_render_every_preset_shows_each_hand_through_a_random_hand(preset: str) -> None:
    env = ginrummy_v0.raw_env(render_mode="rgb_array", rules=preset)
    env.reset(seed=len(preset))
    rng = np.random.default_rng(1)
    for step, _ in enumerate(env.agent_iter()):
        obs, _, termination, truncation, _ = env.last()
        if termination or truncation:
            break
        if step % 7 == 0:
            image = env.render()
            assert image.shape == (HEIGHT, WIDTH, 3) and image.dtype == np.uint8
            for player in (0, 1):
                assert face_count(image, player) == len(env.match.state.hand(player))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    final = env.render()
    for player in (0, 1):
        assert face_count(final, player) == len(env.match.state.hand(player))
