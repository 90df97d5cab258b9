"""Benchmarks: `make bench` runs every one and writes bench-results.json."""
