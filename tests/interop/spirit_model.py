"""The model the Spirit checks share (check_spirit.py, check_spirit_gneb.py): docs/conventions.md's
worked example (square monolayer, a = 2.5 A, J = 10 meV, interfacial D = 2.5 meV as Spirit's
`dm_chirality 2`, K = 1 meV along z, B = 1 T along z, mu_s = 2 muB) on 24 x 24 x 1 cells periodic
in x and y, as Spirit's input file and as miniASD's keywords."""
import contextlib
import os
import sys

MU_B_MEV = 9.2740100783e-24 / 1.602176634e-22  # miniASD's Bohr magneton, meV/T
a, cells = 2.5, 24  # A; cells along x and y
J, D, K, B, mu_s = 10.0, 2.5, 1.0, 1.0, 2.0  # meV, meV, meV, T, muB


@contextlib.contextmanager
def spirit_log(work):
    """Spirit's C library prints its start-up banner to the process's stdout even in quiet
    mode: sent to spirit.log in the work directory instead."""
    sys.stdout.flush()
    saved = os.dup(1)
    with open(os.path.join(work, "spirit.log"), "a") as log:
        os.dup2(log.fileno(), 1)
        try:
            yield
        finally:
            os.dup2(saved, 1)
            os.close(saved)


def spirit_cfg(chirality):
    """docs/conventions.md's Spirit input, on the smaller lattice, without output files."""
    return f"""
log_to_console            0
log_to_file               0
bravais_lattice           sc
lattice_constant          {a}
n_basis_cells             {cells} {cells} 1
boundary_conditions       1 1 0
mu_s                      {mu_s}
hamiltonian               heisenberg_neighbours
external_field_magnitude  {B}
external_field_normal     0.0 0.0 1.0
anisotropy_magnitude      {K}
anisotropy_normal         0.0 0.0 1.0
n_shells_exchange         1
jij                       {J}
n_shells_dmi              1
dij                       {D}
dm_chirality              {chirality}
llg_damping               0.3
llg_dt                    1.0E-3
llg_temperature           0
llg_output_any            0
"""


def miniasd_model(dmi, spins):
    """miniASD's keywords of the model with interfacial DMI `dmi` (meV), starting from the spin
    file `spins`; energies in meV."""
    return f"""create:crystal-structure = sc
create:periodic-boundaries-x
create:periodic-boundaries-y
dimensions:unit-cell-size = {a} !A
dimensions:system-size-x = {cells * a / 10} !nm
dimensions:system-size-y = {cells * a / 10} !nm
dimensions:system-size-z = {a} !A
material:num-materials = 1
material[1]:atomic-spin-moment = {mu_s} !muB
material[1]:exchange-matrix[1] = {J} !meV
material[1]:interfacial-dmi-constant[1] = {dmi} !meV
material[1]:second-order-uniaxial-anisotropy-constant = {K} !meV
material[1]:uniaxial-anisotropy-direction = 0,0,1
sim:applied-field-strength = {B} !T
sim:applied-field-unit-vector = 0,0,1
sim:initial-spin-configuration = file
sim:initial-spin-file = {spins}
output:energy-unit = mev
"""
