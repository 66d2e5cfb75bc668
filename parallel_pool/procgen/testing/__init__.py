"""What the procgen family's tests share (never in the wheel)."""
