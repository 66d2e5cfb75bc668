"""Which sanitizer runtime, if any, is loaded into this process."""

from __future__ import annotations

import ctypes


def loaded() -> str:
    """The sanitizer runtime loaded into this process ("asan", "tsan" or "none")."""
    process = ctypes.CDLL(None)
    for name, symbol in (("asan", "__asan_init"), ("tsan", "__tsan_init")):
        if hasattr(process, symbol):
            return name
    return "none"
