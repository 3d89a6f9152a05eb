"""Running the program: finding it, launching it (through mpirun for several ranks), showing its
progress, and turning its exit status into a Run or an exception.

Exit statuses (docs/restart.md): 0 finished, 75 stopped with a checkpoint (a Run whose
``resume()`` continues it), 1 an error every rank saw (bad input: InputError; else RunError).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .errors import ExecutableNotFound, RunError
from .inputfile import Input, input_error

PathLike = Union[str, "os.PathLike[str]"]
LAUNCH = "miniasd-launch.json"  # how the package started a run, for Run.resume()
STOPPED = 75
_NOTABLE = re.compile(r"warning|error|Stopped at|Continue with|converged|did not converge",
                      re.IGNORECASE)
_PROGRESS = re.compile(r"^\s+(?P<phase>[^:]+): step (?P<step>\d+)/(?P<total>\d+)")


def find_executable(name: str = "miniasd") -> Path:
    """The program: $MINIASD_EXE (or $MINIASD_CONVERT for the converter), the build of the clone
    this package sits in (build/), build/ of the working directory or a directory above it, or
    the PATH."""
    env = os.environ.get("MINIASD_EXE" if name == "miniasd" else "MINIASD_CONVERT")
    tried: List[str] = []
    if env:
        if Path(env).is_file():
            return Path(env)
        tried.append(f"${'MINIASD_EXE' if name == 'miniasd' else 'MINIASD_CONVERT'}={env}")
    sub = ("",) if name == "miniasd" else ("tools",)
    roots = [Path(__file__).resolve().parents[3]]
    cwd = Path.cwd().resolve()
    roots += [cwd, *cwd.parents]
    for root in roots:
        candidate = root.joinpath("build", *sub, name)
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
        tried.append(str(candidate))
    found = shutil.which(name)
    if found:
        return Path(found)
    raise ExecutableNotFound(f"no {name} program found; build it (tools/setup.sh) or set "
                             f"MINIASD_EXE. Looked at: {', '.join(tried[:4])}, ... and the PATH")


def mpi_command(ranks: int, mpiexec: Optional[str] = None,
                flags: Sequence[str] = ()) -> Tuple[List[str], Dict[str, str]]:
    """The launcher's words and environment for ``ranks`` ranks: Open MPI's --oversubscribe when
    there are more ranks than cores, and its consent to run as root when root."""
    launcher = mpiexec or os.environ.get("MPIEXEC") or shutil.which("mpirun") or \
        shutil.which("mpiexec")
    if not launcher:
        raise ExecutableNotFound("ranks > 1 needs mpirun or mpiexec on the PATH (or MPIEXEC)")
    env: Dict[str, str] = {}
    words = [launcher, "-n", str(ranks)]
    version = subprocess.run([launcher, "--version"], capture_output=True, text=True)
    if "Open MPI" in version.stdout + version.stderr:
        if ranks > (os.cpu_count() or 1) and "--oversubscribe" not in flags:
            words.append("--oversubscribe")
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    return words + list(flags), env


class _Progress:
    """The program's progress lines as a tqdm bar per phase (with its warnings, errors and
    stops), or without tqdm everything it prints, as it comes."""

    def __init__(self, show: bool):
        self.show = show
        self.bar: Any = None
        self.phase: Optional[str] = None
        try:
            from tqdm import tqdm  # text bars: work in notebooks without ipywidgets
            self.tqdm = tqdm if show else None
        except ImportError:
            self.tqdm = None

    def line(self, text: str) -> None:
        if not self.show:
            return
        if not self.tqdm:
            print(text, end="", flush=True)
            return
        # With a bar: the bar, and of the other lines only what needs the reader's eye.
        m = _PROGRESS.match(text)
        if m:
            if self.phase != m["phase"]:
                self.close()
                self.bar = self.tqdm(total=int(m["total"]), desc=m["phase"], unit="step")
                self.phase = m["phase"]
            self.bar.update(int(m["step"]) - self.bar.n)
        elif _NOTABLE.search(text):
            self.tqdm.write(text.rstrip("\n"))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar, self.phase = None, None


class Job:
    """A run in progress (``miniasd.start``): ``wait()`` gives its Run, ``stop()`` asks it to stop
    with a checkpoint (SIGTERM to the program, SIGUSR1 to mpirun, which passes it on)."""

    def __init__(self, command: List[str], env: Dict[str, str], output: Path, show: bool,
                 through_mpi: bool):
        self.command, self.output, self.through_mpi = command, output, through_mpi
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, bufsize=1)
        self._lines: List[str] = []
        self._progress = _Progress(show)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.append(line)
            self._progress.line(line)
        self._progress.close()

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def output_text(self) -> str:
        return "".join(self._lines)

    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        """Ask the run to stop: every rank ends the step, writes a checkpoint and exits 75."""
        if self.running():
            self.process.send_signal(signal.SIGUSR1 if self.through_mpi else signal.SIGTERM)

    def wait(self, timeout: Optional[float] = None):
        """The finished run's Run (also when stopped with a checkpoint, exit 75); a failed run
        raises InputError (bad input) or RunError (anything else)."""
        from .results import Run
        try:
            status = self.process.wait(timeout)
        except KeyboardInterrupt:
            # Ctrl-C in a notebook: stop with a checkpoint rather than lose the run.
            self.stop()
            status = self.process.wait()
        self._reader.join()
        text = self.output_text
        if status in (0, STOPPED):
            return Run(self.output, output_text=text)
        if "input error in" in text or "mistakes in the input" in text:
            raise input_error(text)
        errors = [line for line in text.splitlines() if "error" in line.lower()]
        summary = "\n".join(errors[-5:] or text.splitlines()[-20:])
        raise RunError(f"miniasd failed with exit status {status}:\n{summary}", status, text)


def _prepare_input(input: Union[Input, PathLike, Mapping[str, Any]], output: Path,
                   device: Optional[str], extra: Optional[Mapping[str, Any]] = None) -> Path:
    if isinstance(input, (str, os.PathLike)) and device is None and not extra:
        return Path(input).resolve()
    if isinstance(input, Input):
        spec = input.copy()
    elif isinstance(input, Mapping):
        spec = Input(input)
    else:
        spec = Input.read(input)
    if device is not None:
        spec["sim:device"] = device
    for key, value in (extra or {}).items():
        spec[key] = value
    name = spec.source.name if spec.source else "input"
    return spec.write(output / "miniasd-input" / name)


def _default_output() -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = Path("miniasd-runs") / f"run-{stamp}"
    path, k = base, 1
    while path.exists():
        k += 1
        path = Path(f"{base}-{k}")
    return path


def start(input: Union[Input, PathLike, Mapping[str, Any]], ranks: int = 1,
          threads: Optional[int] = None, output: Optional[PathLike] = None,
          device: Optional[str] = None, overwrite: bool = False, exe: Optional[PathLike] = None,
          progress: bool = True, mpiexec: Optional[str] = None, mpi_flags: Sequence[str] = (),
          _extra: Optional[Mapping[str, Any]] = None) -> Job:
    """Start a run and return at once; see ``run`` for the arguments."""
    out = Path(output) if output is not None else _default_output()
    out.mkdir(parents=True, exist_ok=True)
    out = out.resolve()
    program = Path(exe).resolve() if exe else find_executable()
    path = _prepare_input(input, out, device, _extra)
    env = dict(os.environ)
    if threads is not None:
        env["OMP_NUM_THREADS"] = str(threads)
    command = [str(program), str(path), "-o", str(out)] + (["--overwrite"] if overwrite else [])
    through_mpi = ranks > 1 or mpiexec is not None
    if through_mpi:
        words, mpi_env = mpi_command(ranks, mpiexec, mpi_flags)
        command = words + command
        env.update(mpi_env)
    original = None
    if isinstance(input, (str, os.PathLike)):
        original = str(Path(input).resolve())
    launch = {"input": original or str(path), "written_input": str(path), "ranks": ranks,
              "threads": threads, "exe": str(program), "device": device, "mpiexec": mpiexec,
              "mpi_flags": list(mpi_flags), "command": command}
    (out / LAUNCH).write_text(json.dumps(launch, indent=1) + "\n")
    return Job(command, env, out, progress, through_mpi)


def run(input: Union[Input, PathLike, Mapping[str, Any]], ranks: int = 1,
        threads: Optional[int] = None, output: Optional[PathLike] = None,
        device: Optional[str] = None, overwrite: bool = False, exe: Optional[PathLike] = None,
        progress: bool = True, mpiexec: Optional[str] = None,
        mpi_flags: Sequence[str] = ()):
    """Run the program on ``input`` (an Input, a dict of keywords or an input file's path) and
    return its Run.

    ranks: MPI ranks (mpirun when > 1; $MPIEXEC or ``mpiexec`` chooses the launcher);
    threads: OpenMP threads per rank (OMP_NUM_THREADS); output: the output directory (made if
    missing; default ``miniasd-runs/run-<date>-<time>``); device: 'cpu' or 'gpu' (sim:device);
    overwrite: delete another run's snapshots there (--overwrite); exe: the program (default
    ``find_executable()``); progress: a tqdm bar when tqdm is installed, else the program's lines.
    A run stopped by a signal, the wall-time limit or Ctrl-C returns a Run with ``stopped``
    True; ``resume()`` continues it.
    """
    return start(input, ranks, threads, output, device, overwrite, exe, progress, mpiexec,
                 mpi_flags).wait()
