"""The per-user data folder and atomic JSON files."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def home() -> Path:
    """``CARDCLUB_HOME`` when set (tests set it), else the platform's user data folder."""
    env = os.environ.get("CARDCLUB_HOME")
    if env:
        path = Path(env)
    else:
        import platformdirs

        path = platformdirs.user_data_path("cardclub", appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically: a temporary file, fsync, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def keep_aside(path: Path) -> Path:
    """Move a damaged file out of the way (never delete it) and return its new name."""
    n = 1
    while True:
        target = path.with_name(f"{path.name}.damaged-{n}")
        if not target.exists():
            os.replace(path, target)
            return target
        n += 1
