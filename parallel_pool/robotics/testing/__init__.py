"""What the robotics tests share; never in the wheel."""
