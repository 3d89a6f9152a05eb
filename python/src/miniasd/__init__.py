"""miniASD from Python: build an input, run the program, read what it wrote.

    import miniasd
    spec = miniasd.Input({"create:crystal-structure": "sc", ...})
    run = miniasd.run(spec, ranks=2, output="runs/first")
    run.table          # the statistics (a pandas DataFrame, or a dict of numpy arrays)
    run.snapshots[-1].spins, run.snapshots[-1].positions
    run.hash           # the final spin state's hash

The package reads the formats docs/output.md defines and runs the program it finds
(``find_executable``); it links no compiled code.
"""
from .errors import ExecutableNotFound, InputError, Mistake, RunError
from .inputfile import Input
from .results import Checkpoint, Run
from .runner import Job, find_executable, run, start
from .snapshot import Snapshot, SnapshotError, read
from .table import Table

__version__ = "0.1.0"
__all__ = ["Checkpoint", "ExecutableNotFound", "Input", "InputError", "Job", "Mistake", "Run",
           "RunError", "Snapshot", "SnapshotError", "Table", "find_executable", "read", "run",
           "start", "__version__"]
