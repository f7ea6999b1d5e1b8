"""The table's look: contrast, grain and colour temperature as ONE post-processing pass.

A table draws inside ``capture(window)``: while any of the three settings is off neutral
the frame is drawn into an offscreen framebuffer and then copied to the screen through a
fragment shader.  At exactly neutral (all three at 0.5) nothing is captured: the frame is
drawn straight to the screen, unchanged and at no cost.

Settings (0 .. 1, 0.5 neutral): ``look_contrast`` (spread of light and dark around mid
grey), ``look_grain`` (above 0.5 film grain, below 0.5 a gentle softening),
``look_warmth`` (above 0.5 warmer: more red, less blue; below 0.5 cooler).
"""
from __future__ import annotations

import array
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import arcade
from arcade.gl import Geometry, geometry

NEUTRAL = 0.5

VERTEX = """
#version 330
in vec2 in_vert;
in vec2 in_uv;
out vec2 v_uv;
void main() {
    gl_Position = vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
}
"""

FRAGMENT = """
#version 330
uniform sampler2D frame;
uniform float gain;       // contrast: the spread around mid grey (1 neutral)
uniform float grain;      // -1 (soft) .. 1 (grainy)
uniform vec3 tint;        // colour temperature: a factor per channel
out vec4 out_color;

float hash(vec2 p) {
    p = fract(p * vec2(443.897, 441.423));
    p += dot(p, p.yx + 19.19);
    return fract((p.x + p.y) * p.x);
}

void main() {
    // the offscreen frame is the window's size: one texel per pixel, no filtering
    ivec2 at = ivec2(gl_FragCoord.xy);
    vec3 c = texelFetch(frame, at, 0).rgb;
    if (grain < 0.0) {
        ivec2 top = textureSize(frame, 0) - 1;
        vec3 n = texelFetch(frame, min(at + ivec2(1, 0), top), 0).rgb
               + texelFetch(frame, max(at - ivec2(1, 0), ivec2(0)), 0).rgb
               + texelFetch(frame, min(at + ivec2(0, 1), top), 0).rgb
               + texelFetch(frame, max(at - ivec2(0, 1), ivec2(0)), 0).rgb;
        c = mix(c, n * 0.25, -grain * 0.8);
    }
    c = ((c - 0.5) * gain + 0.5) * tint;
    if (grain > 0.0) {
        c += (hash(gl_FragCoord.xy) - 0.5) * grain * 0.24;
    }
    out_color = vec4(clamp(c, 0.0, 1.0), 1.0);
}
"""


def params(settings: Any) -> tuple[float, float, float]:
    """(contrast, grain, warmth) from the settings, each -1 .. 1 (0 neutral)."""
    def one(name: str) -> float:
        v = float(getattr(settings, name, NEUTRAL))
        return max(-1.0, min(1.0, (v - NEUTRAL) * 2))
    return one("look_contrast"), one("look_grain"), one("look_warmth")


def is_neutral(settings: Any) -> bool:
    return params(settings) == (0.0, 0.0, 0.0)


class Look:
    """The post-processing pass of one window (make it with :func:`look_of`)."""

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.ctx = window.ctx
        self.program = self.ctx.program(vertex_shader=VERTEX, fragment_shader=FRAGMENT)
        self.program["frame"] = 0
        self.quad = geometry.quad_2d_fs()
        self.fbo: Any = None
        self.size = (0, 0)
        self.passes = 0            # frames that went through the shader (tests read it)
        self.override: tuple[float, float, float] | None = None   # previews and tests
        self._regions: dict[tuple[float, float, float, float], Geometry] = {}

    def current(self) -> tuple[float, float, float]:
        if self.override is not None:
            return self.override
        return params(getattr(self.window, "settings", None))

    @property
    def neutral(self) -> bool:
        return self.current() == (0.0, 0.0, 0.0)

    def _target(self) -> Any:
        size = self.window.get_framebuffer_size()
        if self.fbo is None or self.size != size:
            tex = self.ctx.texture(size, components=4,
                                   filter=(self.ctx.NEAREST, self.ctx.NEAREST))
            self.fbo = self.ctx.framebuffer(color_attachments=[tex])
            self.size = size
        return self.fbo

    @contextmanager
    def capture(self, region: tuple[float, float, float, float] | None = None
                ) -> Iterator[None]:
        """Draw the body of the ``with`` through the look; ``region`` (left, bottom,
        width, height in window pixels) limits the pass to that part of the window."""
        values = self.current()
        if values == (0.0, 0.0, 0.0):
            yield
            return
        fbo = self._target()
        with fbo.activate():
            fbo.clear(color=self.window.background_color)
            yield
        self.present(values, region)

    def present(self, values: tuple[float, float, float],
                region: tuple[float, float, float, float] | None) -> None:
        contrast, grain, warmth = values
        self.program["gain"] = 2 ** (contrast * 1.2)          # 0.44 .. 2.3
        self.program["grain"] = grain
        self.program["tint"] = (1.0 + 0.16 * warmth, 1.0 + 0.02 * warmth, 1.0 - 0.22 * warmth)
        self.fbo.color_attachments[0].use(0)
        if region is None:
            quad = self.quad
        else:
            ww, wh = self.window.get_size()
            x, y, rw, rh = region
            key = (x / ww, y / wh, rw / ww, rh / wh)
            cached = self._regions.get(key)
            if cached is None:
                if len(self._regions) > 8:
                    self._regions.clear()
                cached = self._regions[key] = _region_quad(self.ctx, *key)
            quad = cached
        with self.ctx.enabled_only():        # no blending: the pass replaces the pixels
            quad.render(self.program)
        self.passes += 1


def _region_quad(ctx: arcade.ArcadeContext, u: float, v: float, du: float, dv: float
                 ) -> Geometry:
    """A quad over part of the window whose texture coordinates match that part."""
    x0, y0, x1, y1 = 2 * u - 1, 2 * v - 1, 2 * (u + du) - 1, 2 * (v + dv) - 1
    data = array.array("f", [x0, y1, u, v + dv, x0, y0, u, v,
                             x1, y1, u + du, v + dv, x1, y0, u + du, v])
    return ctx.geometry([arcade.gl.BufferDescription(ctx.buffer(data=data), "2f 2f",
                                                     ["in_vert", "in_uv"])],
                        mode=ctx.TRIANGLE_STRIP)


def look_of(window: arcade.Window) -> Look:
    """The window's look pass (made on first use)."""
    look = getattr(window, "_cardclub_look", None)
    if look is None:
        look = Look(window)
        window._cardclub_look = look
    return look


@contextmanager
def capture(window: arcade.Window, region: tuple[float, float, float, float] | None = None
            ) -> Iterator[None]:
    """``with capture(window): draw()`` – the frame through the window's look; at neutral
    no pass is made (and the shader is not even compiled)."""
    if getattr(window, "_cardclub_look", None) is None and is_neutral(
            getattr(window, "settings", None)):
        yield
        return
    with look_of(window).capture(region):
        yield
