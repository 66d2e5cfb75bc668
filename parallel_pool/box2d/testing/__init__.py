"""What the box2d family's tests share; test-only, left out of the wheel."""
