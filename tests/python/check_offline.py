"""The Python package's parts that need neither the package index nor a run's physics: an input
read and written back unchanged (comments, order, material file), a dict's keywords placed
where the program reads them, values formatted, the program's mistakes parsed, and tables read.
Runs with the system's Python and numpy from the clone's sources, so it runs where the package
index cannot be reached (the python_package test then says skipped).
Usage: check_offline.py MINIASD -- WORKDIR SOURCE_DIR
"""
import shutil
import sys
from pathlib import Path

args = sys.argv[1:]
sep = args.index("--")
exe = args[0]
work, source = Path(args[sep + 1]), Path(args[sep + 2])
sys.path.insert(0, str(source / "python" / "src"))
import numpy as np  # noqa: E402

import miniasd  # noqa: E402
from miniasd.inputfile import format_value, parse_mistakes  # noqa: E402

failures = []


def check(ok, what, detail=""):
    print(("ok    " if ok else "FAIL  ") + what + (f"\n      {detail}" if detail and not ok else ""))
    if not ok:
        failures.append(what)


shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)

# --- every lesson's input and material file written back byte for byte
for lesson in sorted((source / "input" / "tutorial").iterdir()):
    spec = miniasd.Input.read(lesson / "input")
    out = spec.write(work / lesson.name / "input")
    same = out.read_text() == (lesson / "input").read_text()
    if "material:file" in spec:
        name = spec["material:file"]
        same = same and (out.parent / name).read_text() == (lesson / name).read_text()
    check(same, f"{lesson.name}: read and written back unchanged")

# --- a changed value, an added material keyword, a removed keyword
spec = miniasd.Input.read(source / "input" / "tutorial" / "06-ferrimagnet" / "input")
spec["sim:maximum-temperature"] = "650 !K"
spec["material[1]:damping-constant"] = 0.5
del spec["create:alloy-random-seed"]
out = spec.write(work / "changed" / "input")
main, mat = out.read_text(), (out.parent / spec["material:file"]).read_text()
check("sim:maximum-temperature = 650 !K" in main and "create:alloy-random-seed" not in main and
      main.count("#") == (source / "input/tutorial/06-ferrimagnet/input").read_text().count("#"),
      "a changed and a deleted keyword; comments kept")
check("material[1]:damping-constant = 0.5" in mat and "material[1]:damping-constant" not in main,
      "a new material keyword goes to the material file")

# --- a dict: flags, numbers, vectors; material keywords to <name>.mat
spec = miniasd.Input({"create:single-spin": True, "create:periodic-boundaries-x": "",
                      "config:atoms": False, "sim:time-step": 1e-16, "sim:total-time-steps": 10,
                      "material[1]:initial-spin-direction": (1, 0, 0),
                      "material[1]:atomic-spin-moment": "2 !muB"})
out = spec.write(work / "dict" / "run.in")
main, mat = out.read_text().splitlines(), (work / "dict" / "run.in.mat").read_text().splitlines()
check(main == ["material:file = run.in.mat", "create:single-spin", "create:periodic-boundaries-x",
               "sim:time-step = 1e-16", "sim:total-time-steps = 10"],
      "a dict's main file", str(main))
check(mat == ["material[1]:initial-spin-direction = 1,0,0", "material[1]:atomic-spin-moment = 2 !muB"],
      "a dict's material file", str(mat))
check(format_value(0.1) == "0.1" and format_value([0, 0, 1.5]) == "0,0,1.5" and
      format_value(None) is None, "values formatted")
resolved = miniasd.Input({"sim:time-step": "1 !fs", "create:single-spin": True,
                          "material[1]:atomic-spin-moment": 2}).check(exe)
check("sim:time-step = 1e-15" in resolved, "check() returns the resolved configuration",
      resolved[:300])

# --- sim:program = field-sweep reads the file `field-sweep` beside the input: carried by write()
src = work / "sweep-source"
src.mkdir(parents=True, exist_ok=True)
(src / "input").write_text("create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
                           "sim:program = field-sweep\n")
(src / "field-sweep").write_text("1 -1 0.5 10\n")
out = miniasd.Input.read(src / "input").write(work / "sweep-copy" / "input")
check((out.parent / "field-sweep").read_text() == "1 -1 0.5 10\n",
      "write() carries a field-sweep program's file")
resolved = miniasd.Input.read(src / "input").check(exe)
check("sim:program = field-sweep" in resolved, "check() of a field sweep finds its file",
      resolved[:300])

# --- the program's mistakes
text = ("miniasd: error: 2 mistakes in the input (fix them all, ...):\n"
        "  input error in run/in, line 12, keyword 'sim:foo': unknown keyword\n"
        "  input error in run/m.mat, line 3, keyword 'material[1]:x': expected a number, got 'a'\n")
m = parse_mistakes(text)
check([(x.file, x.line, x.keyword) for x in m] ==
      [("run/in", 12, "sim:foo"), ("run/m.mat", 3, "material[1]:x")], "mistakes parsed", str(m))
m = parse_mistakes("miniasd: error: input error in in, keyword 'material:file': no material\n")
check([(x.file, x.line, x.keyword) for x in m] == [("in", None, "material:file")],
      "a mistake without a line", str(m))
m = parse_mistakes("miniasd: error: cannot open 'x.ucf'\n")
check(len(m) == 1 and m[0].line is None and "x.ucf" in m[0].message, "an error without a place")
try:
    miniasd.Input({"sim:temperature": "hot", "material[1]:atomic-spin-moment": 2}).check(exe)
    check(False, "check() raises InputError")
except miniasd.InputError as e:
    check(e.mistakes[0].file == "input" and e.mistakes[0].line == 2 and
          e.mistakes[0].keyword == "sim:temperature", "check() raises InputError naming input, "
          "line 2 (below the material:file line it adds)", str(e.mistakes))

# --- tables: units split off, text columns kept, header comments
(work / "t").write_text("# sampling: 10 samples\n# image reaction-coordinate[rad] energy[meV] type\n"
                        "0 0 0 end-point\n1 0.5 1.25 climbing\n")
t = miniasd.Table(work / "t")
check(t.names == ["image", "reaction-coordinate", "energy", "type"] and t.units["energy"] == "meV"
      and list(t["type"]) == ["end-point", "climbing"] and np.array_equal(t["energy"], [0, 1.25])
      and t.comments == ["sampling: 10 samples"], "a table with units and a text column", repr(t))

print(f"check_offline: {len(failures)} failed" if failures else "check_offline: all passed")
sys.exit(1 if failures else 0)
