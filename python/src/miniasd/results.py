"""A run's output directory, opened read-only: its tables, snapshots, report and checkpoints."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Dict, List, Optional, Union

from .snapshot import Snapshot
from .table import Table

PathLike = Union[str, "os.PathLike[str]"]
PROGRAM_TABLES = ("curie-temperature", "hysteresis-loop")


class Checkpoint:
    """One complete checkpoint: a sorted-mode snapshot of every atom plus the run state."""

    def __init__(self, path: Path):
        self.path = path
        self.step = int(path.name.rsplit("-", 1)[-1])

    @property
    def snapshot(self) -> Snapshot:
        metas = sorted(self.path.glob("spins-*.meta"))
        if not metas:
            raise FileNotFoundError(f"{self.path}: no snapshot metadata in the checkpoint")
        return Snapshot(metas[0])

    def __repr__(self) -> str:
        return f"Checkpoint({str(self.path)!r}, step {self.step})"


class Run:
    """The output directory of a run (``-o``), read lazily; nothing here writes to it except
    ``resume()``, which runs the program again."""

    def __init__(self, path: PathLike, output_text: Optional[str] = None):
        self.path = Path(path)
        if not self.path.is_dir():
            raise FileNotFoundError(f"{self.path}: no such output directory")
        self.output_text = output_text  # what the program printed, when this package ran it

    def __repr__(self) -> str:
        status = self.exit_status
        state = {0: "finished", 75: "stopped with a checkpoint"}.get(
            status if status is not None else -1, f"exit {status}")
        return f"<miniasd.Run {str(self.path)!r}: {state}, hash {self.hash}>"

    # --- the report
    @property
    def report(self) -> Dict[str, Any]:
        """report.json as a dict (empty while the run has not written it)."""
        try:
            return json.loads((self.path / "report.json").read_text())
        except FileNotFoundError:
            return {}

    @property
    def exit_status(self) -> Optional[int]:
        return self.report.get("run", {}).get("exit_status")

    @property
    def stopped(self) -> bool:
        """True when the run stopped with a checkpoint (exit status 75): ``resume()`` goes on."""
        return self.exit_status == 75

    @property
    def hash(self) -> Optional[str]:
        """The final spin state's hash: equal for equal states on any ranks and threads."""
        return self.report.get("run", {}).get("spin_hash")

    @property
    def run_id(self) -> Optional[str]:
        return self.report.get("run", {}).get("run_id")

    # --- tables
    def _table(self, name: str) -> Optional[Table]:
        path = self.path / name
        return Table(path) if path.exists() else None

    @property
    def statistics(self) -> Table:
        """The statistics table (``output``) as a Table."""
        name = os.path.basename(self.report.get("run", {}).get("statistics", "") or "output")
        table = self._table(name)
        if table is None:
            raise FileNotFoundError(f"{self.path}: no statistics table '{name}'")
        return table

    @property
    def table(self):
        """The statistics as a pandas DataFrame (a dict of numpy arrays without pandas), columns
        named as the header without units; the units are in ``units``."""
        return self.statistics.data()

    @property
    def units(self) -> Dict[str, str]:
        return self.statistics.units

    @property
    def program_table(self):
        """The program's own table: ``curie-temperature`` (one row per temperature, with errors)
        or ``hysteresis-loop`` (one row per field), None for other programs."""
        for name in PROGRAM_TABLES:
            table = self._table(name)
            if table:
                return table.data()
        return None

    @property
    def tables(self) -> Dict[str, Table]:
        """Every text table the run wrote, by file name."""
        names = ["output", *PROGRAM_TABLES, "energy-path", "energy-path-interpolated",
                 "structure-factor", "structure-factor-static"]
        return {n: Table(self.path / n) for n in names if (self.path / n).exists()}

    @property
    def energy_path(self):
        """``sim:program = gneb``: the chain's images (a DataFrame or dict), None otherwise."""
        table = self._table("energy-path")
        return table.data() if table else None

    @property
    def energy_path_interpolated(self):
        table = self._table("energy-path-interpolated")
        return table.data() if table else None

    @property
    def structure_factor(self):
        """The ``structure-factor`` table (q, frequency, S), None without one; its sampling
        header lines are in ``structure_factor_table.comments``."""
        table = self._table("structure-factor")
        return table.data() if table else None

    @property
    def structure_factor_table(self) -> Optional[Table]:
        return self._table("structure-factor")

    @property
    def structure_factor_arrays(self) -> Optional[Dict[str, Any]]:
        """``structure-factor.h5`` (file-format hdf5 or both) as {name: numpy array}, the file's
        attributes under 'attributes'; None without one. Needs h5py."""
        path = self.path / "structure-factor.h5"
        if not path.exists():
            return None
        import h5py
        with h5py.File(path, "r") as f:
            out: Dict[str, Any] = {name: f[name][()] for name in f}
            out["attributes"] = dict(f.attrs)
        return out

    @property
    def structure_factor_static(self):
        table = self._table("structure-factor-static")
        return table.data() if table else None

    # --- snapshots and checkpoints
    @property
    def snapshots(self) -> List[Snapshot]:
        """Complete snapshots (those with a metadata file) in order, read lazily."""
        return [Snapshot(p) for p in sorted(self.path.glob("spins-*.meta"))]

    @property
    def coordinates(self) -> Optional[Snapshot]:
        path = self.path / "coordinates.meta"
        return Snapshot(path) if path.exists() else None

    @property
    def checkpoints(self) -> List[Checkpoint]:
        """Complete checkpoints, oldest first (under ``checkpoints/``)."""
        folder = self.path / "checkpoints"
        found = [p for p in folder.glob("checkpoint-*") if p.is_dir() and
                 re.fullmatch(r"checkpoint-\d+", p.name) and any(p.glob("*.meta"))]
        return sorted((Checkpoint(p) for p in found), key=lambda c: c.step)

    # --- going on
    @property
    def launch(self) -> Dict[str, Any]:
        """How this package started the run (miniasd-launch.json); empty for other runs."""
        from .runner import LAUNCH
        try:
            return json.loads((self.path / LAUNCH).read_text())
        except FileNotFoundError:
            return {}

    def resume(self, ranks: Optional[int] = None, threads: Optional[int] = None,
               progress: bool = True, input=None):
        """Continue a stopped run from its newest checkpoint (``sim:load-checkpoint =
        continue``), on any rank and thread count, into the same directory; returns the new Run.
        ``input``: the input to continue with, when the package did not start the run."""
        from .runner import start
        if not self.stopped:
            raise ValueError(f"{self.path}: the run did not stop with a checkpoint (exit status "
                             f"{self.exit_status}), so there is nothing to resume")
        launch = self.launch
        source = input if input is not None else launch.get("input")
        if source is None:
            raise ValueError(f"{self.path}: not started by this package (no "
                             "miniasd-launch.json): give resume(input=...)")
        return start(source, ranks or launch.get("ranks", 1),
                     threads if threads is not None else launch.get("threads"), self.path,
                     launch.get("device"), False, launch.get("exe"), progress,
                     launch.get("mpiexec"), launch.get("mpi_flags", ()),
                     _extra={"sim:load-checkpoint": "continue",
                             "sim:load-checkpoint-if-exists": None}).wait()
