"""Reading and writing adversary and encounter files: the SRD's JSON and our own format.

Pure Python: no Qt, no database. Readers return frozen rows or raise ImportRefused with every
problem found; writers return text. The store and the window decide what to do with them.
"""
