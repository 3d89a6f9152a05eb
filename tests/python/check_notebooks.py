"""Executes the tutorial notebooks (docs/tutorial/notebooks/*.ipynb) with nbclient, as a reader's
Jupyter would, shortened (MINIASD_QUICK=1); each notebook asserts its own physics. A failing
cell fails the test with its traceback. The executed notebooks are kept in WORKDIR.
Usage: check_notebooks.py MPIEXEC [FLAG ...] -- WORKDIR SOURCE_DIR
"""
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

args = sys.argv[1:]
sep = args.index("--")
work, source = Path(args[sep + 1]), Path(args[sep + 2]).resolve()
work.mkdir(parents=True, exist_ok=True)
os.environ.update(MINIASD_QUICK="1", MINIASD_SOURCE=str(source))
notebooks = sorted((source / "docs" / "tutorial" / "notebooks").glob("*.ipynb"))
failed = []
if len(notebooks) < 3:
    failed.append(f"expected at least three notebooks, found {[n.name for n in notebooks]}")
for path in notebooks:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(work)}})
    try:
        client.execute()
        figures = sum(1 for cell in nb.cells for out in cell.get("outputs", [])
                      if "image/png" in out.get("data", {}))
        ok = figures >= 1
        print(("ok    " if ok else "FAIL  ") + f"{path.name}: ran, {figures} figure(s)", flush=True)
        if not ok:
            failed.append(f"{path.name}: no figure")
    except CellExecutionError as e:
        print(f"FAIL  {path.name}:\n{e}", flush=True)
        failed.append(path.name)
    nbformat.write(nb, work / path.name)
print(f"check_notebooks: {len(failed)} failed" if failed else "check_notebooks: all passed")
sys.exit(1 if failed else 0)
