"""Every registered task id, with its spaces."""

import parallel_pool

for task_id in parallel_pool.list_all_envs():
    try:
        spec = parallel_pool.make_spec(task_id)
    except ValueError as error:  # an id that takes your files, e.g. VizdoomCustom-v1's cfg_path
        print(f"{task_id:28s} needs config: {error}")
        continue
    print(f"{task_id:28s} obs {spec.observation_space}  action {spec.action_space}")
