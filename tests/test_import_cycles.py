"""No import circles (DESIGN.md: "no module imports one that imports it back"), over the whole
package: grimp's graph of encounter_app (lazy imports inside functions and imports for the
type checker included) has no strongly connected component of more than one module.

A circle is named with its modules, so whoever made it sees where to cut.
"""

from __future__ import annotations

import grimp


def strongly_connected(graph: grimp.ImportGraph) -> list[set[str]]:
    """Tarjan's algorithm, without recursion (a long import chain stays within the stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, imported = work[-1]
            child = next(imported, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(
                        graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == module:
                        break
                found.append(component)
    return found


def test_the_package_has_no_import_circle() -> None:
    # No cache: a stale one (from before the last edit) would hide or invent a circle.
    graph = grimp.build_graph("encounter_app", cache_dir=None)
    circles = [sorted(c) for c in strongly_connected(graph) if len(c) > 1]
    assert circles == [], "modules that import each other, directly or not: " + "; ".join(
        " <-> ".join(circle) for circle in circles)


def test_the_check_finds_a_circle() -> None:
    graph = grimp.ImportGraph()
    for importer, imported in (("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "e")):
        graph.add_import(importer=importer, imported=imported)
    assert sorted(sorted(c) for c in strongly_connected(graph) if len(c) > 1) == [
        ["a", "b", "c"]]
