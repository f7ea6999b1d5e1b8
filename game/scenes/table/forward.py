"""A view attribute that is a component's: the games' tables, the tools and the window read
it on the view (tests read the component itself)."""
from __future__ import annotations

from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Forward(Generic[T]):
    """``message: Forward[str] = Forward("hud")``: ``view.message`` is ``view.hud.message``
    (read and written)."""

    def __init__(self, component: str) -> None:
        self.component = component
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Forward[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(getattr(obj, self.component), self.name)

    def __set__(self, obj: object, value: T) -> None:
        setattr(getattr(obj, self.component), self.name, value)
