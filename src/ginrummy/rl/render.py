"""A picture of the table as an ``(H, W, 3)`` ``uint8`` array, for ``render_mode="rgb_array"``.

NumPy only: the suits are drawn from circles and triangles, the text from a small built-in
5x7 bitmap font, and :func:`png_bytes` writes a PNG with :mod:`zlib`, so ``ginrummy[rl]``
needs no imaging library. The picture is for onlookers and videos: **both hands are face
up**; never give it to an acting agent.

>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.core.state import HandState
>>> image = table_image(HandState.deal(rules_for("classic"), dealer=0, seed=1))
>>> image.shape, image.dtype.name
((400, 640, 3), 'uint8')
"""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache
from pathlib import Path
from typing import TypeAlias

import numpy as np

from ginrummy.core.cards import RANK_OF, SUIT_OF, Card, from_mask
from ginrummy.core.melds import min_deadwood, min_deadwood_after_discard
from ginrummy.core.state import HandResult, HandState, Phase

Color: TypeAlias = tuple[int, int, int]

WIDTH, HEIGHT = 640, 400
CARD_W, CARD_H = 50, 70
CARD_GAP = 6
LIFT = 5  # how much higher the card just drawn stands in its row
HAND_TOP = (258, 56)  # the top of player 0's cards (bottom row) and of player 1's (top row)
LABEL_TOP = (338, 28)
MIDDLE_TOP = 154  # the stock and the discard pile
STOCK_LEFT, PILE_LEFT = WIDTH // 2 - CARD_W - 50, WIDTH // 2 + 50

FELT: Color = (17, 99, 52)
FELT_DARK: Color = (11, 74, 38)
CARD_FACE: Color = (250, 249, 242)
CARD_EDGE: Color = (70, 70, 70)
RED: Color = (200, 24, 36)
BLACK: Color = (22, 22, 26)
BACK: Color = (32, 64, 150)
BACK_LINE: Color = (92, 128, 214)
TEXT: Color = (236, 240, 230)
DIM: Color = (168, 200, 176)
HIGHLIGHT: Color = (250, 204, 40)

_RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_PHASE_TEXT = {
    Phase.UPCARD: "TAKE THE UPCARD OR PASS",
    Phase.DRAW: "DRAW",
    Phase.DISCARD: "DISCARD",
    Phase.LAST_CHANCE: "LAST CHANCE",
}

def _frozen(array: np.ndarray) -> np.ndarray:
    """Cached arrays are shared: make them read-only."""
    array.setflags(write=False)
    return array


# ---------------------------------------------------------------------------------------------
# The font: 5x7 glyphs, upper case (lower case is drawn as upper case).

_GLYPHS: dict[str, tuple[str, ...]] = {
    "A": (".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "B": ("####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."),
    "C": (".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."),
    "D": ("####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."),
    "E": ("#####", "#....", "#....", "####.", "#....", "#....", "#####"),
    "F": ("#####", "#....", "#....", "####.", "#....", "#....", "#...."),
    "G": (".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"),
    "H": ("#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "I": (".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "J": ("..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."),
    "K": ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),
    "L": ("#....", "#....", "#....", "#....", "#....", "#....", "#####"),
    "M": ("#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"),
    "N": ("#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"),
    "O": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "P": ("####.", "#...#", "#...#", "####.", "#....", "#....", "#...."),
    "Q": (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    "R": ("####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"),
    "S": (".####", "#....", "#....", ".###.", "....#", "....#", "####."),
    "T": ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."),
    "U": ("#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "V": ("#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."),
    "X": ("#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"),
    "Y": ("#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."),
    "Z": ("#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"),
    "0": (".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    " ": (".....",) * 7,
    "-": (".....", ".....", ".....", "#####", ".....", ".....", "....."),
    ":": (".....", "..#..", "..#..", ".....", "..#..", "..#..", "....."),
    ".": (".....", ".....", ".....", ".....", ".....", ".##..", ".##.."),
    ",": (".....", ".....", ".....", ".....", ".##..", "..#..", ".#..."),
    "_": (".....", ".....", ".....", ".....", ".....", ".....", "#####"),
    "/": ("....#", "....#", "...#.", "..#..", ".#...", "#....", "#...."),
    "(": ("...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#."),
    ")": (".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#..."),
    "+": (".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."),
    "=": (".....", ".....", "#####", ".....", "#####", ".....", "....."),
    "!": ("..#..", "..#..", "..#..", "..#..", "..#..", ".....", "..#.."),
    "?": (".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."),
}
GLYPH_W, GLYPH_H = 5, 7


@lru_cache(maxsize=512)
def text_mask(text: str, scale: int = 2) -> np.ndarray:
    """``text`` as a boolean bitmap, ``scale`` pixels a font dot, one dot between letters.

    >>> text_mask("A10", scale=1).shape
    (7, 17)
    """
    glyphs = [_GLYPHS.get(ch, _GLYPHS["?"]) for ch in text.upper()]
    width = max(len(glyphs) * (GLYPH_W + 1) - 1, 0)
    dots = np.zeros((GLYPH_H, width), dtype=bool)
    for i, glyph in enumerate(glyphs):
        rows = [[dot == "#" for dot in row] for row in glyph]
        dots[:, i * (GLYPH_W + 1):i * (GLYPH_W + 1) + GLYPH_W] = rows
    return _frozen(np.kron(dots, np.ones((scale, scale), dtype=bool)))


def text_width(text: str, scale: int = 2) -> int:
    return max(len(text) * (GLYPH_W + 1) - 1, 0) * scale


# ---------------------------------------------------------------------------------------------
# Shapes as alpha masks (0..1), supersampled 4x for smooth edges.

_SUPER = 4


def _grid(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Pixel-centre coordinates, supersampled: x and y in pixels."""
    ys = (np.arange(h * _SUPER) + 0.5) / _SUPER
    xs = (np.arange(w * _SUPER) + 0.5) / _SUPER
    return np.meshgrid(xs, ys)


def _downsample(inside: np.ndarray, h: int, w: int) -> np.ndarray:
    return _frozen(inside.reshape(h, _SUPER, w, _SUPER).mean(axis=(1, 3), dtype=np.float32))


@lru_cache(maxsize=64)
def suit_alpha(suit: int, size: int) -> np.ndarray:
    """The symbol of ``suit`` (0..3 = clubs, diamonds, hearts, spades) in a ``size`` square."""
    x, y = _grid(size, size)
    u, v = x / size * 2 - 1, y / size * 2 - 1  # -1..1, v down

    def disc(cu: float, cv: float, r: float) -> np.ndarray:
        return (u - cu) ** 2 + (v - cv) ** 2 <= r * r

    def right_of(u0: float, v0: float, u1: float, v1: float) -> np.ndarray:
        """Points on the right of the directed line (u0, v0) -> (u1, v1)."""
        return (u1 - u0) * (v - v0) - (v1 - v0) * (u - u0) <= 0

    def triangle(a: tuple[float, float], b: tuple[float, float],
                 c: tuple[float, float]) -> np.ndarray:
        inside: np.ndarray = right_of(*a, *b) & right_of(*b, *c) & right_of(*c, *a)
        return inside

    if suit == 1:  # diamond
        inside = np.abs(u) / 0.74 + np.abs(v) / 0.98 <= 1
    elif suit == 2:  # heart
        inside = (disc(-0.46, -0.36, 0.48) | disc(0.46, -0.36, 0.48)
                  | triangle((-0.92, -0.22), (0.0, 0.94), (0.92, -0.22))
                  | (np.abs(u) <= 0.5) & (v >= -0.5) & (v <= -0.1))
    elif suit == 3:  # spade
        inside = (disc(-0.44, 0.22, 0.44) | disc(0.44, 0.22, 0.44)
                  | triangle((0.88, 0.1), (0.0, -0.96), (-0.88, 0.1))
                  | triangle((0.0, 0.3), (0.34, 0.96), (-0.34, 0.96)))
    else:  # club
        inside = (disc(0.0, -0.47, 0.37) | disc(-0.46, 0.16, 0.37) | disc(0.46, 0.16, 0.37)
                  | disc(0.0, 0.0, 0.2)
                  | triangle((0.0, 0.1), (0.32, 0.96), (-0.32, 0.96)))
    return _downsample(inside, size, size)


@lru_cache(maxsize=16)
def rounded_rect_alpha(h: int, w: int, radius: float) -> np.ndarray:
    x, y = _grid(h, w)
    cx = np.clip(x, radius, w - radius)
    cy = np.clip(y, radius, h - radius)
    return _downsample((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius, h, w)


# ---------------------------------------------------------------------------------------------
# Drawing on a float canvas.


def _paint(canvas: np.ndarray, y: int, x: int, alpha: np.ndarray,
           color: Color | np.ndarray) -> None:
    """Blend ``color`` (one colour, or an image the size of ``alpha``) into ``canvas`` at
    (y, x) with ``alpha``; whatever falls outside the canvas is clipped."""
    h, w = alpha.shape
    y0, x0 = max(y, 0), max(x, 0)
    y1, x1 = min(y + h, canvas.shape[0]), min(x + w, canvas.shape[1])
    if y0 >= y1 or x0 >= x1:
        return
    a = alpha[y0 - y:y1 - y, x0 - x:x1 - x, None]
    paint = np.asarray(color, dtype=np.float32)
    if paint.ndim == 3:
        paint = paint[y0 - y:y1 - y, x0 - x:x1 - x]
    region = canvas[y0:y1, x0:x1]
    region += (paint - region) * a


def draw_text(canvas: np.ndarray, text: str, y: int, x: int, *, color: Color = TEXT,
              scale: int = 2, align: str = "left") -> None:
    """Write ``text`` with its top at ``y``; ``x`` is its left, centre or right edge."""
    mask = text_mask(text, scale)
    if align == "center":
        x -= mask.shape[1] // 2
    elif align == "right":
        x -= mask.shape[1]
    _paint(canvas, y, x, mask.astype(np.float32), color)


def suit_color(card: Card) -> Color:
    return RED if SUIT_OF[card] in (1, 2) else BLACK


@lru_cache(maxsize=16)
def rank_mask(rank: str) -> np.ndarray:
    """A rank at scale 2; "10" has its "1" trimmed so it fits a corner like one letter."""
    mask = text_mask(rank, 2).astype(np.float32)
    if rank == "10":
        gap = np.zeros((mask.shape[0], 2), dtype=np.float32)
        mask = np.concatenate([mask[:, 2:8], gap, mask[:, 12:22]], axis=1)
    return _frozen(mask)


@lru_cache(maxsize=64)
def card_face(card: Card) -> tuple[np.ndarray, np.ndarray]:
    """A card's face (RGB floats) and its alpha: rank and suit in two corners, a big suit in
    the middle."""
    face = np.empty((CARD_H, CARD_W, 3), dtype=np.float32)
    face[:] = CARD_EDGE
    outer = rounded_rect_alpha(CARD_H, CARD_W, 6.0)
    inner = rounded_rect_alpha(CARD_H - 2, CARD_W - 2, 5.0)
    _paint(face, 1, 1, inner, CARD_FACE)
    color = suit_color(card)
    rank, suit = _RANK_TEXT[RANK_OF[card]], SUIT_OF[card]
    index = rank_mask(rank)
    small = suit_alpha(suit, 11)
    _paint(face, 4, 4, index, color)
    _paint(face, 20, 4 + (index.shape[1] - 11) // 2, small, color)
    _paint(face, CARD_H - 4 - 11, CARD_W - 4 - 11, small[::-1, ::-1], color)  # upside down
    big = suit_alpha(suit, 26)
    _paint(face, (CARD_H - 26) // 2 + 2, (CARD_W - 26) // 2 + 3, big, color)
    return _frozen(face), outer


@lru_cache(maxsize=1)
def card_back() -> tuple[np.ndarray, np.ndarray]:
    """The back of a card: a blue lattice in a white margin."""
    back = np.empty((CARD_H, CARD_W, 3), dtype=np.float32)
    back[:] = CARD_EDGE
    _paint(back, 1, 1, rounded_rect_alpha(CARD_H - 2, CARD_W - 2, 5.0), CARD_FACE)
    h, w = CARD_H - 8, CARD_W - 8
    yy, xx = np.mgrid[0:h, 0:w]
    lattice = ((xx + yy) % 8 < 2) | ((xx - yy) % 8 < 2)
    panel = np.empty((h, w, 3), dtype=np.float32)
    panel[:] = BACK
    panel[lattice] = BACK_LINE
    _paint(back, 4, 4, rounded_rect_alpha(h, w, 3.0), panel)
    return _frozen(back), rounded_rect_alpha(CARD_H, CARD_W, 6.0)


def _paste_card(canvas: np.ndarray, y: int, x: int, card: Card | None) -> None:
    """A face (or, for None, the back) with a soft shadow."""
    image, alpha = card_back() if card is None else card_face(card)
    _paint(canvas, y + 2, x + 2, alpha * 0.35, (0, 0, 0))
    _paint(canvas, y, x, alpha, image)


def _frame(canvas: np.ndarray, y: int, x: int, h: int, w: int, color: Color,
           thickness: int = 3) -> None:
    outer = rounded_rect_alpha(h, w, 10.0)
    inner = np.zeros_like(outer)
    inner[thickness:h - thickness, thickness:w - thickness] = rounded_rect_alpha(
        h - 2 * thickness, w - 2 * thickness, 10.0 - thickness)
    _paint(canvas, y, x, np.clip(outer - inner, 0.0, 1.0), color)


@lru_cache(maxsize=1)
def felt() -> np.ndarray:
    """The table: green felt, darker towards the edges."""
    yy, xx = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    d = np.hypot((xx - WIDTH / 2) / (WIDTH / 2), (yy - HEIGHT / 2) / (HEIGHT / 2))
    t = np.clip(d - 0.35, 0.0, 1.0)[..., None] / 0.9
    return _frozen(np.asarray(FELT, np.float32) * (1 - t) + np.asarray(FELT_DARK, np.float32) * t)


# ---------------------------------------------------------------------------------------------
# The table.


def card_lefts(n: int) -> list[int]:
    """The left edges of a row of ``n`` cards, centred (they overlap if more than 11).

    >>> card_lefts(3)
    [239, 295, 351]
    """
    if n == 0:
        return []
    step = min(CARD_W + CARD_GAP, (WIDTH - 30 - CARD_W) // max(n - 1, 1))
    left = (WIDTH - step * (n - 1) - CARD_W) // 2
    return [left + i * step for i in range(n)]


def _hand_row(canvas: np.ndarray, cards: list[Card], y: int, *, lifted: Card | None) -> None:
    """A row of faces; the card just drawn (``lifted``) stands a little higher."""
    for x, card in zip(card_lefts(len(cards)), cards, strict=True):
        _paste_card(canvas, y - LIFT if card == lifted else y, x, card)


def _just_drawn(state: HandState) -> Card | None:
    """The card the player to discard has just drawn (from the stock or the pile), if any."""
    if state.phase is not Phase.DISCARD or not state.history:
        return None
    last = state.history[-1]
    return last.card if last.player == state.to_play else None


def _deadwood(state: HandState, player: int) -> int:
    """What the hand counts: at a knock's end as settled (the defender's after layoffs), else
    its least deadwood (after the best discard when it holds eleven cards)."""
    result = state.result
    if result is not None and result.settlement is not None:
        settlement = result.settlement
        return (settlement.knocker_deadwood if player == result.knocker
                else settlement.defender_deadwood)
    mask = state.hands[player]
    return min_deadwood_after_discard(mask) if bin(mask).count("1") > 10 else min_deadwood(mask)


def _result_text(result: HandResult, names: tuple[str, str]) -> str:
    if result.outcome == "dead" or result.winner is None:
        return "DEAD HAND: NOBODY SCORES"
    kind = {"big_gin": "BIG GIN", "undercut": "UNDERCUT"}.get(result.outcome,
                                                             result.outcome.upper())
    return f"{kind}! {names[result.winner]} SCORES {result.points}"


def table_image(
    state: HandState,
    *,
    scores: tuple[int, ...] = (0, 0),
    hand_number: int = 1,
    target: int | None = None,
    names: tuple[str, str] = ("player_0", "player_1"),
) -> np.ndarray:
    """The table as an onlooker sees it, **both hands face up**: player 1 at the top, player 0
    at the bottom, the stock (a card back and its count) and the discard pile's top card in the
    middle, the score line above and whose turn it is (a yellow frame and the phase) below.
    """
    canvas = felt().copy()
    over = state.phase is Phase.OVER
    mover = None if over else state.to_play

    header = f"HAND {hand_number}    SCORE {scores[0]} - {scores[1]}"
    if target is not None:
        header += f"    GAME TO {target}"
    draw_text(canvas, header, 8, WIDTH // 2, align="center")

    for player in (1, 0):
        card_y, label_y = HAND_TOP[player], LABEL_TOP[player]
        mask = state.hands[player]
        if mover == player:
            _frame(canvas, card_y - 8, 6, CARD_H + 16, WIDTH - 12, HIGHLIGHT)
        label = names[player] + ("  (DEALER)" if state.dealer == player else "")
        color = HIGHLIGHT if mover == player else TEXT
        draw_text(canvas, label, label_y, 16, color=color)
        draw_text(canvas, f"DEADWOOD {_deadwood(state, player)}", label_y, WIDTH - 16,
                  color=DIM, align="right")
        _hand_row(canvas, from_mask(mask), card_y, lifted=_just_drawn(state))

    # the stock and the discard pile
    mid_y, stock_x, pile_x = MIDDLE_TOP, STOCK_LEFT, PILE_LEFT
    if state.stock:
        for depth in (2, 1):
            if len(state.stock) > depth:
                _paste_card(canvas, mid_y - 2 * depth, stock_x - 2 * depth, None)
        _paste_card(canvas, mid_y, stock_x, None)
        count = str(len(state.stock))
        tag_w = text_width(count) + 8
        tag_x = stock_x + (CARD_W - tag_w) // 2
        _paint(canvas, mid_y + 26, tag_x, rounded_rect_alpha(18, tag_w, 4.0), CARD_FACE)
        draw_text(canvas, count, mid_y + 28, stock_x + CARD_W // 2, color=BLACK, align="center")
    else:
        _frame(canvas, mid_y, stock_x, CARD_H, CARD_W, DIM, thickness=2)
    draw_text(canvas, f"STOCK {len(state.stock)}", mid_y + CARD_H + 8,
              stock_x + CARD_W // 2, color=DIM, align="center")
    if state.pile:
        if len(state.pile) > 1:
            _paste_card(canvas, mid_y - 2, pile_x - 3, state.pile[-2])
        _paste_card(canvas, mid_y, pile_x, state.pile[-1])
    else:
        _frame(canvas, mid_y, pile_x, CARD_H, CARD_W, DIM, thickness=2)
    draw_text(canvas, f"DISCARD {len(state.pile)}", mid_y + CARD_H + 8,
              pile_x + CARD_W // 2, color=DIM, align="center")

    if over:
        assert state.result is not None
        footer = _result_text(state.result, names)
        color = HIGHLIGHT
    else:
        footer = f"{names[state.to_play]} TO PLAY: {_PHASE_TEXT[state.phase]}"
        color = TEXT
    draw_text(canvas, footer, HEIGHT - 26, WIDTH // 2, color=color, align="center")
    limit = f"KNOCK AT {state.knock_limit}" if state.knock_limit > 0 else "GIN ONLY"
    draw_text(canvas, limit, mid_y + 28, WIDTH - 16, color=DIM, align="right")
    return np.clip(canvas + 0.5, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------------------------------------
# PNG without an imaging library.


def png_bytes(image: np.ndarray) -> bytes:
    """An ``(H, W, 3)`` ``uint8`` image as a PNG file's bytes (8-bit RGB, no filter).

    >>> png_bytes(np.zeros((2, 3, 3), np.uint8))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    if image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] != 3:
        raise ValueError(f"expected an (H, W, 3) uint8 image, not {image.dtype} {image.shape}")
    h, w = image.shape[:2]
    rows = np.concatenate([np.zeros((h, 1), np.uint8), image.reshape(h, w * 3)], axis=1)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows.tobytes(), 9)) + chunk(b"IEND", b""))


def write_png(path: str | Path, image: np.ndarray) -> None:
    Path(path).write_bytes(png_bytes(image))
