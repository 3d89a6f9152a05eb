#!/usr/bin/python3
"""VAMPIRE's height profiles (output:height-magnetisation and its five relatives) against VAMPIRE's
develop branch: each input of bench/vampire-height-profiles/ (an fcc film of two materials, Co
below and Fe above at 45 degrees to it, in a field along y; once with its own atomic layers as the
categories, 6 of them, once repeated by create:multilayers = 2 with
create:height-categorization = multilayers, 2 of them) runs 50 steps on 1 and 3 ranks. The two
tables must be the same bytes; the first row must be the starting state worked out by hand (each
category's unit vector its material's direction, |M| its atoms times their moment in muB, a
material absent from a category all zeros); and every column of every row must be VAMPIRE's
within 1e-3 (|M| relative): the unit vectors and lengths as they are, the means after adding the
starting sample VAMPIRE does not take (docs/vampire-compatibility.md).
Usage: check_height_profiles.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import Checks, run_miniasd, script_args  # noqa: E402

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
check = Checks("height profile")


def rows(path):
    return [[float(x) for x in line.split()] for line in open(path)
            if line.strip() and not line.startswith("#")]


# Per case: the categories and, per category, its material's (name, atoms, moment in muB,
# initial direction). Every fcc layer of the 2 x 2 cell film holds 8 atoms.
co = ("Co", 1.7, (0.0, 0.0, 1.0))
fe = ("Fe", 2.2, (1 / math.sqrt(2), 0.0, 1 / math.sqrt(2)))
cases = {"layers": [(co, 8)] * 3 + [(fe, 8)] * 3,
         "multilayers": [[(co, 16), (fe, 16)]] * 2}

root = os.path.join(source, "bench", "vampire-height-profiles")
for case, categories in cases.items():
    tables = {}
    for ranks in (1, 3):
        out = os.path.join(work, f"{case}-{ranks}")
        r = run_miniasd(miniasd, mpiexec, flags, os.path.join(root, case, "input"), out, ranks)
        check(r.returncode == 0, f"{case} runs on {ranks} rank(s)", r.stderr[-800:])
        tables[ranks] = open(os.path.join(out, "output")).read() if r.returncode == 0 else ""
    check(tables[1] == tables[3] and tables[1], f"{case}: the same table on 1 and 3 ranks")
    path = os.path.join(work, f"{case}-1", "output")
    header = open(path).readline().split()[1:]
    mine, vampire = rows(path), rows(os.path.join(root, case, "vampire-develop-output"))
    col = {h: k for k, h in enumerate(header)}

    # The starting state by hand.
    expected = {}
    for h, groups in enumerate(categories):
        groups = groups if isinstance(groups, list) else [groups]
        total = [sum(n * mu * d[a] for (_, mu, d), n in groups) for a in range(3)]
        saturation = sum(n * mu for (_, mu, _), n in groups)
        length = math.sqrt(sum(x * x for x in total))
        unit = [x / length for x in total]
        expected.update({f"h{h}:u{a}": unit[k] for k, a in enumerate("xyz")})
        expected[f"h{h}:|m|"] = length / saturation
        expected[f"h{h}:|M|[muB]"] = length
        for name, mu, d in (co, fe):
            n = sum(m for (g, _, _), m in groups if g == name)
            for k, a in enumerate("xyz"):
                expected[f"h{h}:{name}:u{a}"] = d[k] if n else 0.0
            expected[f"h{h}:{name}:|m|"] = 1.0 if n else 0.0
            expected[f"h{h}:{name}:|M|[muB]"] = n * mu
    wrong = [(k, mine[0][col[k]], v) for k, v in expected.items()
             if abs(mine[0][col[k]] - v) > 1e-12 * max(1, abs(v))]
    check(not wrong and len(expected) == len(set(expected)) > 0,
          f"{case}: the starting row is the state worked out by hand ({len(categories)} "
          "categories)", str(wrong[:4]))

    # Every column against VAMPIRE's.
    worst, where = 0.0, None
    for r, (v, m) in enumerate(zip(vampire, mine)):
        for k, h in enumerate(header):
            x = v[k]
            if h.split(":")[-1].startswith("<"):
                x = (r * x + mine[0][k]) / (r + 1)  # the starting sample VAMPIRE leaves out
            d = abs(x - m[k]) / (max(1.0, abs(m[k])) if "muB" in h else 1.0)
            if d > worst:
                worst, where = d, (r, h, v[k], m[k])
    check(len(vampire) == len(mine) == 6 and len(vampire[0]) == len(header) and worst < 1e-3,
          f"{case}: {len(header)} columns of {len(mine)} rows within 1e-3 of VAMPIRE's "
          f"(worst {worst:.1e})", f"{len(vampire)} rows, {len(vampire[0])} columns; {where}")

check.finish()
