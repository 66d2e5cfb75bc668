"""Registers the minigrid task ids: minigrid 3.2.0's, each with its own kwargs and max_steps.

EnvPool's config names: `env_name` picks the level; `agent_start_pos=(-1, -1)` is
minigrid's `agent_start_pos=None` (a random start); max_steps is `max_episode_steps`.
"""

from typing import Any

from parallel_pool.registration import register


def _minigrid(task_id: str, env_name: str, max_episode_steps: int, **config: Any) -> None:
    register(
        task_id=task_id,
        import_path="parallel_pool.minigrid",
        env="Minigrid",
        max_episode_steps=max_episode_steps,
        env_name=env_name,
        **config,
    )


RANDOM_START = (-1, -1)

for _size in (5, 6, 8, 16):
    _minigrid(f"MiniGrid-Empty-{_size}x{_size}-v0", "empty", 4 * _size**2, size=_size, see_through_walls=True)
for _size in (5, 6):
    _minigrid(
        f"MiniGrid-Empty-Random-{_size}x{_size}-v0",
        "empty",
        4 * _size**2,
        size=_size,
        agent_start_pos=RANDOM_START,
        see_through_walls=True,
    )
for _size in (5, 6, 8, 16):
    _minigrid(f"MiniGrid-DoorKey-{_size}x{_size}-v0", "doorkey", 10 * _size**2, size=_size)
_minigrid("MiniGrid-FourRooms-v0", "four_rooms", 100)
for _size in (5, 6, 7):
    _minigrid(f"MiniGrid-LavaGapS{_size}-v0", "lava_gap", 4 * _size**2, size=_size)
for _size, _n in ((9, 1), (9, 2), (9, 3), (11, 5)):
    _minigrid(f"MiniGrid-LavaCrossingS{_size}N{_n}-v0", "crossing", 4 * _size**2, size=_size, num_crossings=_n)
    _minigrid(
        f"MiniGrid-SimpleCrossingS{_size}N{_n}-v0",
        "crossing",
        4 * _size**2,
        size=_size,
        num_crossings=_n,
        obstacle_type="wall",
    )
for _name, _row in (("MiniGrid-DistShift1-v0", 2), ("MiniGrid-DistShift2-v0", 5)):
    _minigrid(_name, "distshift", 4 * 9 * 7, strip2_row=_row, see_through_walls=True)
for _size in (5, 6, 8):
    _minigrid(f"MiniGrid-GoToDoor-{_size}x{_size}-v0", "goto_door", 4 * _size**2, size=_size, see_through_walls=True)
for _size in (6, 8):
    _minigrid(
        f"MiniGrid-GoToObject-{_size}x{_size}-N2-v0",
        "goto_object",
        5 * _size**2,
        size=_size,
        num_objs=2,
        see_through_walls=True,
    )
for _size, _n in ((5, 2), (6, 2), (8, 3)):
    _minigrid(
        f"MiniGrid-Fetch-{_size}x{_size}-N{_n}-v0",
        "fetch",
        5 * _size**2,
        size=_size,
        num_objs=_n,
        see_through_walls=True,
    )
for _size, _n in ((6, 2), (8, 3)):
    _minigrid(
        f"MiniGrid-PutNear-{_size}x{_size}-N{_n}-v0",
        "put_near",
        5 * _size,
        size=_size,
        num_objs=_n,
        see_through_walls=True,
    )
for _size in (6, 8):
    _minigrid(f"MiniGrid-RedBlueDoors-{_size}x{_size}-v0", "red_blue_door", 20 * _size**2, size=_size)
for _size, _random in ((17, True), (13, True), (13, False), (11, False), (9, False), (7, False)):
    _minigrid(
        f"MiniGrid-MemoryS{_size}{'Random' if _random else ''}-v0",
        "memory",
        5 * _size**2,
        size=_size,
        random_length=_random,
    )
for _size, _n, _random in ((5, 2, False), (5, 2, True), (6, 3, False), (6, 3, True), (8, 4, False), (16, 8, False)):
    _minigrid(
        f"MiniGrid-Dynamic-Obstacles-{'Random-' if _random else ''}{_size}x{_size}-v0",
        "dynamic_obstacles",
        4 * _size**2,
        size=_size,
        n_obstacles=_n,
        see_through_walls=True,
        **({"agent_start_pos": RANDOM_START} if _random else {}),
    )
for _name, _rooms, _size in (
    ("N2-S4-v0", (2, 2), 4),
    ("N4-S5-v0", (6, 6), 5),
    ("N4-S5-v1", (4, 4), 5),
    ("N6-v0", (6, 6), 10),
):
    # minigrid's N4-S5-v0 registers 6 rooms (its -v1 fixes that to 4): kept as minigrid has it.
    _minigrid(
        f"MiniGrid-MultiRoom-{_name}",
        "multi_room",
        _rooms[1] * 20,
        min_num_rooms=_rooms[0],
        max_num_rooms=_rooms[1],
        max_room_size=_size,
        width=25,
        height=25,
    )
_minigrid("MiniGrid-LockedRoom-v0", "locked_room", 10 * 19, size=19)
_minigrid("MiniGrid-Unlock-v0", "unlock", 8 * 6**2)
_minigrid("MiniGrid-UnlockPickup-v0", "unlock_pickup", 8 * 6**2)
_minigrid("MiniGrid-BlockedUnlockPickup-v0", "blocked_unlock_pickup", 16 * 6**2)
for _room_size, _rows in ((3, 1), (3, 2), (3, 3), (4, 3), (5, 3), (6, 3)):
    _minigrid(
        f"MiniGrid-KeyCorridorS{_room_size}R{_rows}-v0",
        "key_corridor",
        30 * _room_size**2,
        room_size=_room_size,
        num_rows=_rows,
    )
for _name, _in_box, _blocked in (("1Dl", False, False), ("1Dlh", True, False), ("1Dlhb", True, True)):
    _minigrid(
        f"MiniGrid-ObstructedMaze-{_name}-v0", "obstructed_maze_1d", 4 * 2 * 6**2, key_in_box=_in_box, blocked=_blocked
    )
# (id, agent_room, key_in_box, blocked, num_quarters, num_rooms_visited): minigrid's kwargs.
_FULL_MAZES = (
    ("2Dl", (2, 1), False, False, 1, 4),
    ("2Dlh", (2, 1), True, False, 1, 4),
    ("2Dlhb", (2, 1), True, True, 1, 4),
    ("1Q", (1, 1), True, True, 1, 5),
    ("2Q", (2, 1), True, True, 2, 11),
    ("Full", (1, 1), True, True, 4, 25),
)
for _name, _room, _in_box, _blocked, _quarters, _visited in _FULL_MAZES:
    for _version, _level in (("v0", "obstructed_maze_full"), ("v1", "obstructed_maze_full_v1")):
        if _version == "v1" and _name in ("2Dl", "2Dlh"):
            continue  # minigrid has no -v1 of these
        _minigrid(
            f"MiniGrid-ObstructedMaze-{_name}-{_version}",
            _level,
            4 * _visited * 6**2,
            agent_room=_room,
            key_in_box=_in_box,
            blocked=_blocked,
            num_quarters=_quarters,
        )
_minigrid("MiniGrid-Playground-v0", "playground", 100)


def _babyai(task_id: str, env_name: str, room_size: int = 8, rows: int = 1, cols: int = 1, **config: object) -> None:
    """A BabyAI level with one instruction: max_steps = room_size^2 x rooms, as RoomGridLevel sets it."""
    _minigrid(
        task_id, env_name, room_size**2 * rows * cols, room_size=room_size, num_rows=rows, num_cols=cols, **config
    )


_babyai("BabyAI-GoToRedBallGrey-v0", "babyai_goto_red_ball_grey", num_dists=7)
_babyai("BabyAI-GoToRedBall-v0", "babyai_goto_red_ball", num_dists=7)
_babyai("BabyAI-GoToRedBallNoDists-v0", "babyai_goto_red_ball", num_dists=0)
# GoToObj places its one object itself: num_dists says so.
_babyai("BabyAI-GoToObj-v0", "babyai_goto_obj", num_dists=1)
_babyai("BabyAI-GoToObjS4-v0", "babyai_goto_obj", room_size=4, num_dists=1)
_babyai("BabyAI-GoToObjS6-v1", "babyai_goto_obj", room_size=6, num_dists=1)
_babyai("BabyAI-GoToLocal-v0", "babyai_goto_local", num_dists=8)
for _size, _n in ((5, 2), (6, 2), (6, 3), (6, 4), (7, 4), (7, 5), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6), (8, 7)):
    _babyai(f"BabyAI-GoToLocalS{_size}N{_n}-v0", "babyai_goto_local", room_size=_size, num_dists=_n)
_babyai("BabyAI-GoTo-v0", "babyai_goto", rows=3, cols=3, num_dists=18)
_babyai("BabyAI-GoToOpen-v0", "babyai_goto", rows=3, cols=3, num_dists=18, doors_open=True)
_babyai("BabyAI-GoToObjMaze-v0", "babyai_goto", rows=3, cols=3, num_dists=1)
_babyai("BabyAI-GoToObjMazeOpen-v0", "babyai_goto", rows=3, cols=3, num_dists=1, doors_open=True)
_babyai("BabyAI-GoToObjMazeS4R2-v0", "babyai_goto", room_size=4, rows=2, cols=2, num_dists=1)
for _size in (4, 5, 6, 7):
    _babyai(f"BabyAI-GoToObjMazeS{_size}-v0", "babyai_goto", room_size=_size, rows=3, cols=3, num_dists=1)
_babyai("BabyAI-GoToRedBlueBall-v0", "babyai_goto_red_blue_ball", num_dists=7)
_babyai("BabyAI-GoToDoor-v0", "babyai_goto_door", room_size=7, rows=3, cols=3)
_babyai("BabyAI-Open-v0", "babyai_open", rows=3, cols=3, num_dists=18)
_babyai("BabyAI-OpenRedDoor-v0", "babyai_open_red_door", room_size=5, rows=1, cols=2)
_babyai("BabyAI-OpenDoor-v0", "babyai_open_door", rows=3, cols=3)
_babyai("BabyAI-OpenDoorDebug-v0", "babyai_open_door", rows=3, cols=3, debug=True)
_babyai("BabyAI-OpenDoorColor-v0", "babyai_open_door", rows=3, cols=3, select_by="color")
_babyai("BabyAI-OpenDoorLoc-v0", "babyai_open_door", rows=3, cols=3, select_by="loc")


def _babyai_fixed(task_id: str, env_name: str, **config: object) -> None:
    """A BabyAI level with its own max_steps: 20 x room_size^2 (room_size 6, a 3 x 3 maze)."""
    _minigrid(task_id, env_name, 20 * 6**2, room_size=6, num_rows=3, num_cols=3, **config)


_babyai("BabyAI-Pickup-v0", "babyai_pickup", rows=3, cols=3, num_dists=18)
_babyai("BabyAI-UnblockPickup-v0", "babyai_unblock_pickup", rows=3, cols=3, num_dists=20)
# PickupDist places its own five objects: num_dists says so.
_babyai("BabyAI-PickupDist-v0", "babyai_pickup_dist", room_size=7, num_dists=5)
_babyai("BabyAI-PickupDistDebug-v0", "babyai_pickup_dist", room_size=7, num_dists=5, debug=True)
_minigrid("BabyAI-PickupAbove-v0", "babyai_pickup_above", 8 * 6**2, room_size=6, num_rows=3, num_cols=3, num_dists=1)
_babyai_fixed("BabyAI-OpenTwoDoors-v0", "babyai_open_two_doors")
_babyai_fixed("BabyAI-OpenRedBlueDoors-v0", "babyai_open_two_doors", first_color="red", second_color="blue")
_babyai_fixed(
    "BabyAI-OpenRedBlueDoorsDebug-v0", "babyai_open_two_doors", first_color="red", second_color="blue", strict=True
)
for _n in (2, 4):
    _babyai_fixed(f"BabyAI-OpenDoorsOrderN{_n}-v0", "babyai_open_doors_order", num_doors=_n)
    _babyai_fixed(f"BabyAI-OpenDoorsOrderN{_n}Debug-v0", "babyai_open_doors_order", num_doors=_n, debug=True)
_babyai("BabyAI-GoToImpUnlock-v0", "babyai_goto_imp_unlock", rows=3, cols=3)
_babyai("BabyAI-GoToObjDoor-v0", "babyai_goto_obj_door", rows=3, cols=3)
_babyai("BabyAI-PickupLoc-v0", "babyai_pickup_loc", num_dists=8)
# A put-next instruction counts two navigations: max_steps = 2 x room_size^2.
for _suffix, _size, _n in (("", 8, 8), ("S5N3", 5, 3), ("S6N4", 6, 4)):
    _minigrid(f"BabyAI-PutNextLocal{_suffix}-v0", "babyai_put_next_local", 2 * _size**2, room_size=_size, num_objs=_n)
for _size, _n, _carrying in (
    (4, 1, False),
    (5, 2, False),
    (5, 1, False),
    (6, 3, False),
    (7, 4, False),
    (5, 2, True),
    (6, 3, True),
    (7, 4, True),
):
    _minigrid(
        f"BabyAI-PutNextS{_size}N{_n}{'Carrying' if _carrying else ''}-v0",
        "babyai_put_next",
        8 * _size**2,
        room_size=_size,
        num_rows=1,
        num_cols=2,
        objs_per_room=_n,
        start_carrying=_carrying,
    )
_babyai("BabyAI-Unlock-v0", "babyai_unlock", rows=3, cols=3)
_babyai("BabyAI-UnlockLocal-v0", "babyai_unlock_local", rows=3, cols=3)
_babyai("BabyAI-UnlockLocalDist-v0", "babyai_unlock_local", rows=3, cols=3, distractors=True)
_babyai("BabyAI-KeyInBox-v0", "babyai_key_in_box", rows=3, cols=3)
# minigrid's UnlockPickup means to fix max_steps at 8 x 36 but tests `max` (the builtin), so
# RoomGridLevel's room_size^2 x rooms applies.
_babyai("BabyAI-UnlockPickup-v0", "babyai_unlock_pickup", room_size=6, rows=1, cols=2)
_babyai("BabyAI-UnlockPickupDist-v0", "babyai_unlock_pickup", room_size=6, rows=1, cols=2, distractors=True)
_minigrid(
    "BabyAI-BlockedUnlockPickup-v0", "babyai_blocked_unlock_pickup", 16 * 6**2, room_size=6, num_rows=1, num_cols=2
)
_minigrid("BabyAI-UnlockToUnlock-v0", "babyai_unlock_to_unlock", 30 * 6**2, room_size=6, num_rows=1, num_cols=3)
_babyai("BabyAI-ActionObjDoor-v0", "babyai_action_obj_door", room_size=7, rows=3, cols=3)
for _size in (5, 6, 7):
    _minigrid(f"BabyAI-FindObjS{_size}-v0", "babyai_find_obj", 20 * _size**2, room_size=_size, num_rows=3, num_cols=3)
for _suffix, _size, _rows in (
    ("", 6, 3),
    ("S3R1", 3, 1),
    ("S3R2", 3, 2),
    ("S3R3", 3, 3),
    ("S4R3", 4, 3),
    ("S5R3", 5, 3),
    ("S6R3", 6, 3),
):
    _minigrid(
        f"BabyAI-KeyCorridor{_suffix}-v0",
        "babyai_key_corridor",
        30 * _size**2,
        room_size=_size,
        num_rows=_rows,
        num_cols=3,
    )
for _size in (8, 12, 16, 20):
    _babyai(f"BabyAI-OneRoomS{_size}-v0", "babyai_one_room", room_size=_size)
for _size, _n in ((5, 2), (8, 9)):
    _minigrid(
        f"BabyAI-MoveTwoAcrossS{_size}N{_n}-v0",
        "babyai_move_two_across",
        16 * _size**2,
        room_size=_size,
        num_rows=1,
        num_cols=2,
        objs_per_room=_n,
    )


def _babyai_levelgen(
    task_id: str,
    env_name: str,
    most_navs: int,
    mission_bytes: int = 96,
    room_size: int = 8,
    rows: int = 3,
    **config: object,
) -> None:
    """A LevelGen level: each mission sets its own time limit (its navigations x the maze's cells, as
    RoomGridLevel does); max_episode_steps is the longest a mission of the level can get."""
    cols = config.pop("cols", 3)
    assert isinstance(cols, int)
    _minigrid(
        task_id,
        env_name,
        most_navs * room_size**2 * rows * cols,
        room_size=room_size,
        num_rows=rows,
        num_cols=cols,
        mission_max_steps=True,
        mission_bytes=mission_bytes,
        **config,
    )


# The most navigations a sentence can need: a put-next counts two, "and" and sequences add up.
_babyai_levelgen("BabyAI-GoToSeq-v0", "babyai_goto_seq", 4, mission_bytes=105, num_dists=18)
_babyai_levelgen(
    "BabyAI-GoToSeqS5R2-v0", "babyai_goto_seq", 4, mission_bytes=105, room_size=5, rows=2, cols=2, num_dists=4
)
_babyai_levelgen("BabyAI-Synth-v0", "babyai_synth", 2, num_dists=18)
_babyai_levelgen("BabyAI-SynthS5R2-v0", "babyai_synth", 2, room_size=5, rows=2, num_dists=18)
_babyai_levelgen("BabyAI-SynthLoc-v0", "babyai_synth_loc", 2, num_dists=18)
for _name, _level in (
    ("SynthSeq", "babyai_synth_seq"),
    ("BossLevel", "babyai_boss_level"),
    ("BossLevelNoUnlock", "babyai_boss_level_no_unlock"),
):
    _babyai_levelgen(f"BabyAI-{_name}-v0", _level, 8, mission_bytes=321, num_dists=18)
_babyai_levelgen(
    "BabyAI-MiniBossLevel-v0", "babyai_mini_boss_level", 8, mission_bytes=321, room_size=5, rows=2, cols=2, num_dists=7
)
