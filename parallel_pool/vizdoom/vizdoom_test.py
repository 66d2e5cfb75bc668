"""The vizdoom family: ids, spaces, config checks, actions, failures and shutdown."""
