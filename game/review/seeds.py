"""The seeds of the analysis: stable numbers made from a position (its observation and
the moves asked about) and from a deal's seed, never from a clock or ``hash()``, so the
hint and the review of one position draw the same deals whoever asks, whenever.  Pure."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any


def seed_for(deal_seed: int, index: int) -> int:
    """A seed made from two numbers: stable across runs and Python versions (no
    ``hash()``)."""
    digest = hashlib.blake2b(f"{deal_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _canon(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _canon(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_canon(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(json.dumps(_canon(v), sort_keys=True) for v in x)
    if x is None or isinstance(x, (str, int, float, bool)):
        return x
    return str(x)


def position_seed(obs: dict[str, Any], moves: Iterable[str] = ()) -> int:
    """The seed of the analysis of a position: made from the seat's observation (and
    the moves asked about), so the hint and the review of one position draw the same
    deals whoever asks, whenever."""
    text = json.dumps([_canon(obs), sorted(moves)], sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
