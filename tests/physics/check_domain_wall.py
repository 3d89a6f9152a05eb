#!/usr/bin/python3
"""The shipped domain-wall example relaxes to the analytic 180-degree wall of a discrete
Heisenberg chain in the continuum limit: s_z(z) = -tanh((z - z0) / delta), |s_perp| =
sech((z - z0) / delta), with delta = a sqrt(J / (2 k_u)) for bcc nearest-neighbour exchange J along
the cube axis (each atom has 4 bonds to the next plane, a/2 away: E = (J a^2 / 2) theta'^2 + k_u
sin^2 theta per atom). Runs at 2 ranks and reads the last snapshot with tools/read_snapshot.py.
Usage: check_domain_wall.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import os
import shutil
import subprocess
import sys

import numpy as np

args = sys.argv[1:]
sep = args.index("--")
miniasd, mpiexec, flags = args[0], args[1], args[2:sep]
work, source = args[sep + 1], args[sep + 2]
sys.path.insert(0, os.path.join(source, "tools"))
import read_snapshot  # noqa: E402

shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
subprocess.run([mpiexec, "-n", "2", *flags, miniasd, "-q", "-o", work,
                os.path.join(source, "input", "domain-wall", "input")],
               env=dict(os.environ, OMP_NUM_THREADS="1"), check=True, stdout=subprocess.DEVNULL,
               timeout=300)
last = sorted(f for f in os.listdir(work) if f.startswith("spins-") and f.endswith(".meta"))[-1]
snap = read_snapshot.read(os.path.join(work, last))
z = np.round(snap.positions[:, 2], 6)
planes = np.unique(z)
s = np.array([snap.spins[z == p].mean(axis=0) for p in planes])
sz, sperp = s[:, 2], np.hypot(s[:, 0], s[:, 1])

a, J, k = 2.87, 7.05e-21, 2e-22  # angstrom, J per link, J per atom (input/domain-wall)
delta_expected = a * np.sqrt(J / (2 * k))
best = None
for z0 in np.linspace(planes[0], planes[-1], 1201):
    for delta in np.linspace(0.5 * delta_expected, 1.5 * delta_expected, 401):
        r = np.abs(sz + np.tanh((planes - z0) / delta)).max()
        if best is None or r < best[0]:
            best = (r, z0, delta)
residual, z0, delta = best
perp = np.abs(sperp - 1 / np.cosh((planes - z0) / delta)).max()
print(f"wall at z0 = {z0:.2f} A of {planes[-1]:.2f}; delta = {delta:.3f} A, analytic "
      f"{delta_expected:.3f} A ({delta / delta_expected - 1:+.2%}); largest deviation of s_z "
      f"{residual:.4f}, of |s_perp| {perp:.4f}")
ok = abs(delta / delta_expected - 1) < 0.02 and residual < 0.02 and perp < 0.03
ok = ok and planes[-1] * 0.3 < z0 < planes[-1] * 0.7  # the wall stays inside the bar
print("ok" if ok else "FAIL")
sys.exit(0 if ok else 1)
