"""Pictures drawn once and copied each frame.

On software OpenGL (Mesa's llvmpipe, the worst case a player can have) every textured
pixel costs: the full-window felt alone takes longer than all the cards together.  A
``Layer`` is an offscreen picture the size of the window: drawn again only when marked
dirty, and copied to the screen each frame with one framebuffer blit (no shading, no
blending).  ``draw_felt`` keeps one such layer of the felt for every view.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import arcade

from game.ui import assets


class Layer:
    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.fbo: Any = None
        self.size: tuple[int, int] = (0, 0)
        self.dirty = True
        self.renders = 0                  # times drawn (tests count them)

    def _ensure(self) -> None:
        fw, fh = self.window.get_framebuffer_size()
        size: tuple[int, int] = (fw, fh)
        if self.fbo is None or size != self.size:
            ctx = self.window.ctx
            self.fbo = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
            self.size = size
            self.dirty = True

    @property
    def stale(self) -> bool:
        self._ensure()
        return self.dirty

    @contextmanager
    def render(self, clear: bool = True) -> Iterator[None]:
        """Draw the layer's content inside the ``with`` block (``clear=False`` adds to
        what is there: a picture drawn over two frames)."""
        self._ensure()
        with self.fbo.activate():
            if clear:
                self.fbo.clear()
            yield
        self.dirty = False
        self.renders += 1

    def draw(self) -> None:
        """Copy the layer onto whatever is being drawn now."""
        self._ensure()
        ctx = self.window.ctx
        dst = ctx.active_framebuffer
        if getattr(dst, "samples", 0) or dst.size != self.fbo.size:
            self._draw_quad()
            return
        ctx.copy_framebuffer(self.fbo, dst, depth=False)
        # the blit leaves the layer bound for reading: bind the target for both again,
        # or arcade.get_image() (screenshots, tests) reads the layer, not the screen
        dst.use(force=True)

    def _draw_quad(self) -> None:
        """Fallback for a multisampled or differently sized target: one textured quad."""
        from arcade.gl import geometry

        ctx = self.window.ctx
        if not hasattr(self, "_quad"):
            self._quad = geometry.quad_2d_fs()
        self.fbo.color_attachments[0].use(0)
        with ctx.enabled_only():
            self._quad.render(ctx.utility_textured_quad_program)


_felt: dict[int, Layer] = {}


def draw_felt(window: arcade.Window) -> None:
    """The felt over the whole window, from a layer drawn once per window size."""
    layer = _felt.get(id(window))
    if layer is None or layer.window is not window:
        layer = _felt[id(window)] = Layer(window)
    if layer.stale:
        with layer.render():
            w, h = window.get_size()
            arcade.draw_texture_rect(assets.felt_texture(), arcade.LBWH(0, 0, w, h),
                                     blend=False)
    layer.draw()
