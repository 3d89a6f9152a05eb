"""The package's exceptions."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional


@dataclass(frozen=True)
class Mistake:
    """One mistake in an input, as the program reports it."""

    file: Optional[str]
    line: Optional[int]
    keyword: Optional[str]
    message: str

    def __str__(self) -> str:
        where = ", ".join(p for p in (self.file, self.line and f"line {self.line}",
                                      self.keyword and f"keyword '{self.keyword}'") if p)
        return f"{where}: {self.message}" if where else self.message


class InputError(Exception):
    """The program refused an input; ``mistakes`` lists every mistake it found."""

    def __init__(self, message: str, mistakes: List[Mistake]):
        super().__init__(message)
        self.mistakes = mistakes


class RunError(Exception):
    """A run that failed: ``status`` is its exit status, ``output`` what it printed."""

    def __init__(self, message: str, status: int, output: str):
        super().__init__(message)
        self.status = status
        self.output = output


class ExecutableNotFound(FileNotFoundError):
    """No miniasd program was found; the message lists where the package looked."""
