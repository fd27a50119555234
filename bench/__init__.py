"""Benchmarks with budgets: ``make bench`` (``python -m bench``). Not collected by pytest."""
