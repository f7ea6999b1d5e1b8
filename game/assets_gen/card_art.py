"""Draw every card face, the card back and the table felt with Pillow.

Run ``python -m game.assets_gen.card_art`` to rewrite ``sprites/``.  Cards are drawn at
twice their display size (200x280 for 100x140 on screen) so they stay crisp when scaled.
Courts are double-ended busts (crown for kings, tiara for queens, cap for jacks and
Unters, plumed hat for Obers); Czech cards carry their own suit signs (leaves, hearts,
bells, acorns) and Atlasnye cards the Cyrillic indices В Д К Т.
"""
from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from game import resources
from game.cards import (
    ATLASNYE_LABELS,
    CZECH_LABELS,
    CZECH_RANKS,
    CZECH_SUITS,
    FRENCH_RANKS,
    FRENCH_SUITS,
    RANK_LABELS,
    atlasnye_deck,
)

W, H = 200, 280
RADIUS = 16
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FACE = (252, 250, 243)
EDGE = (120, 120, 120)
INK = {"S": (25, 25, 30), "C": (25, 25, 30), "H": (200, 20, 45), "D": (200, 20, 45)}
INK4 = {"S": (25, 25, 30), "C": (20, 125, 50), "H": (200, 20, 45), "D": (25, 80, 200)}
CZ_INK = {"L": (40, 120, 50), "H": (200, 25, 45), "B": (205, 140, 10), "A": (120, 70, 30)}
GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
GOLD = (222, 176, 52)
SKIN = (247, 216, 180)


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def blank() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((1, 1, W - 2, H - 2), RADIUS, fill=FACE, outline=EDGE, width=2)
    return img, d


# ----- suit signs --------------------------------------------------------------------
def suit_sign(style: str, suit: str, size: int) -> Image.Image:
    """A suit sign on a transparent square of ``size`` pixels."""
    big = size * 4
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if style != "czech" or suit == "H":
        color = CZ_INK["H"] if style == "czech" else ink(style, suit)
        glyph = GLYPH[suit]
        f = font(int(big * 1.05), bold=False)
        box = d.textbbox((0, 0), glyph, font=f)
        gw, gh = box[2] - box[0], box[3] - box[1]
        d.text(((big - gw) / 2 - box[0], (big - gh) / 2 - box[1]), glyph, font=f, fill=color)
    elif suit == "L":
        _leaf(d, big)
    elif suit == "B":
        _bell(d, big)
    else:
        _acorn(d, big)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _leaf(d: ImageDraw.ImageDraw, s: int) -> None:
    green, dark = CZ_INK["L"], (20, 70, 30)
    pts = []
    for i in range(41):
        t = i / 40 * math.pi
        x = s / 2 + math.sin(t) * s * 0.36
        y = s * 0.05 + (1 - math.cos(t)) / 2 * s * 0.78
        pts.append((x, y))
    for i in range(41):
        t = math.pi - i / 40 * math.pi
        x = s / 2 - math.sin(t) * s * 0.36
        y = s * 0.05 + (1 - math.cos(t)) / 2 * s * 0.78
        pts.append((x, y))
    d.polygon(pts, fill=green, outline=dark)
    d.line((s / 2, s * 0.1, s / 2, s * 0.97), fill=dark, width=max(2, s // 40))
    for k in range(1, 5):
        y = s * (0.15 + k * 0.13)
        d.line((s / 2, y + s * 0.06, s / 2 - s * 0.22, y - s * 0.02), fill=dark, width=max(1, s // 60))
        d.line((s / 2, y + s * 0.06, s / 2 + s * 0.22, y - s * 0.02), fill=dark, width=max(1, s // 60))


def _bell(d: ImageDraw.ImageDraw, s: int) -> None:
    gold, dark = CZ_INK["B"], (120, 70, 0)
    d.ellipse((s * 0.12, s * 0.14, s * 0.88, s * 0.9), fill=gold, outline=dark, width=s // 40)
    d.ellipse((s * 0.42, s * 0.02, s * 0.58, s * 0.18), outline=dark, width=s // 30)
    d.line((s * 0.16, s * 0.45, s * 0.84, s * 0.45), fill=dark, width=s // 30)
    d.line((s * 0.16, s * 0.55, s * 0.84, s * 0.55), fill=(250, 230, 150), width=s // 40)
    d.rectangle((s * 0.47, s * 0.62, s * 0.53, s * 0.8), fill=dark)
    d.ellipse((s * 0.38, s * 0.74, s * 0.62, s * 0.88), fill=(60, 40, 10))


def _acorn(d: ImageDraw.ImageDraw, s: int) -> None:
    nut, cap, dark = (196, 132, 60), CZ_INK["A"], (60, 35, 10)
    d.ellipse((s * 0.24, s * 0.3, s * 0.76, s * 0.96), fill=nut, outline=dark, width=s // 45)
    d.chord((s * 0.16, s * 0.16, s * 0.84, s * 0.6), 180, 360, fill=cap, outline=dark,
            width=s // 45)
    d.rectangle((s * 0.16, s * 0.37, s * 0.84, s * 0.44), fill=cap, outline=dark)
    for k in range(5):
        x = s * (0.24 + k * 0.13)
        d.line((x, s * 0.2, x + s * 0.08, s * 0.42), fill=dark, width=max(1, s // 80))
    d.line((s * 0.5, s * 0.04, s * 0.5, s * 0.18), fill=dark, width=s // 25)
    d.ellipse((s * 0.36, s * 0.55, s * 0.46, s * 0.7), fill=(230, 180, 110))


def ink(style: str, suit: str) -> tuple[int, int, int]:
    if style == "czech":
        return CZ_INK[suit]
    return (INK4 if style == "french4" else INK)[suit]   # french4: four colours


# ----- layout pieces -------------------------------------------------------------------
def corner(img: Image.Image, style: str, rank: str, suit: str) -> None:
    labels = {"atlasnye": ATLASNYE_LABELS, "czech": CZECH_LABELS}.get(style, RANK_LABELS)
    label = labels.get(rank, rank)
    piece = Image.new("RGBA", (44, 84), (0, 0, 0, 0))
    d = ImageDraw.Draw(piece)
    f = font(36) if len(label) == 1 else ImageFont.truetype(
        str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf"), 28)
    box = d.textbbox((0, 0), label, font=f)
    d.text((22 - (box[2] - box[0]) / 2 - box[0], 6 - box[1]), label, font=f,
           fill=ink(style, suit))
    sign = suit_sign(style, suit, 28)
    piece.alpha_composite(sign, (8, 50))
    img.alpha_composite(piece, (4, 6))
    img.alpha_composite(piece.rotate(180), (W - 48, H - 90))


PIPS = {
    2: [(0.5, 0.14), (0.5, 0.86)],
    3: [(0.5, 0.14), (0.5, 0.5), (0.5, 0.86)],
    4: [(0.28, 0.14), (0.72, 0.14), (0.28, 0.86), (0.72, 0.86)],
    5: [(0.28, 0.14), (0.72, 0.14), (0.5, 0.5), (0.28, 0.86), (0.72, 0.86)],
    6: [(0.28, 0.14), (0.72, 0.14), (0.28, 0.5), (0.72, 0.5), (0.28, 0.86), (0.72, 0.86)],
    7: [(0.28, 0.14), (0.72, 0.14), (0.5, 0.32), (0.28, 0.5), (0.72, 0.5), (0.28, 0.86),
        (0.72, 0.86)],
    8: [(0.28, 0.14), (0.72, 0.14), (0.5, 0.32), (0.28, 0.5), (0.72, 0.5), (0.5, 0.68),
        (0.28, 0.86), (0.72, 0.86)],
    9: [(0.28, 0.14), (0.72, 0.14), (0.28, 0.38), (0.72, 0.38), (0.5, 0.5), (0.28, 0.62),
        (0.72, 0.62), (0.28, 0.86), (0.72, 0.86)],
    10: [(0.28, 0.14), (0.72, 0.14), (0.5, 0.26), (0.28, 0.38), (0.72, 0.38), (0.28, 0.62),
         (0.72, 0.62), (0.5, 0.74), (0.28, 0.86), (0.72, 0.86)],
}
AREA = (58, 30, W - 58, H - 30)


def pips(img: Image.Image, style: str, suit: str, n: int) -> None:
    size = 36 if n <= 8 else 32
    sign = suit_sign(style, suit, size)
    x0, y0, x1, y1 = AREA
    for fx, fy in PIPS[n]:
        cx, cy = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
        s = sign.rotate(180) if fy > 0.55 else sign
        img.alpha_composite(s, (int(cx - size / 2), int(cy - size / 2)))


def ace(img: Image.Image, style: str, suit: str) -> None:
    d = ImageDraw.Draw(img)
    if style == "czech":  # the Daus: a framed, large sign with a banner
        d.rounded_rectangle((50, 40, W - 50, H - 40), 12, outline=GOLD, width=4)
        d.rounded_rectangle((58, 48, W - 58, H - 48), 8, fill=(250, 240, 210))
    else:
        d.ellipse((50, 90, W - 50, H - 90), fill=(245, 240, 225), outline=(225, 215, 190))
    size = 92
    sign = suit_sign(style, suit, size)
    img.alpha_composite(sign, ((W - size) // 2, (H - size) // 2))


def court(img: Image.Image, style: str, rank: str, suit: str) -> None:
    """A double-ended bust: the figure's headwear tells the rank."""
    color = ink(style, suit)
    light = tuple(min(255, c + (255 - c) * 3 // 4) for c in color)
    frame = (50, 22, W - 50, H - 22)
    fw, fh = frame[2] - frame[0], frame[3] - frame[1]
    half = Image.new("RGBA", (fw, fh // 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(half)
    hw, hh = half.size
    d.rectangle((0, 0, hw, hh), fill=light)
    # robe and shoulders
    d.polygon([(6, hh), (hw * 0.2, hh * 0.62), (hw * 0.8, hh * 0.62), (hw - 6, hh)],
              fill=color)
    d.polygon([(hw * 0.38, hh * 0.62), (hw * 0.5, hh), (hw * 0.62, hh * 0.62)], fill=GOLD)
    for k in range(4):
        y = hh * (0.7 + k * 0.08)
        d.line((hw * 0.2, y, hw * 0.32, y), fill=GOLD, width=2)
        d.line((hw * 0.68, y, hw * 0.8, y), fill=GOLD, width=2)
    # head
    cx, cy, r = hw * 0.5, hh * 0.44, hw * 0.17
    hair = {"K": (120, 110, 100), "Q": (150, 90, 30), "J": (90, 60, 30),
            "U": (90, 60, 30), "O": (60, 40, 25)}[rank]
    if rank == "Q":
        d.ellipse((cx - r * 1.35, cy - r * 1.1, cx + r * 1.35, cy + r * 1.6), fill=hair)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SKIN, outline=(150, 110, 80))
    d.ellipse((cx - r * 0.45, cy - r * 0.2, cx - r * 0.2, cy + r * 0.05), fill=(40, 40, 60))
    d.ellipse((cx + r * 0.2, cy - r * 0.2, cx + r * 0.45, cy + r * 0.05), fill=(40, 40, 60))
    d.arc((cx - r * 0.4, cy + r * 0.1, cx + r * 0.4, cy + r * 0.6), 20, 160,
          fill=(160, 60, 60), width=2)
    if rank == "K":
        d.polygon([(cx - r, cy + r * 0.5), (cx - r * 0.8, cy + r * 1.4), (cx, cy + r * 1.8),
                   (cx + r * 0.8, cy + r * 1.4), (cx + r, cy + r * 0.5),
                   (cx + r * 0.5, cy + r * 0.9), (cx - r * 0.5, cy + r * 0.9)], fill=hair)
        top = cy - r * 0.8
        d.polygon([(cx - r * 1.05, top), (cx - r * 1.05, top - r * 1.1), (cx - r * 0.55, top - r * 0.5),
                   (cx, top - r * 1.3), (cx + r * 0.55, top - r * 0.5), (cx + r * 1.05, top - r * 1.1),
                   (cx + r * 1.05, top)], fill=GOLD, outline=(140, 100, 20))
        for fx in (-0.6, 0, 0.6):
            d.ellipse((cx + r * fx - 4, top - r * 0.35 - 4, cx + r * fx + 4, top - r * 0.35 + 4),
                      fill=(200, 30, 40))
    elif rank == "Q":
        top = cy - r * 0.75
        d.chord((cx - r * 1.0, top - r * 0.9, cx + r * 1.0, top + r * 0.5), 180, 360, fill=GOLD,
                outline=(140, 100, 20))
        d.ellipse((cx - 5, top - r * 0.75, cx + 5, top - r * 0.55), fill=(40, 90, 200))
    elif rank in ("J", "U"):
        d.chord((cx - r * 1.15, cy - r * 1.6, cx + r * 1.15, cy + r * 0.1), 180, 360, fill=color,
                outline=(30, 30, 30))
        d.line((cx + r * 0.4, cy - r * 1.1, cx + r * 1.6, cy - r * 2.0), fill=GOLD, width=4)
    else:  # O: Ober, plumed hat
        d.ellipse((cx - r * 1.6, cy - r * 1.05, cx + r * 1.6, cy - r * 0.55), fill=(40, 40, 40))
        d.rectangle((cx - r * 0.8, cy - r * 1.7, cx + r * 0.8, cy - r * 0.8), fill=(40, 40, 40))
        d.ellipse((cx + r * 0.3, cy - r * 2.3, cx + r * 1.7, cy - r * 1.3), fill=(230, 230, 230))
    # the suit sign on the chest; Czech Ober wears it high, Unter low
    sign_size = 26
    sign = suit_sign(style, suit, sign_size)
    if style == "czech" and rank in ("O", "U"):
        pos = (4, 4) if rank == "O" else (4, hh - sign_size - 4)
        half.alpha_composite(sign, pos)
    else:
        half.alpha_composite(sign, (int(hw * 0.74), int(hh * 0.08)))
    full = Image.new("RGBA", (fw, fh), (0, 0, 0, 0))
    full.alpha_composite(half, (0, 0))
    full.alpha_composite(half.rotate(180), (0, fh - hh))
    fd = ImageDraw.Draw(full)
    fd.line((0, fh / 2, fw, fh / 2), fill=color, width=2)
    fd.rectangle((0, 0, fw - 1, fh - 1), outline=color, width=3)
    img.alpha_composite(full, (frame[0], frame[1]))


def joker() -> Image.Image:
    img, d = blank()
    colors = [(200, 20, 45), (30, 90, 200), (40, 150, 60), (220, 160, 20)]
    f = font(30)
    for i, ch in enumerate("JOKER"):
        d.text((14, 14 + i * 32), ch, font=f, fill=colors[i % 4])
        d.text((W - 36, H - 46 - (4 - i) * 32), ch, font=f, fill=colors[i % 4])
    cx, cy = W / 2, H / 2
    for k in range(3):  # a jester's hat with three bells
        ang = math.radians(-150 + k * 60)
        tip = (cx + math.cos(ang) * 62, cy - 10 + math.sin(ang) * 62)
        d.polygon([(cx - 30, cy), (cx + 30, cy), tip], fill=colors[k], outline=(40, 40, 40))
        d.ellipse((tip[0] - 8, tip[1] - 8, tip[0] + 8, tip[1] + 8), fill=GOLD)
    d.rectangle((cx - 34, cy - 2, cx + 34, cy + 10), fill=(60, 60, 60))
    d.ellipse((cx - 24, cy + 8, cx + 24, cy + 58), fill=SKIN, outline=(150, 110, 80))
    d.ellipse((cx - 12, cy + 24, cx - 5, cy + 31), fill=(40, 40, 60))
    d.ellipse((cx + 5, cy + 24, cx + 12, cy + 31), fill=(40, 40, 60))
    d.arc((cx - 12, cy + 30, cx + 12, cy + 48), 20, 160, fill=(200, 30, 40), width=3)
    return img


def face(style: str, card: str) -> Image.Image:
    if card == "X":
        return joker()
    rank, suit = card[0], card[1]
    img, _ = blank()
    corner(img, style, rank, suit)
    number = {"T": 10}.get(rank) or (int(rank) if rank.isdigit() else None)
    if number is not None and number >= 2:
        pips(img, style, suit, number)
    elif rank == "A":
        ace(img, style, suit)
    else:
        court(img, style, rank, suit)
    return img


def back() -> Image.Image:
    img, d = blank()
    d.rounded_rectangle((10, 10, W - 11, H - 11), 10, fill=(150, 24, 40))
    step = 16
    for x in range(-H, W + H, step):
        d.line((x, 10, x + H, H + 10), fill=(175, 40, 58), width=3)
        d.line((x, H + 10, x + H, 10), fill=(175, 40, 58), width=3)
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((10, 10, W - 11, H - 11), 10, fill=255)
    base, _ = blank()
    base.paste(img, (0, 0), mask)
    d = ImageDraw.Draw(base)
    d.rounded_rectangle((10, 10, W - 11, H - 11), 10, outline=GOLD, width=3)
    d.ellipse((W / 2 - 34, H / 2 - 34, W / 2 + 34, H / 2 + 34), fill=(120, 16, 30),
              outline=GOLD, width=3)
    f = font(30)
    box = d.textbbox((0, 0), "CC", font=f)
    d.text((W / 2 - (box[2] - box[0]) / 2 - box[0], H / 2 - (box[3] - box[1]) / 2 - box[1]),
           "CC", font=f, fill=GOLD)
    return base


def felt(width: int = 960, height: int = 600) -> Image.Image:
    rng = random.Random(7)
    img = Image.new("RGB", (width, height), (22, 96, 58))
    px = img.load()
    if px is None:          # never for an image made in memory (load() is typed for files)
        raise RuntimeError("no pixel access to a new image")
    for y in range(height):
        for x in range(width):
            dx, dy = (x - width / 2) / width, (y - height / 2) / height
            v = 1.0 - 0.9 * (dx * dx + dy * dy)
            n = rng.randint(-7, 7)
            px[x, y] = (int(20 * v) + n // 2, int(104 * v) + n, int(62 * v) + n // 2)
    return img.filter(ImageFilter.GaussianBlur(0.6))


def write_all(root: Path | None = None) -> int:
    out = (root or resources.root()) / "sprites"
    count = 0
    decks = {
        "french": [r + s for s in FRENCH_SUITS for r in FRENCH_RANKS] + ["X"],
        "french4": [r + s for s in FRENCH_SUITS for r in FRENCH_RANKS] + ["X"],
        "czech": [r + s for s in CZECH_SUITS for r in CZECH_RANKS],
        "atlasnye": atlasnye_deck(),
    }
    for style, cards in decks.items():
        folder = out / "cards" / style
        folder.mkdir(parents=True, exist_ok=True)
        for c in cards:
            face(style, c).save(folder / f"{c}.png", optimize=True)
            count += 1
    back().save(out / "cards" / "back.png", optimize=True)
    (out / "table").mkdir(parents=True, exist_ok=True)
    felt().save(out / "table" / "felt.png", optimize=True)
    return count + 2


if __name__ == "__main__":
    print(f"wrote {write_all()} images")
