#!/usr/bin/env python3
"""The physics compiles for a GPU (docs/gpu.md): nvcc builds src/kernels/device_kernels.cu, which
instantiates every MINIASD_HD kernel of src/kernels/ and util/ in a __global__ function, and the
GPU backend's step (src/gpu/device_system.cu), with
every warning an error, and its PTX has an entry per kernel and no fused multiply-add anywhere:
the build's -fmad=false is in effect (the same roundings as the CPU's -ffp-contract=off), and no
kernel calls CUDA's own exp, log, sin or cos, which nvcc inlines from libdevice with FMAs in
them whatever the flag (the program's are util/portable_math.hpp's, so the noise and the Monte
Carlo moves have the CPU's bits).

    check_cuda_kernels.py SOURCE_DIR RANDOM123_INCLUDE_DIR [NVCC]

Without nvcc it prints why and exits 77, which ctest reports as skipped."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


def main(source, random123, nvcc=None):
    nvcc = nvcc or shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc"
                                            if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
    if not nvcc or not os.path.exists(nvcc):
        print("skipped: nvcc not found (install the CUDA toolkit to compile the device kernels)")
        return SKIP
    units = [os.path.join(source, "src", "kernels", "device_kernels.cu"),
             os.path.join(source, "src", "gpu", "device_system.cu")]
    flags = ["-std=c++17", "-fmad=false", "-arch=sm_90", "-Werror", "all-warnings",
             "-I" + os.path.join(source, "src")]
    if os.path.normpath(random123) not in ("/usr/include", "/usr/local/include"):
        flags += ["-isystem", random123]  # a system directory again would break include_next
    ptx = ""
    with tempfile.TemporaryDirectory() as work:
        for unit in units:
            for kind, out in (("-c", "unit.o"), ("-ptx", "unit.ptx")):
                p = subprocess.run([nvcc] + flags + [kind, unit, "-o", os.path.join(work, out)],
                                   capture_output=True, text=True)
                if p.returncode != 0:
                    print(f"nvcc {kind} {os.path.basename(unit)} failed:\n{p.stdout}{p.stderr}")
                    return 1
            ptx += open(os.path.join(work, "unit.ptx")).read()
    entries = re.split(r"\.visible \.entry ", ptx)[1:]
    names = [e.split("(")[0] for e in entries]
    registry = open(os.path.join(source, "src", "kernels", "local_terms.hpp")).read()
    terms = re.findall(r"^\s*X\((\w+), (\w+)\)", registry, re.M)
    bad = []
    for view in (v for _, v in terms):
        for kernel in ("term_field", "term_energy", "term_energy_change"):
            if not any(kernel in n and view in n for n in names):
                bad.append(f"no {kernel} entry for {view}")
    for kernel in ("predict_kernel", "correct_kernel", "trial_kernel", "block_sums",
                   "gather_kernel"):  # the backend's steps
        if not any(kernel in n for n in names):
            bad.append(f"no {kernel} entry in the GPU backend")
    for name, body in zip(names, entries):
        if "fma.rn.f64" in body:
            bad.append(f"{name}: a fused multiply-add (contracted arithmetic, or CUDA's own "
                       f"exp/log/sin/cos inlined: not the CPU's bits)")
    if bad:
        print("\n".join(bad))
        return 1
    print(f"device kernels: {len(names)} entries over {len(terms)} local terms, Heun, Monte "
          f"Carlo, exact sums and the backend's step; no fused multiply-add, no CUDA exp/log/sin/cos")
    return 0


sys.exit(main(*sys.argv[1:]))
