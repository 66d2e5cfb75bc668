"""Test support for the Python layer (kept out of the wheel by setup.py)."""
