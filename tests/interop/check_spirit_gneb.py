"""Interop, Spirit's GNEB: the barrier of a skyrmion's collapse in docs/conventions.md's model
(tests/interop/spirit_model.py) found by both codes. Spirit 2.2 relaxes the skyrmion (LBFGS-OSO),
builds a chain of 7 images to the uniform state by its geodesic interpolation and converges it
by GNEB with velocity projection, the highest image climbing; its relaxed skyrmion and its
climbing image go over as OVF binary 8. miniASD's energies of those two states give Spirit's
barrier in double precision (Spirit's API hands energies over as float32; miniASD's energies of
Spirit's spins equal Spirit's to 1e-15, check_spirit.py). miniASD's gneb program, started from
Spirit's skyrmion, must find that barrier within 1e-4 relative (measured: 1e-12), on 1 and 2 ranks,
with its climbing image at the same place (the reduced magnetisation within 1e-6).
Called by run_interop.sh: check_spirit_gneb.py MINIASD MPIEXEC [FLAGS...] -- WORKDIR"""
import os
import re
import shutil
import sys

from interop_common import check, columns, finish, run_miniasd
from spirit_model import D, miniasd_model, spirit_cfg, spirit_log

args = sys.argv[1:]
sep = args.index("--")
miniasd, mpiexec, flags = args[0], args[1], args[2:sep]
work = os.path.join(args[sep + 1], "spirit-gneb")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
IMAGES = 7

try:
    import numpy as np
    from spirit import chain, configuration, io, parameters, simulation, state, transition
except Exception as e:
    check(False, "Spirit's Python package imports (spirit in tests/interop/requirements.txt)",
          repr(e))
    finish("spirit-gneb")

cfg = os.path.join(work, "input.cfg")
with open(cfg, "w") as f:
    f.write(spirit_cfg(2) + "gneb_output_any           0\n")
with spirit_log(work), state.State(cfg, quiet=True) as p:
    configuration.plus_z(p)
    configuration.skyrmion(p, 20.0, phase=180)
    simulation.start(p, simulation.METHOD_LLG, simulation.SOLVER_LBFGS_OSO, n_iterations=20000)
    io.image_write(p, os.path.join(work, "first.ovf"), fileformat=io.FILEFORMAT_OVF_BIN8)
    chain.image_to_clipboard(p)
    chain.set_length(p, IMAGES)
    chain.jump_to_image(p, IMAGES - 1)
    configuration.plus_z(p)
    chain.jump_to_image(p, 0)
    transition.homogeneous(p, 0, IMAGES - 1)
    simulation.start(p, simulation.METHOD_GNEB, simulation.SOLVER_VP, n_iterations=20000)
    energies = chain.get_energy(p)
    top = int(np.argmax(energies[1:-1])) + 1
    parameters.gneb.set_climbing_falling(p, parameters.gneb.IMAGE_CLIMBING, idx_image=top)
    simulation.start(p, simulation.METHOD_GNEB, simulation.SOLVER_VP, n_iterations=40000)
    io.image_write(p, os.path.join(work, "saddle.ovf"), fileformat=io.FILEFORMAT_OVF_BIN8,
                   idx_image=top)


def energy_of(spins):
    """miniASD's total energy (meV) of a Spirit spin file, and its reduced magnetisation."""
    name = f"energy-{spins}"
    with open(os.path.join(work, name), "w") as f:
        f.write(miniasd_model(D, spins) + "sim:program = time-series\nsim:total-time-steps = 0\n"
                "output:total-energy\noutput:magnetisation-components\n")
    out = os.path.join(work, "run-" + name)
    r = run_miniasd(mpiexec, flags, miniasd, work, name, out, 1)
    if not check(r.returncode == 0, f"miniASD reads Spirit's {spins}", (r.stdout + r.stderr)[-2000:]):
        finish("spirit-gneb")
    c = columns(os.path.join(out, "output"))
    return c["E_total[meV]"][0], c["mz"][0]


first, _ = energy_of("first.ovf")
saddle, saddle_mz = energy_of("saddle.ovf")
barrier = saddle - first
check(barrier > 1, f"Spirit's climbing image (image {top}) lies {barrier:.12f} meV above its skyrmion")

with open(os.path.join(work, "gneb"), "w") as f:
    f.write(miniasd_model(D, "first.ovf") + f"""sim:program = gneb
sim:total-time-steps = 100000
sim:relax-method = lbfgs
gneb:images = {IMAGES}
gneb:final-spin-direction = 0,0,1
gneb:torque-tolerance = 1e-6 !T
""")
for ranks in (1, 2):
    out = os.path.join(work, f"run-gneb-np{ranks}")
    r = run_miniasd(mpiexec, flags, miniasd, work, "gneb", out, ranks)
    if not check(r.returncode == 0, f"miniASD's gneb converges on {ranks} rank(s)",
                 (r.stdout + r.stderr)[-2000:]):
        continue
    rows = [line.split() for line in open(os.path.join(out, "energy-path")) if line[0] != "#"]
    climbing = [row for row in rows if row[3] == "climbing"]
    if not check(len(climbing) == 1, f"{ranks} rank(s): one climbing image", str(rows)):
        continue
    found = float(climbing[0][2])
    check(abs(found - barrier) <= 1e-4 * barrier,
          f"{ranks} rank(s): miniASD's barrier {found:.12f} meV, Spirit's {barrier:.12f} meV "
          f"(relative {abs(found - barrier) / barrier:.1e}; 1e-4 asked)")
    check(abs(float(climbing[0][6]) - saddle_mz) < 1e-6,
          f"{ranks} rank(s): the climbing image's m_z {float(climbing[0][6]):.9f}, Spirit's "
          f"{saddle_mz:.9f}")
    report = re.search(r"Energy barrier: ([0-9.e+-]+) meV forward", r.stdout)
    check(report is None or abs(float(report.group(1)) - found) < 1e-6 * found,
          f"{ranks} rank(s): the printed barrier is the energy path's")

finish("spirit-gneb")
