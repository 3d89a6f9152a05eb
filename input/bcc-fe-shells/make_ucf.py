#!/usr/bin/python3
"""Writes Fe-5-shells.ucf: bcc Fe with five exchange shells, in VAMPIRE's unit-cell-file format.

    /usr/bin/python3 input/bcc-fe-shells/make_ucf.py > input/bcc-fe-shells/Fe-5-shells.ucf

The constants are the first five shells of Pajda et al., Phys. Rev. B 64, 174402 (2001), from
first-principles (LSDA) calculations for bcc Fe, in mRy. Their Hamiltonian is
H = -sum over i != j of J_ij e_i.e_j: every pair is counted twice, so the energy of one bond is
2 J_ij. A unit-cell file lists each bond from both of its atoms, but its number is the energy of
the bond, E = -sum over bonds of J S_i.S_j (VAMPIRE's convention and miniASD's): the file's value
is 2 J_ij. Forgetting that factor halves every result; the start-up summary's mean-field Curie
temperature (here 1259 K, Pajda et al.'s five shells) shows it at once.
"""
import itertools
import math

MRY = 2.1798723611e-21  # J: one milli-Rydberg
SHELLS_MRY = [1.432, 0.815, -0.016, -0.126, -0.146]  # J_ij of shells 1-5, Pajda et al. 2001
A = 2.87  # lattice constant of bcc Fe, angstrom

SITES = [(0.0, 0.0, 0.0), (0.5, 0.5, 0.5)]


def bonds():
    """(i, j, dx, dy, dz, J per link) for each site i: every atom within the fifth shell."""
    # Squared distances of the shells in units of a^2: 3/4, 1, 2, 11/4, 3.
    radii = [0.75, 1.0, 2.0, 2.75, 3.0]
    out = []
    for i, si in enumerate(SITES):
        for j, sj in enumerate(SITES):
            for d in itertools.product(range(-2, 3), repeat=3):
                r2 = sum((sj[k] + d[k] - si[k]) ** 2 for k in range(3))
                for shell, radius in enumerate(radii):
                    if math.isclose(r2, radius):
                        out.append((i, j, *d, 2 * SHELLS_MRY[shell] * MRY))
    return out


def main():
    rows = bonds()
    print("# bcc Fe with five exchange shells (8, 6, 12, 24 and 8 neighbours: 58 bonds per atom),")
    print("# J per link in joules = 2 x Pajda et al. (2001), written by make_ucf.py beside this file.")
    print("# Unit cell size:")
    print(f"{A} {A} {A}")
    print("# Unit cell vectors:")
    print("1.0 0.0 0.0\n0.0 1.0 0.0\n0.0 0.0 1.0")
    print("# Atoms num, id cx cy cz mat lc hc")
    print(len(SITES))
    for n, (x, y, z) in enumerate(SITES):
        print(f"{n} {x} {y} {z} 0 {n} 0")
    print("# Interactions n exctype, id i j dx dy dz Jij")
    print(f"{len(rows)} isotropic")
    for n, (i, j, dx, dy, dz, value) in enumerate(rows):
        print(f"{n} {i} {j} {dx} {dy} {dz} {value:.6e}")


if __name__ == "__main__":
    main()
