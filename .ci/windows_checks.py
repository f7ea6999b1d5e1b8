"""Checks of CardClub.exe that .ci/check-exe-windows runs in the Windows Python of the
build (under Wine; it has pefile and Pillow).

  windows_checks.py pe EXE VERSION   the version resource says VERSION, the icon is there,
                                     and it is a windowed program (no console window)
  windows_checks.py compare A B      the screenshots in folders A (Linux) and B (Windows)
                                     have the same layout: the same size, and few pixels
                                     differ (text may be drawn a pixel apart: fonts differ)
"""
from __future__ import annotations

import sys
from pathlib import Path

#: share of pixels that may differ clearly between the Linux and the Windows screenshot
#: (the text of the menu differs in about 4% of its pixels: line spacing; a missing card,
#: button or panel, a black or a resized frame differ in far more)
MOST_DIFFERENT = 0.08
SHOTS = ("menu.png", "durak_play.png")


def check_pe(exe: str, version: str) -> list[str]:
    import pefile

    pe = pefile.PE(exe)
    problems = []
    strings: dict[str, str] = {}
    for info in getattr(pe, "FileInfo", []):
        for entry in info:
            for table in getattr(entry, "StringTable", []):
                strings.update({k.decode(): v.decode() for k, v in table.entries.items()})
    for key in ("FileVersion", "ProductVersion"):
        if strings.get(key) != version:
            problems.append(f"{key} is {strings.get(key)!r}, not {version!r}")
    if strings.get("ProductName") != "Card Club":
        problems.append(f"ProductName is {strings.get('ProductName')!r}")
    resources = {entry.id for entry in getattr(pe, "DIRECTORY_ENTRY_RESOURCE").entries}
    if pefile.RESOURCE_TYPE["RT_GROUP_ICON"] not in resources:
        problems.append("no icon")
    if pe.OPTIONAL_HEADER.Subsystem != pefile.SUBSYSTEM_TYPE["IMAGE_SUBSYSTEM_WINDOWS_GUI"]:
        problems.append("a console program (a console window would open beside the game)")
    print(f"version resource: {strings.get('ProductName')} {strings.get('FileVersion')}; "
          f"icon: {'no' if 'no icon' in problems else 'yes'}; "
          f"subsystem: {pe.OPTIONAL_HEADER.Subsystem} (2 = windowed)")
    return problems


def compare(linux: Path, windows: Path) -> list[str]:
    from PIL import Image, ImageChops

    problems = []
    for name in SHOTS:
        a = Image.open(linux / name).convert("RGB")
        b = Image.open(windows / name).convert("RGB")
        if a.size != b.size:
            problems.append(f"{name}: {b.size} on Windows, {a.size} on Linux")
            continue
        diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0)
        share = diff.histogram()[255] / (a.width * a.height)
        print(f"{name}: {share:.1%} of the pixels differ (at most {MOST_DIFFERENT:.0%})")
        if share > MOST_DIFFERENT:
            problems.append(f"{name}: {share:.1%} of the pixels differ")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "pe":
        problems = check_pe(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "compare":
        problems = compare(Path(argv[1]), Path(argv[2]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for p in problems:
        print(f"FAIL: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
