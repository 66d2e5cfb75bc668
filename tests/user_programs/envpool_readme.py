"""The API usage of EnvPool's README: the synchronous and the asynchronous API.

Written for this test from the README's two snippets (sync: one batch step of
Pong envs; async: send/recv with info["env_id"] in a loop, bounded here), with
fewer envs than the README's 100 and 64 (this runs on a 2-core machine), in the
gym 0.26 form EnvPool 1.2.5 returns (reset gives (obs, info), step gives 5
values). The one change for parallel_pool is the import below.
"""

import numpy as np

import parallel_pool as envpool

# Synchronous API
env = envpool.make("Pong-v5", env_type="gym", num_envs=10)
# or use envpool.make_gym(...)
obs, info = env.reset()  # should be (10, 4, 84, 84)
assert obs.shape == (10, 4, 84, 84)
act = np.zeros(10, dtype=int)
obs, rew, term, trunc, info = env.step(act)
assert obs.shape == (10, 4, 84, 84) and rew.shape == term.shape == trunc.shape == (10,)
print("sync: stepped", len(info["env_id"]), "envs")

# Asynchronous API
num_envs = 16
batch_size = 4
env = envpool.make("Pong-v5", env_type="gym", num_envs=num_envs, batch_size=batch_size)
action_num = env.action_space.n
env.async_reset()  # send the initial reset signal to all envs
seen = set()
for _ in range(200):
    obs, rew, term, trunc, info = env.recv()
    env_id = info["env_id"]
    assert obs.shape == (batch_size, 4, 84, 84) and len(env_id) == batch_size
    seen.update(env_id.tolist())
    action = np.random.randint(action_num, size=batch_size)
    env.send(action, env_id)
assert seen == set(range(num_envs))
print("async: every one of", num_envs, "envs returned results")
