"""Interop, inputs: the VAMPIRE files that TB2J and magnopy write, written here by their own
writers (TB2J 0.9.22's SpinIO.write_vampire, magnopy 0.4.3's dump_vampire), run by miniASD with
only the simulation lines added; the energy of the first step is checked against sums over the
couplings the tools were given, in each tool's own convention (TB2J's E = -sum over ordered pairs
of J S_i.S_j + D.(S_i x S_j), magnopy's own classical energy), and the moments of the unit-cell
file's two materials through the Zeeman energy. Each run on 1, 2 and 4 ranks.
Called by run_interop.sh: check_inputs.py MINIASD MPIEXEC [FLAGS...] -- WORKDIR"""
import itertools
import os
import shutil
import subprocess
import sys

import numpy as np

from interop_common import check, columns, finish, run_miniasd

args = sys.argv[1:]
sep = args.index("--")
miniasd, mpiexec, flags = args[0], args[1], args[2:sep]
work = os.path.join(args[sep + 1], "inputs")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)

MU_B = 9.2740100783e-24  # J/T, miniASD's
EV = 1.602176634e-19
a = 2.87
cells = 4  # periodic 4 x 4 x 4 cells of two atoms
field = 2.0  # T along z
up, tilted = np.array([0.0, 0.0, 1.0]), np.array([np.sin(0.5), 0.0, np.cos(0.5)])
simulation = f"""
dimensions:system-size = {cells * a / 10} !nm
sim:program = time-series
sim:integrator = llg-heun
sim:temperature = 0
sim:total-time-steps = 0
sim:applied-field-strength = {field} !T
sim:applied-field-unit-vector = 0,0,1
output:exchange-energy
output:applied-field-energy
"""
periodic = "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"


def zeeman(moments_muB):
    """-sum mu_i B.S_i over the box: the sublattices' moments along `up` and `tilted`."""
    return -cells**3 * field * MU_B * (moments_muB[0] * up[2] + moments_muB[1] * tilted[2])


def file_sum(ucf):
    """VAMPIRE's exchange energy of the written file itself, E = -1/2 sum over its rows of
    S_i.J.S_j, over the box: the file's values are the couplings rounded to the digits the tool
    writes (5 or 6), so miniASD must agree with this sum to rounding and with the couplings'
    own to the file's precision."""
    lines = [ln.split() for ln in open(ucf) if ln.strip() and not ln.lstrip().startswith("#")]
    head = next(k for k, w in enumerate(lines) if len(w) == 2 and w[1] == "tensorial")
    S = {0: up, 1: tilted}
    total = 0.0
    for w in lines[head + 1:head + 1 + int(lines[head][0])]:
        i, j = int(w[1]), int(w[2])
        total += S[i] @ np.array([float(x) for x in w[6:15]]).reshape(3, 3) @ S[j]
    return -0.5 * cells**3 * total


def run_all_ranks(name, directory, expected_exchange, expected_zeeman, ucf):
    written = file_sum(os.path.join(directory, ucf))
    for n in (1, 2, 4):
        out = os.path.join(directory, f"run-np{n}")
        r = run_miniasd(mpiexec, flags, miniasd, directory, "input", out, n)
        if not check(r.returncode == 0, f"{name}: runs on {n} rank(s)", r.stderr[-2000:]):
            continue
        c = columns(os.path.join(out, "output"))
        # With DMI in the file's tensors the column is headed E_exchange+DMI (it holds both).
        ex = c.get("E_exchange+DMI[J]", c.get("E_exchange[J]"))[0]
        ze = c["E_field[J]"][0]
        check(abs(ex - written) < 1e-12 * abs(written),
              f"{name} on {n} rank(s): exchange energy {ex:.12e} J, the file's sum {written:.12e} J")
        check(abs(ex - expected_exchange) < 1e-5 * abs(expected_exchange),
              f"{name} on {n} rank(s): exchange energy {ex:.6e} J, the couplings' own sum in the "
              f"tool's convention {expected_exchange:.6e} J (to the digits of the file)")
        check(abs(ze - expected_zeeman) < 1e-9 * abs(expected_zeeman),
              f"{name} on {n} rank(s): Zeeman energy {ze:.9e} J from the file's two materials' "
              f"moments, expected {expected_zeeman:.9e} J")


# --- TB2J: bcc with two sublattices (two materials), J1 and a bulk-like DMI between them, J2
# within each; the second sublattice tilted by 0.5 rad. Couplings in eV, as TB2J holds them.
from ase import Atoms  # noqa: E402
from TB2J.io_exchange.io_exchange import SpinIO  # noqa: E402

atoms = Atoms("Fe2", scaled_positions=[[0, 0, 0], [0.5, 0.5, 0.5]], cell=np.eye(3) * a, pbc=True)
frac = atoms.get_scaled_positions()
J1, D1, J2 = 0.020, 0.002, {0: 0.005, 1: 0.003}
Jdict, Ddict = {}, {}
for i, j in itertools.product((0, 1), repeat=2):
    for R in itertools.product((-1, 0, 1), repeat=3):
        d = np.array(R) + frac[j] - frac[i]
        if i != j and np.allclose(np.abs(d), 0.5):
            Jdict[(R, i, j)] = J1
            Ddict[(R, i, j)] = D1 * d / np.linalg.norm(d)  # D_ji(-R) = -D_ij(R)
        if i == j and np.isclose(np.linalg.norm(d), 1):
            Jdict[(R, i, j)] = J2[i]
moments = (2.2, 1.5)
spin = SpinIO(atoms=atoms, spinat=[moments[0] * up, moments[1] * tilted], charges=[0, 0],
              index_spin=[0, 1], colinear=False, exchange_Jdict=Jdict, dmi_ddict=Ddict)
tb2j = os.path.join(work, "tb2j")
spin.write_vampire(path=tb2j)
# TB2J's own input runs unchanged (checked, not run: it is a 41-temperature Curie sweep).
r = subprocess.run([miniasd, "input", "--check"], cwd=tb2j, capture_output=True, text=True)
check(r.returncode == 0, "TB2J's own input file passes miniasd --check", r.stdout + r.stderr)
with open(os.path.join(tb2j, "input")) as f:
    keep = [line for line in f if line.split("=")[0].strip().split(":")[0] in
            ("create", "material", "dimensions") and "system-size" not in line]
with open(os.path.join(tb2j, "input"), "w") as f:
    f.write("".join(keep) + simulation)
S = {0: up, 1: tilted}
exchange = -cells**3 * EV * sum(
    Jdict[k] * S[k[1]] @ S[k[2]] + (Ddict[k] @ np.cross(S[k[1]], S[k[2]]) if k in Ddict else 0)
    for k in Jdict)
run_all_ranks("TB2J", tb2j, exchange, zeeman(moments), "vampire.UCF")

# --- magnopy: the same structure through magnopy's own Hamiltonian and energy.
import magnopy  # noqa: E402

vampire = magnopy.Convention.get_predefined("Vampire")
ham = magnopy.SpinHamiltonian(
    cell=np.eye(3) * a, convention=vampire,
    atoms=dict(names=["Fe1", "Fe2"], spins=[1.1, 0.75], g_factors=[2, 2],
               positions=[[0, 0, 0], [0.5, 0.5, 0.5]]))
J1_meV, D1_meV = 20.0, 1.5
for R in itertools.product((-1, 0), repeat=3):  # each nearest-neighbour pair once
    d = np.array([0.5, 0.5, 0.5]) + np.array(R)
    dmi = D1_meV * d / np.linalg.norm(d)
    ham.add_22(alpha=0, beta=1, nu=R,
               parameter=magnopy.converter22.from_iso(iso=J1_meV)
               + magnopy.converter22.from_dmi(dmi=dmi))
for axis in np.eye(3, dtype=int):
    for alpha, J in ((0, 4.0), (1, 2.5)):
        ham.add_22(alpha=alpha, beta=alpha, nu=tuple(int(x) for x in axis),
                   parameter=magnopy.converter22.from_iso(iso=J))
mag = os.path.join(work, "magnopy")
os.makedirs(mag)
cwd = os.getcwd()
os.chdir(mag)
magnopy.io.dump_vampire(ham, seedname="vampire", materials=[0, 1])
os.chdir(cwd)
with open(os.path.join(mag, "vampire.mat")) as f:
    mat = f.read()
# The one edit: magnopy writes random initial directions; the check needs known ones.
for m, direction in ((1, up), (2, tilted)):
    mat = mat.replace(f"material[{m}]:initial-spin-direction = random",
                      f"material[{m}]:initial-spin-direction = " + ",".join(map(str, direction)))
with open(os.path.join(mag, "vampire.mat"), "w") as f:
    f.write(mat)
shutil.copy(os.path.join(mag, "input-template"), os.path.join(mag, "input"))
with open(os.path.join(mag, "input"), "a") as f:
    f.write("\n" + periodic + simulation)
energy = magnopy.Energy(ham)
per_cell = energy.E_0(np.array([up, tilted]), units="Joule")
run_all_ranks("magnopy", mag, cells**3 * per_cell, zeeman((2.2, 1.5)), "vampire.UCF")

# magnopy 0.4.3 leaves its on-site rows out of the bond count of the file: refused by name.
bad = os.path.join(work, "magnopy-onsite")
os.makedirs(bad)
os.chdir(bad)
magnopy.io.dump_vampire(magnopy.examples.cubic_ferro_nn(a=a, J_iso=5.0, S=1.1), seedname="vampire")
os.chdir(cwd)
shutil.copy(os.path.join(bad, "input-template"), os.path.join(bad, "input"))
r = subprocess.run([miniasd, "input", "--check"], cwd=bad, capture_output=True, text=True)
check(r.returncode != 0 and "vampire.UCF, line" in r.stderr
      and "a bond row beyond the count the header of line" in r.stderr,
      "magnopy's miscounted bond block is refused, naming the file, the line and the fix", r.stderr)

finish("inputs")
