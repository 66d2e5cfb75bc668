"""What the MuJoCo family's tests share; test-only, left out of the wheel."""
