"""By hand, not in ctest: ParaView's own XDMF reader reads the converter's XDMF series
(out/spins.xdmf, HDF5 data) bit for bit; the interop test reads the same files with meshio and
pyvista. Debian's python3-paraview conflicts with the python3-vtk9 the suite uses, so this
runs where ParaView's Python is installed, after the `converter` test has left its runs:

    xvfb-run -a pvbatch tests/tools/check_xdmf_paraview.py build/tests/converter/{serial,hdf5,...}

For each run directory it opens out/spins.xdmf, takes the last time step, merges the pieces,
sorts by the id attribute and compares the spins with the converter's canonical out/*.bin.
"""
import os
import sys

import numpy as np
from paraview import servermanager as sm
from paraview.simple import MergeBlocks, XDMFReader
from vtk.numpy_interface import dataset_adapter as dsa

failed = 0
for run in sys.argv[1:]:
    reader = XDMFReader(FileNames=[os.path.join(run, "out", "spins.xdmf")])
    last = reader.TimestepValues[-1]
    merged = MergeBlocks(Input=reader)
    merged.UpdatePipeline(last)
    data = dsa.WrapDataObject(sm.Fetch(merged))
    order = np.argsort(np.array(data.PointData["id"]))
    spin = np.array(data.PointData["spin"])[order]
    canonical = np.fromfile(os.path.join(run, "out", "spins-00000002.bin"), dtype="<f8").reshape(-1, 3)
    ok = np.array_equal(spin.astype(np.float64), canonical.astype(spin.dtype).astype(np.float64))
    print(f"{run}: {len(reader.TimestepValues)} times, {data.GetNumberOfPoints()} points, "
          f"{'same spins' if ok else 'DIFFERENT'}")
    failed += not ok
sys.exit(1 if failed else 0)
