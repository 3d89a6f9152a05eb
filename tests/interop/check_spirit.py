"""Interop, Spirit: the worked example of docs/conventions.md (square monolayer, a = 2.5 A,
J = 10 meV, interfacial D = 2.5 meV as Spirit's `dm_chirality 2`, K = 1 meV along z, B = 1 T along
z, mu_s = 2 muB) built by Spirit's own Python package from an input file written here, on
24 x 24 x 1 cells periodic in x and y; a skyrmion set by Spirit (plus_z, then skyrmion with
phase 180) and relaxed a little by its VP solver; Spirit's spins written by Spirit as OVF 2.0
(`# meshunit: nm`) and read by miniASD as its initial spins, on 1 and 2 ranks. miniASD's energy
per atom and each contribution (exchange, DMI, anisotropy, Zeeman) must equal Spirit's, its
topological charge Spirit's, and it must read the mesh in nm (no "coarser than the unit cell"
note). Then the opposite chirality: Spirit's `dm_chirality -2` with the same D against miniASD's
`interfacial-dmi-constant = -D`, the conventions table's last DMI row.

Precision: Spirit's Python API hands energies over as float32, so Spirit's energies are taken
from its per-spin energy file (io.image_write_energy_per_spin) in OVF binary 8, and its spins go
over in binary 8 too: both codes then see the same doubles, and the contributions agree to
rounding (1e-9 relative asked, ~1e-15 seen). The one known difference is the Bohr magneton in meV/T
(Spirit 2.2.0: 0.057883817555; miniASD: 9.2740100783e-24 J/T / 1.602176634e-22 J, 8.7e-9
relative above it): Spirit's Zeeman energy is rescaled by that ratio before the comparison.
Spirit's topological charge comes only as float32 through the API: within 1e-6.
Called by run_interop.sh: check_spirit.py MINIASD MPIEXEC [FLAGS...] -- WORKDIR"""
import os
import shutil
import sys

import numpy as np

from interop_common import check, columns, finish, run_miniasd
from spirit_model import B, D, MU_B_MEV, a, miniasd_model, spirit_cfg, spirit_log

args = sys.argv[1:]
sep = args.index("--")
miniasd, mpiexec, flags = args[0], args[1], args[2:sep]
work = os.path.join(args[sep + 1], "spirit")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)

RELATIVE = 1e-9

try:
    from spirit import configuration, constants, io, quantities, simulation, state, version
except Exception as e:  # the venv is built from requirements.txt: a missing package fails
    check(False, "Spirit's Python package imports (spirit in tests/interop/requirements.txt)",
          repr(e))
    finish("spirit")


def ovf_binary8(path):
    """Header {key: value} ('##' comments cut) and the nodes x valuedim doubles of a one-segment
    OVF 2.0 'Data Binary 8' file, as Spirit writes it."""
    raw = open(path, "rb").read()
    tag = b"# Begin: Data Binary 8\n"
    at = raw.index(tag) + len(tag)
    header = {}
    for line in raw[:at].decode().splitlines():
        if line.startswith("##") or ":" not in line:
            continue
        key, value = line[1:].split("##")[0].split(":", 1)
        header[key.strip().lower()] = value.strip()
    nodes = int(header["xnodes"]) * int(header["ynodes"]) * int(header["znodes"])
    dim = int(header["valuedim"])
    data = np.frombuffer(raw, dtype="<f8", count=1 + nodes * dim, offset=at)
    assert data[0] == 123456789012345.0, f"{path}: the binary 8 check value is wrong"
    return header, data[1:].reshape(nodes, dim)


def spirit_energies(p, name):
    """Spirit's energy per spin and its contributions (meV), from Spirit's own per-spin energy
    file in binary 8: {label: per-spin mean}, 'Total' among them."""
    path = os.path.join(work, name)
    io.image_write_energy_per_spin(p, path, fileformat=io.FILEFORMAT_OVF_BIN8)
    header, data = ovf_binary8(path)
    return dict(zip(header["valuelabels"].split(), data.mean(axis=0)))


# --- Spirit: the model from its input file, the skyrmion, a few hundred VP steps.
cfg = os.path.join(work, "input.cfg")
with open(cfg, "w") as f:
    f.write(spirit_cfg(2))
spins = os.path.join(work, "spirit.ovf")
with spirit_log(work), state.State(cfg, quiet=True) as p:
    configuration.plus_z(p)
    configuration.skyrmion(p, 20.0, phase=180)  # S_z = 0 at 10 A; helicity 0, core down
    simulation.start(p, simulation.METHOD_LLG, simulation.SOLVER_VP, n_iterations=300)
    spirit = spirit_energies(p, "spirit-energy.ovf")
    q_spirit = quantities.get_topological_charge(p)
    io.image_write(p, spins, fileformat=io.FILEFORMAT_OVF_BIN8)
    mu_b_spirit = constants.mu_B
with open(cfg, "w") as f:  # the same model with the opposite chirality, on Spirit's own file
    f.write(spirit_cfg(-2))
with spirit_log(work), state.State(cfg, quiet=True) as p:
    io.image_read(p, spins)
    spirit_inverse = spirit_energies(p, "spirit-energy-inverse.ovf")

header, _ = ovf_binary8(spins)
check(header.get("meshunit") == "nm" and float(header["xstepsize"]) == a / 10
      and float(header["xbase"]) == 0 and header.get("valuedim") == "3",
      f"Spirit {version.version_full} writes its spins as OVF 2.0 binary 8, meshunit "
      f"'{header.get('meshunit')}', xstepsize {header.get('xstepsize')} (a in nm), "
      f"xbase {header.get('xbase')}", repr(header))
check(abs(q_spirit + 1) < 1e-3 and spirit["DMI"] < 0,
      f"Spirit's relaxed state is a skyrmion: Q = {q_spirit:.6f}, DMI {spirit['DMI']:.6f} meV "
      "per spin (phase 180 is the chirality `dm_chirality 2` favours)")
check(abs(spirit_inverse["DMI"] + spirit["DMI"]) < 1e-12 * abs(spirit["DMI"]),
      f"Spirit: dm_chirality -2 flips the DMI energy of the same spins "
      f"({spirit_inverse['DMI']:.12f} against {spirit['DMI']:.12f} meV per spin)")


# --- miniASD: the same model, Spirit's spins as its initial state, step 0 only.
def miniasd_input(dmi):
    return miniasd_model(dmi, os.path.basename(spins)) + """material[1]:damping-constant = 0.3
sim:program = time-series
sim:integrator = llg-heun
sim:time-step = 1 !fs
sim:temperature = 0
sim:total-time-steps = 0
output:total-energy-per-atom
output:exchange-energy-per-atom
output:dmi-energy-per-atom
output:anisotropy-energy-per-atom
output:applied-field-energy-per-atom
output:topological-charge
"""


def close(x, ref, what):
    return check(abs(x - ref) <= RELATIVE * abs(ref),
                 f"{what}: miniASD {x:.15f}, Spirit {ref:.15f} meV per spin "
                 f"(relative {abs(x - ref) / abs(ref):.1e})")


COARSER = "coarser than the unit cell"
zeeman_scale = MU_B_MEV / mu_b_spirit
for case, dmi, ref, chirality in (("D", D, spirit, 2), ("-D", -D, spirit_inverse, -2)):
    name = "input-D" if dmi > 0 else "input-minus-D"
    with open(os.path.join(work, name), "w") as f:
        f.write(miniasd_input(dmi))
    # Spirit's energies with miniASD's Bohr magneton: the Zeeman term, and the total through it.
    zeeman = ref["Zeeman"] * zeeman_scale
    total = ref["Total"] + ref["Zeeman"] * (zeeman_scale - 1)
    for n in (1, 2):
        label = f"dm_chirality {chirality} / interfacial-dmi-constant = {case}, {n} rank(s)"
        out = os.path.join(work, f"run-{name}-np{n}")
        r = run_miniasd(mpiexec, flags, miniasd, work, name, out, n)
        if not check(r.returncode == 0, f"{label}: miniASD runs from Spirit's OVF file",
                     (r.stdout + r.stderr)[-2000:]):
            continue
        check(COARSER not in r.stdout + r.stderr,
              f"{label}: Spirit's mesh read in nm (no '{COARSER}' note)", r.stdout[-2000:])
        c = columns(os.path.join(out, "output"))
        want = ("E_total[meV/atom]", "E_exchange+DMI[meV/atom]", "E_DMI[meV/atom]",
                "E_anisotropy[meV/atom]", "E_field[meV/atom]", "Q")
        if not check(all(w in c for w in want), f"{label}: the output file has the columns "
                     + ", ".join(want), "its header: " + " ".join(c)):
            continue
        row = {k: v[0] for k, v in c.items()}
        close(row["E_total[meV/atom]"], total, f"{label}: total energy")
        close(row["E_exchange+DMI[meV/atom]"] - row["E_DMI[meV/atom]"], ref["Exchange"],
              f"{label}: exchange (E_exchange+DMI - E_DMI)")
        close(row["E_DMI[meV/atom]"], ref["DMI"], f"{label}: DMI")
        close(row["E_anisotropy[meV/atom]"], ref["Anisotropy"], f"{label}: anisotropy")
        close(row["E_field[meV/atom]"], zeeman,
              f"{label}: Zeeman (Spirit's x {zeeman_scale:.10f}, the ratio of the Bohr magnetons)")
        check(abs(row["Q"] - q_spirit) < 1e-6,
              f"{label}: topological charge miniASD {row['Q']:.9f}, Spirit {q_spirit:.9f}")

# The note's check has teeth: the same file with its mesh unit misread as metres gives it.
with open(spins, "rb") as f:
    raw = f.read()
wrong = os.path.join(work, "spirit-metres.ovf")
with open(wrong, "wb") as f:
    f.write(raw.replace(b"# meshunit: nm", b"# meshunit: m", 1))
with open(os.path.join(work, "input-metres"), "w") as f:
    f.write(miniasd_input(D).replace(os.path.basename(spins), os.path.basename(wrong)))
r = run_miniasd(mpiexec, flags, miniasd, work, "input-metres", os.path.join(work, "run-metres"), 1)
check(r.returncode == 0 and COARSER in r.stdout,
      f"control: the same file with 'meshunit: m' gives the '{COARSER}' note",
      (r.stdout + r.stderr)[-2000:])

finish("spirit")
