"""The program's text tables: the statistics (``output``), ``energy-path``, ``structure-factor``.

A table is '#' lines, the last of which names the columns (``name[unit]``), then rows separated
by blanks. Numbers read exactly (the program prints shortest round-trip digits); a column that is
not numeric (``energy-path``'s image type) stays text.
"""
from __future__ import annotations

import os
from typing import Dict, List, Union

import numpy as np

PathLike = Union[str, "os.PathLike[str]"]


def split_name(header: str):
    """'temperature[K]' -> ('temperature', 'K'); 'ux' -> ('ux', '')."""
    if header.endswith("]") and "[" in header:
        name, unit = header[:-1].split("[", 1)
        return name, unit
    return header, ""


class Table:
    """Columns by name (units stripped; ``units`` maps each name to its unit, '' for none), the
    '#' lines above the column names in ``comments``."""

    def __init__(self, path: PathLike):
        self.path = os.fspath(path)
        comments: List[str] = []
        rows: List[List[str]] = []
        header = None
        with open(self.path) as f:
            for line in f:
                if line.startswith("#"):
                    if rows:
                        continue  # a continued run's tables have one header: skip any other
                    comments.append(line[1:].strip())
                elif line.strip():
                    rows.append(line.split())
        if not comments:
            raise ValueError(f"{self.path}: no '#' header line naming the columns")
        header = comments.pop().split()
        self.comments = comments
        self.headers = header
        names = [split_name(h) for h in header]
        self.units: Dict[str, str] = {}
        self.names: List[str] = []
        for name, unit in names:
            # The programs' tables follow each value by its error, 'err' (or 'Fe:err' for a
            # material's): named after the value, '<|m|>-error'.
            if (name == "err" or name.endswith(":err")) and self.names:
                name, unit = self.names[-1] + "-error", unit or self.units[self.names[-1]]
            key = name
            k = 2
            while key in self.units:  # a repeated name keeps both: 'x', 'x_2'
                key = f"{name}_{k}"
                k += 1
            self.names.append(key)
            self.units[key] = unit
        bad = [i for i, r in enumerate(rows) if len(r) != len(header)]
        if bad:
            raise ValueError(f"{self.path}: row {bad[0] + 1} has {len(rows[bad[0]])} values, the "
                             f"header names {len(header)} columns")
        text = np.array(rows, dtype=str).reshape(len(rows), len(header))
        self.columns: Dict[str, np.ndarray] = {}
        for k, name in enumerate(self.names):
            try:
                self.columns[name] = text[:, k].astype(float)
            except ValueError:
                self.columns[name] = text[:, k]

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()))) if self.columns else 0

    def __getitem__(self, name: str) -> np.ndarray:
        return self.columns[name]

    def __repr__(self) -> str:
        return f"Table({self.path!r}: {len(self)} rows, columns {', '.join(self.headers)})"

    def to_pandas(self):
        """A pandas DataFrame, the units in ``.attrs['units']``."""
        import pandas as pd
        frame = pd.DataFrame(self.columns, columns=self.names)
        frame.attrs["units"] = dict(self.units)
        return frame

    def data(self):
        """A pandas DataFrame when pandas is installed, else the dict of numpy arrays."""
        try:
            return self.to_pandas()
        except ImportError:
            return dict(self.columns)
