"""Reliability harnesses: the fuzzer and the soak (docs/reliability.md)."""
