"""The Debian package's tree (game.tools.debian, run by .ci/build-deb; issue 28), built
from a small stand-in bundle: the layout dpkg installs, the control file, and a copyright
file that names the licence of every file in the bundle or refuses to be written."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.assets_gen import icon
from game.tools import debian

ROOT = Path(__file__).resolve().parent.parent


def _dist_info(inner: Path, name: str, version: str, extra: str = "",
               record: list[str] | None = None, licence: str | None = None) -> None:
    d = inner / f"{name}-{version}.dist-info"
    (d / "licenses").mkdir(parents=True)
    meta = f"Metadata-Version: 2.4\nName: {name}\nVersion: {version}\n{extra}"
    if licence is not None:
        meta += "License-File: LICENSE\n"
        (d / "licenses" / "LICENSE").write_text(licence)
    (d / "METADATA").write_text(meta)
    (d / "RECORD").write_text("".join(f"{r},,\n" for r in record or []))


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """What PyInstaller's one-folder build holds, in small: the boot loader, our package
    and data, a library with its metadata, Python's archive."""
    b = tmp_path / "cardclub-folder"
    inner = b / "_internal"
    (inner / "game").mkdir(parents=True)
    (inner / "game" / "__init__.py").write_text("")
    (inner / "sprites" / "icon").mkdir(parents=True)
    for n in (16, 48, 512):
        shutil.copy2(icon.path(n), inner / "sprites" / "icon" / icon.file_name(n))
    (inner / "levels").mkdir()
    (inner / "base_library.zip").write_bytes(b"PK\x05\x06" + b"\x00" * 18)
    (inner / "fakelib").mkdir()
    (inner / "fakelib" / "__init__.py").write_text("")
    (inner / "fakelib" / "_speed.so").write_bytes(b"not really")
    (inner / "_speed.so").symlink_to("fakelib/_speed.so")     # PyInstaller's top links
    _dist_info(inner, "cardclub", "9.9.9", "License-Expression: MIT\n")
    _dist_info(inner, "fakelib", "1.2", "License-Expression: BSD-3-Clause\n",
               ["fakelib/__init__.py", "fakelib/_speed.so", "fakelib-1.2.dist-info/METADATA"],
               "Copyright (c) 2024 Fake People\n\nRedistribution and use in source and "
               "binary forms, with or without modification, are permitted.\n")
    exe = b / "cardclub"
    exe.write_text("#!/bin/sh\necho cardclub 9.9.9\n")
    exe.chmod(0o755)
    # the boot loader's licence comes from the build environment's PyInstaller
    monkeypatch.setattr(debian, "_pyinstaller", lambda: debian.Owner(
        "PyInstaller 6", "2010-2023, PyInstaller Development Team",
        "GPL-2.0-or-later WITH Bootloader-exception", ["GNU GENERAL PUBLIC LICENSE\n..."]))
    return b


def test_the_tree_is_what_dpkg_installs(bundle: Path, tmp_path: Path) -> None:
    root = debian.stage(bundle, tmp_path / "deb", arch="amd64")
    assert (root / "opt/cardclub/cardclub").is_file()
    assert (root / "opt/cardclub/_internal/fakelib/__init__.py").is_file()
    assert (root / "opt/cardclub/_internal/_speed.so").is_symlink()      # links stay links
    link = root / "usr/bin/cardclub"
    assert link.is_symlink() and str(link.readlink()) == "/opt/cardclub/cardclub"
    assert (root / "usr/share/applications/cardclub.desktop").read_bytes() == \
        (ROOT / "cardclub.desktop").read_bytes()
    app_id = debian.metainfo_id(ROOT / "cardclub.metainfo.xml")
    assert (root / f"usr/share/metainfo/{app_id}.metainfo.xml").is_file()
    for n in (16, 48, 512):
        assert (root / f"usr/share/icons/hicolor/{n}x{n}/apps/cardclub.png").is_file()
    assert (root / "usr/share/doc/cardclub/changelog.gz").is_file()
    assert (root / "opt/cardclub/cardclub").stat().st_mode & 0o777 == 0o755
    assert (root / "usr/share/applications/cardclub.desktop").stat().st_mode & 0o777 == 0o644


def test_control_takes_the_bundle_s_version_and_the_runtime_libraries(
        bundle: Path, tmp_path: Path) -> None:
    root = debian.stage(bundle, tmp_path / "deb", arch="amd64")
    fields = dict(line.split(": ", 1) for line in
                  (root / "DEBIAN/control").read_text().splitlines() if ": " in line)
    assert fields["Package"] == "cardclub" and fields["Version"] == "9.9.9"
    assert fields["Architecture"] == "amd64" and fields["Section"] == "games"
    depends = fields["Depends"].split(", ")
    assert {"libgl1", "libx11-6", "libfontconfig1", "fonts-dejavu-core"} <= set(depends)
    assert "xdg-utils" in fields["Recommends"]
    assert fields["Description"] == "four card games against the computer"
    assert int(fields["Installed-Size"]) > 0


def test_copyright_names_every_owner_with_its_licence_text(bundle: Path) -> None:
    text = debian.copyright_file(bundle)
    paragraphs = text.split("\n\n")
    assert paragraphs[0].startswith("Format: https://www.debian.org/doc/packaging-manuals/")
    assert paragraphs[1].startswith("Files: *\nCopyright: 2026 The Card Club developers\n")
    assert "License: MIT\n MIT License" in paragraphs[1]
    lib = next(p for p in paragraphs if "fakelib" in p)
    assert lib.startswith("Files: opt/cardclub/_internal/fakelib/* "
                          "opt/cardclub/_internal/fakelib-1.2.dist-info/*\n")
    assert "Copyright: 2024 Fake People" in lib and "License: BSD-3-Clause\n" in lib
    assert " Redistribution and use" in lib
    boot = next(p for p in paragraphs if p.startswith("Files: opt/cardclub/cardclub\n"))
    assert "GPL-2.0-or-later WITH Bootloader-exception" in boot
    python = next(p for p in paragraphs if "base_library.zip" in p)
    assert "License: PSF-2.0" in python and "PYTHON SOFTWARE FOUNDATION" in python.upper()
    # a DEP-5 continuation line never starts a line of its own
    for line in text.splitlines():
        assert not line or line[0] == " " or ":" in line, line


def test_a_file_nobody_owns_stops_the_build(bundle: Path, tmp_path: Path) -> None:
    (bundle / "_internal" / "mystery.bin").write_bytes(b"?")
    with pytest.raises(SystemExit, match="mystery.bin"):
        debian.stage(bundle, tmp_path / "deb")
    assert not (tmp_path / "deb").exists()


def test_a_font_stops_the_build(bundle: Path) -> None:
    fonts = bundle / "_internal" / "fakelib" / "fonts"
    fonts.mkdir()
    (fonts / "Pretty.ttf").write_bytes(b"\x00\x01\x00\x00")
    with pytest.raises(SystemExit, match="Pretty.ttf"):
        debian.copyright_file(bundle)


def test_a_bundle_without_its_metadata_is_refused(bundle: Path) -> None:
    shutil.rmtree(bundle / "_internal" / "cardclub-9.9.9.dist-info")
    with pytest.raises(SystemExit, match="copy_metadata"):
        debian.bundle_version(bundle)


@pytest.mark.skipif(shutil.which("objdump") is None, reason="needs objdump (binutils)")
def test_the_c_library_needed_is_read_from_the_binaries(bundle: Path) -> None:
    assert debian.glibc_needed(bundle) is None              # no ELF file yet
    shutil.copy2(Path(sys.executable).resolve(), bundle / "_internal" / "python-elf")
    needed = debian.glibc_needed(bundle)
    assert needed is not None and needed.startswith("2.")


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="needs dpkg (Debian)")
def test_a_system_library_is_traced_to_its_debian_package() -> None:
    source = debian._system_copy("libz.so.1")
    assert source is not None and source.exists()
    owner = debian._dpkg_owner(source)
    assert owner is not None and owner[0].startswith("zlib1g") and owner[1]


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="needs dpkg-deb (Debian)")
def test_dpkg_deb_builds_the_package(bundle: Path, tmp_path: Path) -> None:
    root = debian.stage(bundle, tmp_path / "deb", arch="amd64")
    out = tmp_path / "out"
    out.mkdir()
    subprocess.run(["dpkg-deb", "--root-owner-group", "--build", str(root), str(out)],
                   check=True, capture_output=True)
    deb = out / "cardclub_9.9.9_amd64.deb"
    assert deb.is_file()
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], check=True, capture_output=True,
                             text=True).stdout
    assert "./usr/bin/cardclub -> /opt/cardclub/cardclub" in listing
    assert "root/root" in listing and "./usr/share/doc/cardclub/copyright" in listing
    version = subprocess.run(["dpkg-deb", "-f", str(deb), "Version"], check=True,
                             capture_output=True, text=True).stdout.strip()
    assert version == "9.9.9"
