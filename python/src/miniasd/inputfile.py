"""A keyword input file as an object: built from a dict or read from a file, written back.

An input is a list of lines, each a keyword (``key = value``, or a flag ``key`` alone), a comment
or a blank, in two parts: the main file and the material file that ``material:file`` names, where
VAMPIRE (and so every input written for it) keeps ``material[i]:...`` and
``material:num-materials``. Lines read from a file are written back as they were, comments and
order kept, unless their value is changed. Keywords given in a dict go where the program reads
them: material keywords to the material file, the rest to the main file.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterator, List, Mapping, MutableMapping, Optional, Union

from .errors import InputError, Mistake

PathLike = Union[str, "os.PathLike[str]"]
MAIN, MATERIAL = "main", "material"
# Files a keyword names that are carried along when the input is written elsewhere (copied
# beside it); other files named by a '...-file' keyword are written as absolute paths.
_CARRIED = ("material:file", "material:unit-cell-file")


@dataclass
class _Line:
    part: str                   # MAIN or MATERIAL
    key: Optional[str] = None   # None: a comment or blank line, kept as `raw`
    value: str = ""             # "" for a flag
    raw: Optional[str] = None   # the line as read; None once the value changes


def is_material_keyword(key: str) -> bool:
    return key.startswith("material[") or key == "material:num-materials"


def format_value(value: Any) -> Optional[str]:
    """A Python value as input text: True or "" a flag, False or None absent, numbers in their
    shortest exact form, a sequence comma-separated ("0,0,1"), a string as it is ("300 !K")."""
    if value is True or value == "":
        return ""
    if value is False or value is None:
        return None
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, (int, float)):
        return repr(value) if isinstance(value, float) else str(value)
    try:
        return ",".join(format_value(v) or "" for v in value)
    except TypeError:
        return str(value)


def _parse(text: str, part: str) -> List[_Line]:
    lines = []
    for raw in text.splitlines():
        body = raw.split("#", 1)[0].strip()
        if not body:
            lines.append(_Line(part, raw=raw))
            continue
        key, _, value = body.partition("=")
        lines.append(_Line(part, key.strip(), value.strip(), raw))
    return lines


class Input(MutableMapping[str, str]):
    """Keywords by name; values as input text ('' for a flag). ``Input({...})`` or
    ``Input.read(path)``; ``write(path)`` writes it (and its material file) to run;
    ``check()`` asks the program whether it is valid."""

    def __init__(self, keywords: Optional[Mapping[str, Any]] = None):
        self._lines: List[_Line] = []
        self.source: Optional[Path] = None       # the main file read, if any
        self._material_name: Optional[str] = None  # material:file's value when read
        for key, value in (keywords or {}).items():
            self[key] = value

    # --- reading
    @classmethod
    def read(cls, path: PathLike) -> "Input":
        """An input file and the material file it names (relative to its directory)."""
        self = cls()
        self.source = Path(path).resolve()
        self._lines = _parse(self.source.read_text(), MAIN)
        name = self._value("material:file")
        if name:
            material = self.source.parent / name
            self._material_name = name
            self._lines += _parse(material.read_text(), MATERIAL)
        return self

    # --- the mapping
    def _keyword_lines(self, key: str) -> List[_Line]:
        return [line for line in self._lines if line.key == key]

    def _value(self, key: str) -> Optional[str]:
        found = self._keyword_lines(key)
        return found[-1].value if found else None

    def __getitem__(self, key: str) -> str:
        value = self._value(key)
        if value is None:
            raise KeyError(key)
        return value

    def __setitem__(self, key: str, value: Any) -> None:
        key = key.strip()
        text = format_value(value)
        if text is None:
            self.pop(key, None)
            return
        found = self._keyword_lines(key)
        if found:
            found[0].value, found[0].raw = text, None
            for extra in found[1:]:
                self._lines.remove(extra)
            return
        part = MATERIAL if is_material_keyword(key) and self._materials_apart() else MAIN
        self._lines.append(_Line(part, key, text))

    def _materials_apart(self) -> bool:
        """New material keywords go to the material file unless the main file already holds
        them (a VAMPIRE input may, and miniasd reads them there too)."""
        inline = any(line.part == MAIN and line.key and is_material_keyword(line.key)
                     for line in self._lines)
        return not inline or any(line.part == MATERIAL for line in self._lines)

    def __delitem__(self, key: str) -> None:
        found = self._keyword_lines(key)
        if not found:
            raise KeyError(key)
        for line in found:
            self._lines.remove(line)

    def __iter__(self) -> Iterator[str]:
        seen = set()
        for line in self._lines:
            if line.key and line.key not in seen:
                seen.add(line.key)
                yield line.key

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        where = f" from {self.source}" if self.source else ""
        return f"<miniasd.Input{where}: {len(self)} keywords>"

    def copy(self) -> "Input":
        other = Input()
        other._lines = [_Line(**vars(line)) for line in self._lines]
        other.source, other._material_name = self.source, self._material_name
        return other

    # --- writing
    def text(self, part: str = MAIN) -> str:
        """The main file's (or with part='material' the material file's) text."""
        out = []
        for line in self._lines:
            if line.part != part:
                continue
            if line.raw is not None:
                out.append(line.raw)
            else:
                out.append(f"{line.key} = {line.value}" if line.value else str(line.key))
        return "\n".join(out) + "\n"

    def __str__(self) -> str:
        return self.text(MAIN)

    def _has_material_part(self) -> bool:
        return any(line.part == MATERIAL for line in self._lines)

    def write(self, path: PathLike) -> Path:
        """Write the main file to ``path``, its material file beside it (the name material:file
        gives, else ``<name>.mat``), and copy the unit-cell file it names (and a field-sweep
        program's file ``field-sweep``); returns ``path``."""
        path = Path(path).resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        out = self.copy()
        if out._has_material_part():
            name = out._value("material:file") or f"{path.name}.mat"
            if out._value("material:file") is None:
                out._lines.insert(0, _Line(MAIN, "material:file", name))
            material = path.parent / name
            material.parent.mkdir(parents=True, exist_ok=True)
            material.write_text(out.text(MATERIAL))
        source_dir = self.source.parent if self.source else Path.cwd()
        for line in out._lines:
            if not line.key or not line.value or not line.key.endswith("file") or \
                    line.key == "material:file":
                continue
            origin = Path(line.value)
            if origin.is_absolute() or not (source_dir / origin).exists():
                continue
            origin = (source_dir / origin).resolve()
            if line.key in _CARRIED and ".." not in Path(line.value).parts:
                target = path.parent / line.value
                if target.resolve() != origin:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(origin, target)
            elif source_dir.resolve() != path.parent:
                line.value, line.raw = str(origin), None
        # sim:program = field-sweep reads the file named `field-sweep` beside the input.
        if (out._value("sim:program") or "").strip().lower() == "field-sweep":
            origin, target = source_dir / "field-sweep", path.parent / "field-sweep"
            if origin.exists() and origin.resolve() != target.resolve():
                shutil.copyfile(origin, target)
        path.write_text(out.text(MAIN))
        return path

    # --- asking the program
    def check(self, exe: Optional[PathLike] = None) -> str:
        """Run ``miniasd --check`` on this input; returns the resolved configuration it prints,
        or raises InputError listing every mistake (file, line, keyword, message)."""
        from .runner import find_executable
        program = Path(exe) if exe else find_executable()
        with tempfile.TemporaryDirectory(prefix="miniasd-check-") as folder:
            name = self.source.name if self.source else "input"
            written = self.write(Path(folder) / name)
            r = subprocess.run([str(program), str(written), "--check"], capture_output=True,
                               text=True, cwd=folder)
            if r.returncode == 0:
                return r.stdout
            raise input_error(r.stdout + r.stderr, self._names(Path(folder)))

    def _names(self, folder: Path) -> Dict[str, str]:
        """Written file names back to the files they came from, for messages."""
        names = {str(folder / "input"): "input", str(folder / "input.mat"): "input.mat"}
        if self.source:
            names[str(folder / self.source.name)] = str(self.source)
            if self._material_name:
                names[str(folder / self._material_name)] = str(
                    self.source.parent / self._material_name)
        return names


# src/util/error.cpp's form: the line, column and keyword each where known.
_MISTAKE = re.compile(r"input error in (?P<file>.+?)(?:, line (?P<line>\d+))?(?:, column \d+)?"
                      r"(?:, keyword '(?P<keyword>[^']*)')?: (?P<message>.*)")
_ERROR = re.compile(r"^miniasd: error: (?P<message>.*)")


def parse_mistakes(text: str, names: Optional[Dict[str, str]] = None) -> List[Mistake]:
    """The mistakes in the program's error output: one per 'input error in FILE[, line N][,
    keyword K]: MESSAGE'; an error without a place is one mistake with its text."""
    names = names or {}
    mistakes = []
    for line in text.splitlines():
        m = _MISTAKE.search(line)
        if m:
            file = names.get(m["file"], m["file"])
            line_number = int(m["line"]) if m["line"] else None
            mistakes.append(Mistake(file, line_number, m["keyword"], m["message"].strip()))
    if not mistakes:
        for line in text.splitlines():
            m = _ERROR.match(line.strip())
            if m and "mistakes in the input" not in line:
                mistakes.append(Mistake(None, None, None, m["message"].strip()))
    return mistakes


def input_error(text: str, names: Optional[Dict[str, str]] = None) -> InputError:
    mistakes = parse_mistakes(text, names)
    lines = [str(m) for m in mistakes] or [text.strip()]
    head = f"{len(mistakes)} mistake(s) in the input" if mistakes else "the input was refused"
    return InputError(head + ":\n  " + "\n  ".join(lines), mistakes)
