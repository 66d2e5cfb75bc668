"""Test support of the robotics family (never packed in the wheel)."""
