"""The mazes of gymnasium-robotics 1.4.2 (`gymnasium_robotics.envs.maze.maps`), and the text form the C++ reads.

A map is a list of rows of cells, as the reference takes it: 1 wall, 0 empty,
"r" where episodes may start, "g" where goals may be, "c" both. The C++ reads
it as text, one character per cell and "/" between rows (maze_map.h).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# Name (the reference's ids' infix) -> rows, one character per cell.
MAPS: dict[str, tuple[str, ...]] = {
    "UMaze": ("11111", "10001", "11101", "10001", "11111"),
    "Open": ("1111111", "1000001", "1000001", "1000001", "1111111"),
    "Open_Diverse_G": ("1111111", "1rgggg1", "1ggggg1", "1ggggg1", "1111111"),
    "Open_Diverse_GR": ("1111111", "1ccccc1", "1ccccc1", "1ccccc1", "1111111"),
    "Medium": (
        "11111111",
        "10011001",
        "10010001",
        "11000111",
        "10010001",
        "10100101",
        "10001001",
        "11111111",
    ),
    "Medium_Diverse_G": (
        "11111111",
        "1r011001",
        "100100g1",
        "11000111",
        "10010001",
        "1g100101",
        "10001g01",
        "11111111",
    ),
    "Medium_Diverse_GR": (
        "11111111",
        "1c011001",
        "100100c1",
        "11000111",
        "10010001",
        "1c100101",
        "10001c01",
        "11111111",
    ),
    "Large": (
        "111111111111",
        "100001000001",
        "101101010101",
        "100000010001",
        "101111011101",
        "100101000001",
        "110101010111",
        "100100010001",
        "111111111111",
    ),
    "Large_Diverse_G": (
        "111111111111",
        "1r0001g00001",
        "101101010101",
        "10000g0100g1",
        "101111011101",
        "10g101000001",
        "110101010111",
        "1001g0g10g01",
        "111111111111",
    ),
    "Large_Diverse_GR": (
        "111111111111",
        "1c0001c00001",
        "101101010101",
        "10000c0100c1",
        "101111011101",
        "10c101000001",
        "110101010111",
        "1001c0c10c01",
        "111111111111",
    ),
}

_CELLS = {1: "1", 0: "0", "r": "r", "g": "g", "c": "c"}


def map_text(maze_map: Any) -> str:
    """`maze_map` as the C++ reads it: a name of MAPS, text as maze_map.h reads it, or rows of cells.

    Raises:
      TypeError: not a str nor a sequence of rows.
      ValueError: an unknown name or cell, or rows of different lengths.
    """
    if isinstance(maze_map, str):
        if maze_map in MAPS:
            return "/".join(MAPS[maze_map])
        return maze_map  # text: maze_map.h checks it
    if not isinstance(maze_map, Sequence) or not all(isinstance(row, Sequence) for row in maze_map):
        raise TypeError(
            f"maze_map: expected a list of rows of cells (1, 0, 'r', 'g', 'c'), a map's name ({', '.join(MAPS)}) "
            f"or its text, got {type(maze_map).__name__}"
        )
    rows = []
    for row in maze_map:
        cells = []
        for cell in row:
            if isinstance(cell, bool) or cell not in _CELLS:
                raise ValueError(f"maze_map: unknown cell {cell!r} (expected 1 wall, 0 empty, 'r', 'g' or 'c')")
            cells.append(_CELLS[cell])
        rows.append("".join(cells))
    return "/".join(rows)


def map_rows(text: str) -> list[list[int | str]]:
    """The reference's form of a map's text (rows of 1, 0, 'r', 'g', 'c')."""
    return [[int(c) if c in "01" else c for c in row] for row in text.split("/")]
