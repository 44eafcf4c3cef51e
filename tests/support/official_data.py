"""The official contest data the tests check against, vendored under tests/data/.

- adc2025_select_board_pack_10_auto_low_sample.txt: the official sample select list
  (781 bytes, kept as published).
- adc2026_board_pack_10000_prog.names and .sha256: the 10,000 board names of the
  official ADC2026 pack and the sha256 of the pack file as published (CRLF, no final
  newline).  The pack itself (1.9 MB) is not copied: the generator regenerates it, and
  the checksum proves the regenerated text is the official one byte for byte; the
  names say which board went wrong when it is not.

A missing vendored file is a broken checkout: under CI (the CI environment variable
set) the test fails; elsewhere it is skipped with the reason.  Where the original data
folder ../shared/data exists, a test checks the vendored copies against it.
"""

import hashlib
import os
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
SAMPLE_2025 = "adc2025_select_board_pack_10_auto_low_sample.txt"
PACK_2026 = "adc2026_board_pack_10000_prog.txt"
PACK_2026_NAMES = "adc2026_board_pack_10000_prog.names"
PACK_2026_SHA256 = "adc2026_board_pack_10000_prog.sha256"


def official_file(name):
    """The Path of a vendored file; fails under CI and skips elsewhere when it is missing."""
    path = DATA / name
    if not path.is_file():
        message = "vendored official data %s is missing" % path
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def official_text(name):
    """A vendored file's text, exactly (no newline translation)."""
    return official_file(name).read_bytes().decode("utf-8")


def pack_2026_names():
    """The 10,000 names of the official ADC2026 pack, in pack order."""
    return official_text(PACK_2026_NAMES).split()


def pack_2026_sha256():
    """The sha256 (hex) of the official ADC2026 pack file."""
    return official_text(PACK_2026_SHA256).split()[0]


def sha256_of(data):
    return hashlib.sha256(data).hexdigest()
