"""Test support of the metaworld family: metaworld 3.1.1 run in its own venv."""
