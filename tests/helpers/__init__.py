"""What more than one test module needs, by topic: databases built and read behind the store,
stat blocks, scripted random sources, Hypothesis strategies, the SRD file's whereabouts, and
the processes some tests run.

Test modules import from here, never from each other; pytest fixtures shared between modules
live in the nearest conftest.py instead.
"""
