#!/usr/bin/env python3
"""The dipolar field of point moments in a box periodic along x, y and z, by a direct Ewald sum
over the atoms and the box's images (numpy), with the tin-foil surface: the independent reference
for tests/dipole/test_dipole_periodic.cpp.

miniASD sums over the crystal's cells at the wave vectors of its FFT grid (src/dipole/ewald_sum.cpp);
this sums over every pair of atoms and every image of the whole box, with its own splitting
parameter, so the two share no code and no intermediate quantity.

    ewald_reference.py IN OUT [--film]
IN:  "Lx Ly Lz" (m), then one line per atom "x y z mx my mz" (m, J/T).
OUT: one line per atom "Bx By Bz" (T), 17 significant digits.

--film: the box is periodic along x and y only (a film, open along z). The reference then stacks
the film with a vacuum gap eight times its widest in-plane edge, sums over all three axes, and
adds the correction of Yeh and Berkowitz (J. Chem. Phys. 111, 3155 (1999)): the tin-foil sum
leaves out the q -> 0 term along z, the field -mu0 <M_z> of the stack's mean magnetisation, which a
film has. What remains of the stack, the images' fields across the gap, falls as
exp(-2 pi gap / edge), below 1e-21.
"""
import math
import sys

import numpy as np

MU0_OVER_4PI = 1e-7  # T m / A: the classical value, as miniASD and VAMPIRE use


def fields(box, r, m):
    volume = float(np.prod(box))
    eta = 1.2 * math.sqrt(math.pi) / volume ** (1 / 3)  # not the code's choice, on purpose
    r_cut, q_cut = 7.5 / eta, 15 * eta
    n = len(r)
    b = np.zeros((n, 3))
    # Real space: every pair and every image within r_cut.
    reach = [int(math.ceil(r_cut / box[a])) + 1 for a in range(3)]
    images = np.array(
        [(i, j, k) for i in range(-reach[0], reach[0] + 1) for j in range(-reach[1], reach[1] + 1)
         for k in range(-reach[2], reach[2] + 1)], dtype=float) * box
    for i in range(n):
        d = (r[i] - r)[:, None, :] + images[None, :, :]  # (atoms, images, 3)
        dist2 = np.einsum("abc,abc->ab", d, d)
        keep = (dist2 > 0) & (dist2 <= r_cut * r_cut)
        dk, r2 = d[keep], dist2[keep]
        mk = np.broadcast_to(m[:, None, :], d.shape)[keep]
        dist = np.sqrt(r2)
        x = eta * dist
        g = 2 / math.sqrt(math.pi) * x * np.exp(-x * x)
        erfc = np.array([math.erfc(v) for v in x])
        bb = (erfc + g) / (r2 * dist)
        cc = (3 * erfc + g * (3 + 2 * x * x)) / (r2 * r2 * dist)
        dot = np.einsum("ac,ac->a", dk, mk)
        b[i] += ((cc * dot)[:, None] * dk - bb[:, None] * mk).sum(axis=0)
    # Reciprocal space: q = 2 pi (h / Lx, k / Ly, l / Lz), 0 < |q| <= q_cut (q = 0: tin-foil).
    top = [int(math.floor(q_cut * box[a] / (2 * math.pi))) for a in range(3)]
    h = np.array([(i, j, k) for i in range(-top[0], top[0] + 1) for j in range(-top[1], top[1] + 1)
                  for k in range(-top[2], top[2] + 1)], dtype=float)
    q = 2 * math.pi * h / box
    q2 = np.einsum("ac,ac->a", q, q)
    keep = (q2 > 0) & (q2 <= q_cut * q_cut)
    q, q2 = q[keep], q2[keep]
    weight = np.exp(-q2 / (4 * eta * eta)) / q2
    phase = np.exp(-1j * (q @ r.T))  # (q, atoms): exp(-i q . r_j)
    s = phase @ m  # (q, 3): the moments' structure factor
    qs = np.einsum("ac,ac->a", q, s)
    b -= (4 * math.pi / volume) * np.real(
        (np.conj(phase).T * (weight * qs)[None, :]) @ q)
    # The atom's own erf part, left out.
    b += 4 * eta ** 3 / (3 * math.sqrt(math.pi)) * m
    return MU0_OVER_4PI * b


def main():
    with open(sys.argv[1]) as f:
        box = np.array([float(v) for v in f.readline().split()])
        data = np.array([[float(v) for v in line.split()] for line in f if line.strip()])
    r, m = data[:, :3], data[:, 3:]
    if "--film" in sys.argv[3:]:
        box = box.copy()
        box[2] += 8 * max(box[0], box[1])
        b = fields(box, r, m)
        b[:, 2] -= 4 * math.pi * MU0_OVER_4PI * m[:, 2].sum() / float(np.prod(box))
    else:
        b = fields(box, r, m)
    with open(sys.argv[2], "w") as f:
        for row in b:
            f.write("%.17g %.17g %.17g\n" % tuple(row))


if __name__ == "__main__":
    main()
