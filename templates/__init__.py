"""The env templates a new family is copied from (tools/new_family.py, docs/new_env.md).

Not part of the parallel_pool package: they are built, registered and tested in
the test build only, so their task ids never reach users.
"""
