#!/usr/bin/env python3
"""The modules of src/ in layers, each including only its own and lower layers' headers
(docs/architecture.md, "Layers"). Fails naming every include that runs back up, except the
documented exceptions below.

A configuration section's header (<room>/<feature>_section.hpp: the feature's settings, which
input/config.hpp composes into Config) lives beside its feature but sits at the bottom: any layer
may include it, and it includes nothing above util/."""
import os
import re
import sys

LAYERS = [
    ["util"], ["kernels"], ["gpu"], ["parallel"], ["input"], ["system"], ["dipole"], ["hamiltonian"], ["stats"],
    ["integrate"],
    # output/ in three rooms, each above the one before: the format of a snapshot, the parallel
    # write modes, the pipeline (the background queue, auto mode, run directory, text files).
    ["output/format"], ["output/modes"], ["output/pipeline", "output"], ["checkpoint"], ["report"],
    ["simulation", "stop_policy", "loop_observers", "phase", "program_host", "sim", "limits"],  # the files at the top of src/ that hold the loop and its sections
    ["programs"], ["app", "main"],
]
# An include that runs up on purpose, with the reason (docs/architecture.md).
EXCEPTIONS = {}


def layer(path):
    parts = path.split("/")
    room = "/".join(parts[:2]) if len(parts) > 2 else None  # a folder inside a module
    for k, names in enumerate(LAYERS):
        if room in names:
            return k
    first = parts[0]
    name = os.path.splitext(first)[0]
    for k, names in enumerate(LAYERS):
        if first in names or name in names or any(name.startswith(n + "_") for n in names):
            return k
    raise SystemExit(f"check_layers: {path} is in no layer: add it to LAYERS")


def is_section(path):
    return path.endswith("_section.hpp")


def main(root):
    src = os.path.join(root, "src")
    bad = []
    for d, _, files in os.walk(src):
        for f in sorted(files):
            if not f.endswith((".cpp", ".hpp", ".cu", ".in")):
                continue
            rel = os.path.relpath(os.path.join(d, f), src)
            for inc in re.findall(r'#include "([^"]+)"', open(os.path.join(d, f)).read()):
                if not os.path.exists(os.path.join(src, inc)):
                    continue  # generated (build_info) or a test header
                if is_section(rel) and layer(inc) > 0:
                    bad.append(f"  {rel} (a section header) includes {inc}: only util/ may be")
                elif is_section(inc):
                    continue
                elif layer(inc) > layer(rel) and (rel, inc) not in EXCEPTIONS:
                    bad.append(f"  {rel} includes {inc}")
    if bad:
        print("includes that run back up the layers (docs/architecture.md, Layers):")
        print("\n".join(bad))
        return 1
    print("layers: no include runs back up (%d documented exception)" % len(EXCEPTIONS))
    return 0


sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
