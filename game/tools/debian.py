"""The Debian package's tree, from the one-folder executable (``bash .ci/build-deb`` runs
this with the build environment's Python, then ``dpkg-deb --build``)::

    opt/cardclub/                               the bundle, as PyInstaller made it
    usr/bin/cardclub                            a link to /opt/cardclub/cardclub
    usr/share/applications/cardclub.desktop     the desktop entry (the application menu)
    usr/share/icons/hicolor/<n>x<n>/apps/cardclub.png
    usr/share/metainfo/<id>.metainfo.xml        AppStream (software centres)
    usr/share/doc/cardclub/copyright            every licence in the bundle
    usr/share/doc/cardclub/changelog.gz         CHANGELOG.md
    DEBIAN/control

The copyright file (machine-readable, DEP-5) is made from what is in the bundle: Card
Club's own files; the PyInstaller boot loader; Python; each library by the metadata the
bundle carries (``game.about``: name, version, licence and its texts); each system
library by the Debian package it was copied from, with that package's copyright file.  A
file that belongs to none of them, or a font (fonts carry licences of their own), stops
the build: nothing ships under a licence we did not name.  The version is the bundle's
own (its copied package metadata), so the package can never say another.

Developer tool: not in the executable (``cardclub.spec`` leaves it out), no arcade.
"""
from __future__ import annotations

import argparse
import gzip
import importlib.metadata as md
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from game.about import licence_of, licence_texts

PACKAGE = "cardclub"
PREFIX = Path("opt") / PACKAGE
REPO = Path(__file__).resolve().parents[2]
DESKTOP = "cardclub.desktop"
METAINFO = "cardclub.metainfo.xml"
MAINTAINER = "The Card Club developers <cardclub@localhost>"
#: what pyglet and the window load from the system at run time (by name, so no ELF
#: dependency shows them): OpenGL, X11 and its extensions, fonts; DejaVu is our font
DEPENDS = ("libgl1", "libx11-6", "libxext6", "libxi6", "libxinerama1", "libxrandr2",
           "libxrender1", "libxxf86vm1", "libfontconfig1", "libfreetype6",
           "fonts-dejavu-core")
#: sound (pyglet plays silently without either) and "Open the folder" on the About page
RECOMMENDS = ("libpulse0 | libopenal1", "xdg-utils")
ARCH = {"x86_64": "amd64", "aarch64": "arm64", "armv7l": "armhf", "i686": "i386"}
FONTS = (".ttf", ".otf", ".ttc", ".woff", ".woff2", ".pfb")
OWN = ("game", "sprites", "sounds", "levels")   # Card Club's part of the bundle
DEP5 = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"


@dataclass
class Owner:
    """Whose files these are, under which licence (a short name and its full texts)."""

    name: str
    copyright: str
    licence: str
    texts: list[str]
    files: list[str] = field(default_factory=list)
    comment: str = ""


# ---- the bundle's metadata ---------------------------------------------------------------

def internal(bundle: Path) -> Path:
    """Where PyInstaller (6) puts everything but the executable."""
    return bundle / "_internal"


def distributions(bundle: Path) -> list[md.Distribution]:
    """The package metadata the bundle carries (``copy_metadata`` in the spec)."""
    found = sorted(internal(bundle).glob("*.dist-info")) + sorted(
        internal(bundle).glob("*.egg-info"))
    return [md.PathDistribution(p) for p in found if p.is_dir()]


def _name(dist: md.Distribution) -> str:
    return re.sub(r"[-_.]+", "-", str(dist.metadata["Name"])).lower()


def bundle_version(bundle: Path) -> str:
    """The version of the Card Club inside the bundle."""
    for dist in distributions(bundle):
        if _name(dist) == PACKAGE:
            return str(dist.version)
    raise SystemExit(f"{bundle}: no {PACKAGE} metadata in the bundle (cardclub.spec copies "
                     "it with copy_metadata)")


# ---- who owns what --------------------------------------------------------------------------

def _indent(text: str) -> str:
    """A licence text as a DEP-5 continuation: each line after a space, empty ones '.'."""
    lines = [ln.rstrip() for ln in text.strip("\n").splitlines()]
    return "\n".join(" " + (ln if ln.strip() else ".") for ln in lines)


def _holders(texts: Iterable[str], fallback: str) -> str:
    """The copyright lines of the licence texts (what the Copyright field lists)."""
    seen: list[str] = []
    for text in texts:
        for line in text.splitlines():
            line = line.strip()
            if re.match(r"(?i)^(copyright\b|\(c\)|©)", line) and re.search(r"\b\d{4}\b", line):
                line = re.sub(r"(?i)^copyright\s*(\(c\)|©)?\s*", "", line).strip()
                if line and line not in seen:
                    seen.append(line)
    return "\n ".join(seen[:12]) or fallback


def _dpkg_owner(path: Path) -> tuple[str, str] | None:
    """The Debian package (name, version) that installed ``path``, or None."""
    if shutil.which("dpkg-query") is None:
        return None
    candidates = {str(path), str(path.resolve())}
    for p in list(candidates):     # merged /usr: dpkg may know either spelling
        candidates.add(p[4:] if p.startswith("/usr/") else "/usr" + p)
    for p in sorted(candidates):
        out = subprocess.run(["dpkg-query", "-S", p], capture_output=True, text=True)
        if out.returncode == 0 and ":" in out.stdout:
            pkg = out.stdout.split(":")[0].strip().split(",")[0].strip()
            ver = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg],
                                 capture_output=True, text=True).stdout.strip()
            return pkg, ver
    return None


def _system_copy(name: str) -> Path | None:
    """Where on this machine a bundled library of that file name came from: Python's
    own library beside the interpreter that built the bundle, any other where the
    dynamic loader finds it (``ldconfig -p``, as PyInstaller's search does)."""
    libdir = Path(sysconfig.get_config_var("LIBDIR") or Path(sys.base_prefix) / "lib")
    if name.startswith("libpython") and (libdir / name).exists():
        return libdir / name
    tool = shutil.which("ldconfig") or ("/sbin/ldconfig" if Path("/sbin/ldconfig").exists()
                                        else None)
    if tool is not None:
        out = subprocess.run([tool, "-p"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.strip().startswith(name + " ") and "=>" in line:
                return Path(line.split("=>")[-1].strip())
    multiarch = sysconfig.get_config_var("MULTIARCH") or ""
    for d in (libdir, Path("/lib") / multiarch, Path("/usr/lib") / multiarch):
        if (d / name).exists():
            return d / name
    return None


def _python_text() -> str:
    """Python's licence text from the interpreter that built the bundle."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for p in (stdlib / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt"):
        if p.is_file():
            return p.read_text(encoding="utf-8", errors="replace")
    owner = _dpkg_owner(Path(sys.executable).resolve())
    if owner is not None:
        doc = Path("/usr/share/doc") / owner[0] / "copyright"
        if doc.is_file():
            return doc.read_text(encoding="utf-8", errors="replace")
    raise SystemExit("no licence text for Python: neither LICENSE.txt beside the standard "
                     "library nor a Debian copyright file")


def _pyinstaller() -> Owner:
    try:
        dist = md.distribution("pyinstaller")
    except md.PackageNotFoundError:
        raise SystemExit("run this with the Python that built the bundle (build/exe-venv): "
                         "the boot loader's licence comes from its PyInstaller") from None
    texts = list(licence_texts(dist))
    if not texts:
        raise SystemExit("PyInstaller's metadata holds no licence text (COPYING.txt)")
    return Owner(f"PyInstaller {dist.version}",
                 _holders(texts, "the PyInstaller Development Team"),
                 "GPL-2.0-or-later WITH Bootloader-exception", texts,
                 comment=f"The executable is PyInstaller {dist.version}'s boot loader, "
                         "followed by an archive of the\n Python code of Card Club, Python "
                         "and the libraries below, each under its own\n licence; the "
                         "boot loader's exception allows it to start programs under\n "
                         "any licence.")


def owners(bundle: Path) -> list[Owner]:
    """Every file of the bundle under the one that owns it; SystemExit naming any file
    that nobody owns, and any font."""
    inner = internal(bundle)
    rel = str(PREFIX / "_internal")
    own_text = (REPO / "LICENSE").read_text(encoding="utf-8")
    cardclub = Owner("Card Club", _holders([own_text], "The Card Club developers"), "MIT",
                     [own_text], ["*"])
    boot = _pyinstaller()
    boot.files.append(str(PREFIX / PACKAGE))
    py_text = _python_text()
    py = Owner(f"Python {platform.python_version()}",
               _holders([py_text], "the Python Software Foundation"), "PSF-2.0", [py_text])
    libs: list[Owner] = []
    claimed: dict[str, Owner] = {}
    basenames: dict[str, Owner] = {}
    for dist in distributions(bundle):
        key = _name(dist)
        if key == PACKAGE:
            # PathDistribution keeps its folder in _path (no public name for it)
            claimed[Path(str(dist._path)).name] = cardclub  # type: ignore[attr-defined]
            continue
        texts = list(licence_texts(dist))
        lib = Owner(f"{dist.metadata['Name']} {dist.version}",
                    _holders(texts, f"the authors of {dist.metadata['Name']}"),
                    licence_of(dist.metadata, tuple(texts)) or "other", texts)
        if not texts:
            raise SystemExit(f"{lib.name}: its metadata in the bundle holds no licence text")
        libs.append(lib)
        claimed[Path(str(dist._path)).name] = lib  # type: ignore[attr-defined]  # as above
        for f in dist.files or []:
            top = f.parts[0]
            if top not in ("..",) and not top.endswith((".dist-info", ".egg-info")):
                claimed.setdefault(top, lib)
            if re.search(r"\.so(\.|$)", f.name):   # a library PyInstaller also put on top
                basenames.setdefault(f.name, lib)
    for name in OWN:
        claimed[name] = cardclub
    claimed["base_library.zip"] = py
    claimed.setdefault(f"python{sys.version_info.major}.{sys.version_info.minor}", py)
    system: dict[str, Owner] = {}
    unowned: list[str] = []
    for entry in sorted(inner.iterdir()):
        if entry.is_symlink():
            continue       # a link into a package folder: its target is counted
        owner = claimed.get(entry.name) or basenames.get(entry.name)
        if owner is None and re.search(r"\.so(\.|$)", entry.name):
            source = _system_copy(entry.name)
            deb = _dpkg_owner(source) if source is not None else None
            if deb is not None:
                owner = system.get(deb[0])
                if owner is None:
                    doc = Path("/usr/share/doc") / deb[0] / "copyright"
                    text = doc.read_text(encoding="utf-8", errors="replace") if doc.is_file() \
                        else ""
                    if not text:
                        raise SystemExit(f"{entry.name}: Debian package {deb[0]} has no "
                                         "copyright file")
                    owner = Owner(f"{deb[0]} {deb[1]}", "the copyright holders named in the "
                                  "licence text below", deb[0], [text],
                                  comment=f"Copied at build time from the Debian package "
                                          f"{deb[0]} {deb[1]}; its copyright file follows.")
                    system[deb[0]] = owner
            elif entry.name.startswith("libpython"):
                owner = py
        if owner is None:
            unowned.append(entry.name)
            continue
        if owner is not cardclub:
            owner.files.append(f"{rel}/{entry.name}" + ("/*" if entry.is_dir() else ""))
    fonts = [str(p.relative_to(bundle)) for p in bundle.rglob("*")
             if p.suffix.lower() in FONTS and p.is_file()]
    if fonts:
        raise SystemExit("fonts in the bundle (their licences are their own; cardclub.spec "
                         f"leaves Arcade's out): {fonts[:5]}")
    if unowned:
        raise SystemExit(f"files in the bundle that no licence covers: {unowned}")
    return [cardclub, boot, py, *libs, *system.values()]


def copyright_file(bundle: Path) -> str:
    """The DEP-5 copyright file for the package built from ``bundle``."""
    parts = [f"Format: {DEP5}\nUpstream-Name: Card Club\n"
             "Comment: Card Club and everything its executable bundles, each with its "
             "licence.\n The bundle was built by PyInstaller; the lists below come from "
             "the package\n metadata it carries and from the Debian packages its system "
             "libraries were\n copied from."]
    for o in owners(bundle):
        if not o.files:
            continue
        lines = [f"Files: {' '.join(o.files)}", f"Copyright: {o.copyright}"]
        comment = o.comment or (o.name if o.files != ["*"] else "")
        if comment:
            lines.append(f"Comment: {comment}")
        lines.append(f"License: {o.licence}")
        lines.append("\n .\n".join(_indent(t) for t in o.texts))
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


# ---- the package --------------------------------------------------------------------------

def glibc_needed(bundle: Path) -> str | None:
    """The newest GLIBC symbol version any binary of the bundle asks for (the oldest C
    library it runs on), from ``objdump -T``; None without objdump."""
    if shutil.which("objdump") is None:
        return None
    best: tuple[int, ...] = ()
    for p in bundle.rglob("*"):
        if p.is_symlink() or not p.is_file():
            continue
        with p.open("rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
        out = subprocess.run(["objdump", "-T", str(p)], capture_output=True, text=True).stdout
        for v in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", out):
            best = max(best, tuple(int(x) for x in v.split(".")))
    return ".".join(map(str, best)) if best else None


def metainfo_id(path: Path) -> str:
    return str(ET.parse(path).getroot().findtext("id"))


def description(path: Path) -> tuple[str, str]:
    """The English summary and first paragraph from the AppStream file (one text for the
    software centre and for dpkg)."""
    root = ET.parse(path).getroot()
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    summary = next(e.text for e in root.findall("summary") if lang not in e.attrib)
    para = next(e for e in root.find("description") or [] if e.tag == "p"
                and lang not in e.attrib)
    return str(summary), " ".join("".join(para.itertext()).split())


def control(version: str, arch: str, size_kib: int, glibc: str | None,
            summary: str, long: str) -> str:
    depends = ([f"libc6 (>= {glibc})"] if glibc else []) + list(DEPENDS)
    body = "\n".join(" " + ln for ln in _wrap(long, 78))
    return (f"Package: {PACKAGE}\nVersion: {version}\nArchitecture: {arch}\n"
            f"Maintainer: {MAINTAINER}\nInstalled-Size: {size_kib}\n"
            f"Depends: {', '.join(depends)}\nRecommends: {', '.join(RECOMMENDS)}\n"
            f"Section: games\nPriority: optional\n"
            f"Description: {summary[0].lower() + summary[1:]}\n{body}\n")


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def _size_kib(root: Path) -> int:
    total = sum(p.lstat().st_size for p in root.rglob("*") if not p.is_dir())
    return (total + 1023) // 1024


def stage(bundle: Path, root: Path, arch: str | None = None) -> Path:
    """Lay the package tree out under ``root`` (emptied first); returns ``root``."""
    if not (bundle / PACKAGE).is_file():
        raise SystemExit(f"{bundle}: no {PACKAGE} executable (run bash .ci/build-exe first)")
    notice = copyright_file(bundle)          # first: it refuses a bundle it cannot cover
    version = bundle_version(bundle)
    if root.exists():
        shutil.rmtree(root)
    share = root / "usr" / "share"
    shutil.copytree(bundle, root / PREFIX, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / PACKAGE).symlink_to(f"/{PREFIX}/{PACKAGE}")
    (share / "applications").mkdir(parents=True)
    shutil.copy2(REPO / DESKTOP, share / "applications" / DESKTOP)
    app_id = metainfo_id(REPO / METAINFO)
    (share / "metainfo").mkdir(parents=True)
    shutil.copy2(REPO / METAINFO, share / "metainfo" / f"{app_id}.metainfo.xml")
    icons = sorted(internal(bundle).glob("sprites/icon/cardclub-*.png"))
    if not icons:
        raise SystemExit(f"{bundle}: no icons under sprites/icon")
    for icon in icons:
        n = icon.stem.rsplit("-", 1)[1]
        folder = share / "icons" / "hicolor" / f"{n}x{n}" / "apps"
        folder.mkdir(parents=True)
        shutil.copy2(icon, folder / f"{PACKAGE}.png")
    doc = share / "doc" / PACKAGE
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(notice, encoding="utf-8")
    with (REPO / "CHANGELOG.md").open("rb") as src, \
            gzip.GzipFile(doc / "changelog.gz", "wb", 9, mtime=0) as out:
        shutil.copyfileobj(src, out)
    for p in root.rglob("*"):               # what dpkg expects, whatever the umask was
        if p.is_symlink():
            continue
        mode = p.stat().st_mode
        p.chmod(0o755 if p.is_dir() or mode & 0o111 else 0o644)
    summary, long = description(REPO / METAINFO)
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN" / "control").write_text(
        control(version, arch or ARCH.get(platform.machine(), platform.machine()),
                _size_kib(root), glibc_needed(bundle), summary, long), encoding="utf-8")
    os.chmod(root / "DEBIAN", 0o755)
    return root


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m game.tools.debian",
        description="Lay out the Debian package tree of Card Club from the one-folder "
                    "executable; dpkg-deb --build makes the .deb from it.")
    p.add_argument("--bundle", default="dist/cardclub-folder", type=Path,
                   help="the one-folder build (default: %(default)s)")
    p.add_argument("--root", default="build/deb/cardclub", type=Path,
                   help="the package tree to write (emptied first; default: %(default)s)")
    p.add_argument("--arch", default=None,
                   help="Debian architecture (default: this machine's)")
    a = p.parse_args(argv)
    print(stage(a.bundle, a.root, a.arch))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
