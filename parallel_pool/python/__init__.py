"""The Python layer: specs -> spaces, and the gym / gymnasium / dm_env pools.

It knows the core's spec format, never a family.
"""
