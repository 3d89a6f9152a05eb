#!/usr/bin/env python3
"""The rooms of src/ in layers, each including only its own and lower layers' headers
(docs/architecture.md, "Layers"). Fails naming every include that runs back up, every pair of
rooms that include each other and every longer cycle of rooms, and when more files outside the run
than the architecture allows include the whole configuration (run/config/config.hpp).

A room is a folder of src/ or a file at its top (main.cpp, app.cpp). Parse below, compose above:
input/ is the keyword machinery and includes no feature; each feature's section header holds its
settings over the system's; the run (run/) composes them into Config, so no feature includes it."""
import collections
import os
import re
import sys

LAYERS = [
    ["util"], ["kernels"], ["gpu"], ["parallel"], ["input"], ["system"], ["dipole"], ["hamiltonian"],
    ["stats"], ["integrate"], ["spectra"],
    # output/ in three rooms, each above the one before: the format of a snapshot (with the
    # output section and the write modes at output/'s top), the parallel write modes, the pipeline
    # (the background queue, auto mode, run directory, text files).
    ["output/format", "output"], ["output/modes"], ["output/pipeline"], ["checkpoint"], ["report"],
    # the run: its configuration (run/config), its programs (run/programs), the loop (run/)
    ["run"],
    ["app", "main"],
]
# The files outside run/ that may include the whole configuration, at most this many
# (docs/architecture.md, "Parse below, compose above"): the program's entry points.
CONFIG = "run/config/config.hpp"
CONFIG_READERS_ALLOWED = 6


def layer(path):
    parts = path.split("/")
    room = "/".join(parts[:2]) if len(parts) > 2 else None  # a folder inside a module
    for k, names in enumerate(LAYERS):
        if room in names:
            return k
    name = os.path.splitext(parts[0])[0]
    for k, names in enumerate(LAYERS):
        if name in names:
            return k
    raise SystemExit(f"check_layers: {path} is in no layer: add it to LAYERS")


def room(path):
    parts = path.split("/")
    return parts[0] if len(parts) > 1 else os.path.splitext(parts[0])[0]


def cycles(edges):
    """The strongly connected components of more than one room (Tarjan)."""
    graph = collections.defaultdict(set)
    for a, b in edges:
        graph[a].add(b)
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(set(graph) | {b for _, b in edges}):
        if v not in index:
            visit(v)
    return out


def main(root):
    src = os.path.join(root, "src")
    bad, edges, readers = [], collections.Counter(), []
    for d, _, files in os.walk(src):
        for f in sorted(files):
            if not f.endswith((".cpp", ".hpp", ".cu", ".in")):
                continue
            rel = os.path.relpath(os.path.join(d, f), src)
            for inc in re.findall(r'#include "([^"]+)"', open(os.path.join(d, f)).read()):
                if not os.path.exists(os.path.join(src, inc)):
                    continue  # generated (build_info) or a test header
                if layer(inc) > layer(rel):
                    bad.append(f"  {rel} includes {inc}")
                if room(rel) != room(inc):
                    edges[(room(rel), room(inc))] += 1
                if inc == CONFIG and room(rel) != "run":
                    readers.append(rel)
    mutual = sorted((a, b) for a, b in edges if a < b and (b, a) in edges)
    loops = cycles(edges)
    ok = True
    if bad:
        print("includes that run back up the layers (docs/architecture.md, Layers):")
        print("\n".join(bad))
        ok = False
    if mutual or loops:
        print("rooms that include each other:", ", ".join(f"{a} <-> {b}" for a, b in mutual))
        print("cycles of rooms:", "; ".join(" -> ".join(c) for c in loops))
        ok = False
    if len(readers) > CONFIG_READERS_ALLOWED:
        print(f"{len(readers)} files outside run/ include {CONFIG} (at most "
              f"{CONFIG_READERS_ALLOWED}): " + ", ".join(sorted(readers)))
        ok = False
    if not ok:
        return 1
    print(f"layers: no include runs back up; {len(edges)} arrows between rooms, no cycle; "
          f"{len(readers)} file(s) outside run/ include the whole configuration: "
          + ", ".join(sorted(readers)))
    return 0


sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
