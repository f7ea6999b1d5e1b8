"""Draw the Card Club icon with Pillow: a fan of cards on a round green table.

Run ``python -m game.assets_gen.icon`` to rewrite ``sprites/icon/cardclub-<n>.png`` for
every size in ``SIZES``.  The window (``set_icon``), the executable and the desktop's
hicolor theme (``.ci/build-deb``) all take these files.  Each size is drawn at four
times its pixels and scaled down, so edges stay smooth; from 32 px down the fan keeps
only two cards with a bigger sign, which stays readable in a task bar.
"""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from game import resources
from game.assets_gen.card_art import font

#: every size the hicolor theme and the window get (512 is the source-sized one)
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
FOLDER = ("sprites", "icon")
FELT, FELT_DARK = (30, 122, 72), (14, 70, 40)
GOLD, GOLD_DARK = (232, 184, 66), (150, 108, 28)
PAPER, EDGE = (252, 250, 243), (110, 105, 95)
RED, BLACK, BACK = (200, 20, 45), (25, 25, 30), (150, 24, 40)


def file_name(size: int) -> str:
    return f"cardclub-{size}.png"


def path(size: int, root: Path | None = None) -> Path:
    """Where the icon of ``size`` pixels lives (in the data folder, or under ``root``)."""
    return (root or resources.root()).joinpath(*FOLDER, file_name(size))


def _card(s: int, w: float, h: float, face: str | None, color: tuple[int, int, int],
          detail: bool) -> Image.Image:
    """One upright card of ``w`` by ``h`` pixels on a transparent square of ``s``: a face
    with ``face``'s sign in the middle (and an ace's corner when there is room), or the
    red back with its gold frame when ``face`` is None."""
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    x0, y0 = (s - w) / 2, (s - h) / 2
    box = (x0, y0, x0 + w, y0 + h)
    r = w * 0.12
    d.rounded_rectangle(box, r, fill=PAPER, outline=EDGE, width=max(1, round(w * 0.025)))
    if face is None:
        inset = w * 0.09
        inner = (x0 + inset, y0 + inset, x0 + w - inset, y0 + h - inset)
        d.rounded_rectangle(inner, r * 0.6, fill=BACK, outline=GOLD,
                            width=max(1, round(w * 0.04)))
        if detail:
            step = w * 0.16
            mask = Image.new("L", (s, s), 0)
            ImageDraw.Draw(mask).rounded_rectangle(inner, r * 0.6, fill=255)
            lines = Image.new("RGBA", (s, s), (0, 0, 0, 0))
            ld = ImageDraw.Draw(lines)
            k = -h
            while k < w + h:
                ld.line((x0 + k, y0, x0 + k + h, y0 + h), fill=(178, 42, 60),
                        width=max(1, round(w * 0.03)))
                ld.line((x0 + k, y0 + h, x0 + k + h, y0), fill=(178, 42, 60),
                        width=max(1, round(w * 0.03)))
                k += step
            img.paste(lines, (0, 0), Image.composite(lines, Image.new("RGBA", (s, s)),
                                                     mask).getchannel("A"))
            d.rounded_rectangle(inner, r * 0.6, outline=GOLD, width=max(1, round(w * 0.04)))
        return img
    sign = font(int(h * (0.5 if detail else 0.62)), bold=False)
    b = d.textbbox((0, 0), face, font=sign)
    d.text((x0 + (w - (b[2] - b[0])) / 2 - b[0], y0 + (h - (b[3] - b[1])) / 2 - b[1]),
           face, font=sign, fill=color)
    if detail:
        f = font(int(h * 0.2))
        b = d.textbbox((0, 0), "A", font=f)
        d.text((x0 + w * 0.1 - b[0], y0 + h * 0.06 - b[1]), "A", font=f, fill=color)
    return img


def draw(size: int) -> Image.Image:
    """The icon at ``size`` pixels (RGBA)."""
    s = size * 4
    detail = size > 32
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    # the table: a felt disc in a gold rim, with a soft shadow under it
    pad = s * 0.03
    shadow = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).ellipse((pad, pad * 2.2, s - pad, s - pad * 0.2), fill=(0, 0, 0, 90))
    img.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(s * 0.012)))
    d.ellipse((pad, pad, s - pad, s - pad * 1.8), fill=GOLD, outline=GOLD_DARK,
              width=max(1, round(s * 0.012)))
    rim = s * (0.045 if detail else 0.06)
    felt_box = (pad + rim, pad + rim, s - pad - rim, s - pad * 1.8 - rim)
    d.ellipse(felt_box, fill=FELT_DARK)
    glow = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    cx, cy = s / 2, s * 0.45
    ImageDraw.Draw(glow).ellipse((cx - s * 0.3, cy - s * 0.3, cx + s * 0.3, cy + s * 0.3),
                                 fill=(*FELT, 255))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).ellipse(felt_box, fill=255)
    glow = glow.filter(ImageFilter.GaussianBlur(s * 0.1))
    img.paste(glow, (0, 0), Image.composite(glow, Image.new("RGBA", (s, s)),
                                            mask).getchannel("A"))
    # the fan: back, heart and, in front, spade (when small: a back behind a heart), each
    # card turned about a point below the middle, as a hand holds them
    cards: list[tuple[str | None, tuple[int, int, int], float]]
    if detail:
        cw, ch, lift, pivot = s * 0.32, s * 0.45, s * 0.44, s * 0.9
        cards = [(None, BACK, 26.0), ("♥", RED, -26.0), ("♠", BLACK, 0.0)]
    else:
        cw, ch, lift, pivot = s * 0.42, s * 0.58, s * 0.45, s * 1.05
        cards = [(None, BACK, 16.0), ("♥", RED, -9.0)]
    for face, color, angle in cards:
        card = _card(s, cw, ch, face, color, detail)
        shade = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        shade.putalpha(card.getchannel("A").point(lambda a: a * 0.35))
        shade = shade.filter(ImageFilter.GaussianBlur(s * 0.01))
        up = round(lift - s / 2)           # the card's middle at ``lift`` from the top
        center = (s / 2, pivot - up)
        bicubic = Image.Resampling.BICUBIC
        img.alpha_composite(shade.rotate(angle, bicubic, center=center),
                            (round(s * 0.012), up + round(s * 0.018)))
        img.alpha_composite(card.rotate(angle, bicubic, center=center), (0, up))
    return img.resize((size, size), Image.Resampling.LANCZOS)


def write_all(root: Path | None = None) -> list[Path]:
    """Draw every size into ``sprites/icon/``; the paths written."""
    out = []
    for size in SIZES:
        p = path(size, root)
        p.parent.mkdir(parents=True, exist_ok=True)
        draw(size).save(p, optimize=True)
        out.append(p)
    return out


if __name__ == "__main__":
    print(f"wrote {len(write_all())} icons")
