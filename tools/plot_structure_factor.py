#!/usr/bin/python3
"""Spin-wave spectrum of a miniASD run: the dynamical structure factor along its path of wave
vectors as an intensity map, with the linear spin-wave dispersion drawn over it.

    /usr/bin/python3 tools/plot_structure_factor.py runs/fe/structure-factor [--input runs/fe/input]
        [--component perp|transverse|xx|yy|zz] [--negative] [-o map.png]

Reads `structure-factor` (one row per wave vector and frequency; the last header line names the
columns), or `structure-factor.h5` (h5py), and draws the chosen component (default S-perp, the unpolarised neutron cross section;
`transverse` is S-xx + S-yy) against the wave vector's position along the path and the frequency
(THz), on a logarithmic colour scale, with the path's corners labelled by their h, k, l. With
--input, the model is read from the run's input, and where it is one magnetic material on a
built-in sc, bcc or fcc crystal with nearest-neighbour exchange J > 0 (a ferromagnet), the linear
spin-wave frequency

    f(q) = gamma / (2 pi mu (1 + alpha^2)) [J(0) - J(q) + 2 k_u + mu B]

is drawn over the map (k_u and B along the magnetisation; J(q) = J sum_d cos(2 pi q . d) over the
nearest-neighbour vectors d in cell units); for other models it says why it draws none.
numpy and matplotlib only.
"""
import argparse
import math
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

GAMMA = 1.76085963023e11  # 1/(s T)
MU_B = 9.2740100783e-24  # J/T
UNITS = {"j": 1.0, "mev": 1.602176634e-22, "ev": 1.602176634e-19, "zj": 1e-21, "mub": MU_B,
         "t": 1.0, "mt": 1e-3}
NEIGHBOURS = {
    "sc": [(1, 0, 0), (0, 1, 0), (0, 0, 1)],
    "bcc": [(0.5, sx, sz) for sx in (0.5, -0.5) for sz in (0.5, -0.5)],
    "fcc": [(0.5, 0.5, 0), (0.5, -0.5, 0), (0.5, 0, 0.5), (0.5, 0, -0.5), (0, 0.5, 0.5),
            (0, 0.5, -0.5)],
}  # half of each crystal's nearest-neighbour vectors (the other half are their negatives)


def read_hdf5(path):
    """The same (column names, values) from structure-factor.h5 (file-format = hdf5 or both)."""
    import h5py
    with h5py.File(path, "r") as f:
        hkl, dist, freq = f["hkl"][:], f["q_distance"][:], f["frequency"][:]
        s, err, off = f["S"][:], f["S_error"][:], f["S_offdiagonal"][:]
    nq, ns = s.shape[0], s.shape[1]
    rows = np.zeros((nq * ns, 20))
    rows[:, 0] = np.repeat(np.arange(nq), ns)
    rows[:, 1:4] = np.repeat(hkl, ns, axis=0)
    rows[:, 4] = np.repeat(dist, ns)
    rows[:, 5] = np.tile(freq, nq)
    rows[:, 6:10] = s.reshape(-1, 4)
    rows[:, 10:14] = err.reshape(-1, 4)
    rows[:, 14:20] = off.reshape(-1, 6)
    names = ["q-index", "h", "k", "l", "q-distance", "frequency", "S-xx", "S-yy", "S-zz", "S-perp",
             "S-xx-error", "S-yy-error", "S-zz-error", "S-perp-error", "S-xy-re", "S-xy-im",
             "S-xz-re", "S-xz-im", "S-yz-re", "S-yz-im"]
    return names, rows


def read_table(path):
    """(column names, values) of a structure-factor file (text, or .h5)."""
    if path.endswith(".h5"):
        return read_hdf5(path)
    names = None
    with open(path) as f:
        for line in f:
            if not line.startswith("#"):
                break
            names = line[1:].split()
    if not names or names[0] != "q-index":
        sys.exit(f"{path}: no column line; is this miniASD's structure-factor?")
    data = np.loadtxt(path, comments="#", ndmin=2)
    if data.shape[1] != len(names):
        sys.exit(f"{path}: rows of {data.shape[1]} values under {len(names)} names")
    return [n.split("[")[0] for n in names], data


def read_model(path):
    """The input's keywords as {key: value text} (blanks and comments removed)."""
    keys = {}
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].replace(" ", "").replace("\t", "").strip()
            if "=" in line:
                k, v = line.split("=", 1)
                keys[k.lower()] = v
            elif line:
                keys[line.lower()] = ""
    return keys


def number(text, default_unit=1.0):
    """A keyword's number in SI, with its !unit when it has one."""
    value, _, unit = text.partition("!")
    u = UNITS.get(unit.lower()) if unit else default_unit
    if u is None:
        raise ValueError(f"unit '{unit}'")
    return float(value) * u


def dispersion(keys):
    """A function (h, k, l) -> f (THz), or the reason there is none."""
    crystal = keys.get("create:crystal-structure", "sc")
    if crystal not in NEIGHBOURS:
        return None, f"the crystal '{crystal}' (sc, bcc and fcc only)"
    if keys.get("material:num-materials", "1") != "1":
        return None, "more than one material"
    for k in keys:
        if any(w in k for w in ("dmi", "biquadratic", "unit-cell-file", "dipole", "shells",
                                "interaction-range", "exchange-matrix-")):
            return None, f"the input's {k} (nearest-neighbour exchange, anisotropy, field only)"
    try:
        j = number(keys.get("material[1]:exchange-matrix[1]", "0"))
        mu = number(keys.get("material[1]:atomic-spin-moment", "0"), MU_B)
        ku = number(keys.get("material[1]:uniaxial-anisotropy-constant",
                             keys.get("material[1]:second-order-uniaxial-anisotropy-constant",
                                      "0")))
        b = number(keys.get("sim:applied-field-strength", "0"))
        alpha = float(keys.get("material[1]:damping-constant", "1"))
    except ValueError as e:
        return None, f"a value it cannot read ({e})"
    if not (j > 0 and mu > 0):
        return None, "no ferromagnetic nearest-neighbour exchange (J > 0) and moment"
    scale = GAMMA / (2 * math.pi * mu * (1 + alpha * alpha)) * 1e-12
    d = np.array(NEIGHBOURS[crystal], dtype=float)

    def f(hkl):
        jq = 2 * j * np.cos(2 * math.pi * np.asarray(hkl) @ d.T).sum(axis=-1)
        return scale * (2 * j * len(d) - jq + 2 * ku + mu * b)

    return f, None


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("table")
    p.add_argument("--input", help="the run's input: draws linear spin-wave theory over the map")
    p.add_argument("--component", default="perp",
                   choices=["perp", "transverse", "xx", "yy", "zz"])
    p.add_argument("--negative", action="store_true", help="negative frequencies too")
    p.add_argument("-o", "--output")
    a = p.parse_args()
    names, data = read_table(a.table)
    col = {n: i for i, n in enumerate(names)}
    q = data[:, col["q-index"]].astype(int)
    nq = q.max() + 1
    ns = len(data) // nq
    f = data[:ns, col["frequency"]]
    if a.component == "transverse":
        s = data[:, col["S-xx"]] + data[:, col["S-yy"]]
    else:
        s = data[:, col["S-" + a.component]]
    s = s.reshape(nq, ns)
    hkl = data[::ns, [col["h"], col["k"], col["l"]]]
    keep = f >= 0 if not a.negative else np.ones_like(f, dtype=bool)
    df = f[1] - f[0]
    # The colour scale from the inelastic part: the elastic line at f = 0 (the ordered moment's
    # Bragg peak at q = 0) would outshine every spin wave.
    inelastic = s[:, np.abs(f) > 1.5 * df]
    top = np.percentile(inelastic[inelastic > 0], 99.5) if (inelastic > 0).any() else 1.0
    image = np.clip(s[:, keep].T, top * 1e-3, None)
    fig, ax = plt.subplots(figsize=(8, 5))
    mesh = ax.imshow(image, origin="lower", aspect="auto", cmap="magma",
                     extent=(-0.5, nq - 0.5, f[keep][0] - df / 2, f[keep][-1] + df / 2),
                     norm=matplotlib.colors.LogNorm(vmin=top * 1e-3, vmax=top))
    fig.colorbar(mesh, ax=ax, label=f"S-{a.component} (1/THz)")
    # Corners: where the direction of the path changes.
    steps = np.diff(hkl, axis=0)
    corners = [0] + [i for i in range(1, nq - 1)
                     if not np.allclose(steps[i - 1], steps[i])] + [nq - 1]
    ax.set_xticks(corners)
    ax.set_xticklabels([",".join(f"{x:g}" for x in hkl[i]) for i in corners])
    ax.set_xlabel("wave vector h,k,l (reciprocal lattice units)")
    ax.set_ylabel("frequency (THz)")
    if a.input:
        law, why = dispersion(read_model(a.input))
        if law is None:
            print(f"no linear spin-wave dispersion drawn: {why}")
        else:
            fine = np.linspace(0, nq - 1, 20 * (nq - 1) + 1)
            path = np.array([np.interp(fine, np.arange(nq), hkl[:, c]) for c in range(3)]).T
            ax.plot(fine, law(path), color="cyan", lw=1, ls="--",
                    label="linear spin-wave theory")
            ax.legend(loc="upper right")
            print("linear spin-wave frequencies (THz) at the corners: " +
                  ", ".join(f"{law(hkl[i]):.4g}" for i in corners))
    ax.set_title(a.table)
    out = a.output or a.table + ".png"
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
