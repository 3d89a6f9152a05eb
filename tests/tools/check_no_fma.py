#!/usr/bin/env python3
"""No fused multiply-add in the program's own code (docs/architecture.md, "Same bits").

The build passes -ffp-contract=off so that a vector lane and the scalar remainder of a loop round
the same way: which atoms a rank computes in lanes depends on its share of the atoms, so a fused
multiply-add in one and not the other would make the bits depend on the decomposition. GCC 12's
vectoriser can still emit one (it turned a complex multiply-add into vfmaddsub despite the flag),
so this reads the disassembly and fails naming every function of the program that holds one.
Eigen's eigensolver is exempt: it runs once at set-up, the same on every rank.

    check_no_fma.py path/to/miniasd      (exit 77: objdump is missing, the test is skipped)
"""
import re
import shutil
import subprocess
import sys

FMA = re.compile(r"\bv(fn?m(add|sub)(sub|add)?\d{3}[ps][sd])\b")
EXEMPT = ("Eigen::",)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    objdump = shutil.which("objdump")
    if not objdump:
        print("check_no_fma: objdump not found: skipped")
        return 77
    text = subprocess.run([objdump, "-d", "-C", "--no-show-raw-insn", sys.argv[1]],
                          capture_output=True, text=True, check=True).stdout
    function, found, instructions = None, {}, 0
    for line in text.splitlines():
        header = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if header:
            function = header.group(1)
            continue
        instructions += 1
        match = FMA.search(line)
        if match and function and not any(e in function for e in EXEMPT):
            found.setdefault(function, set()).add(match.group(0))
    if instructions < 1000:
        sys.exit(f"check_no_fma: {sys.argv[1]}: only {instructions} lines disassembled")
    for function, names in sorted(found.items()):
        print(f"fused multiply-add ({', '.join(sorted(names))}) in {function}")
    if found:
        print(f"check_no_fma: {len(found)} function(s) hold fused multiply-adds: their results "
              "can depend on whether a vector lane or the scalar remainder computes them")
        return 1
    print(f"check_no_fma: no fused multiply-add outside {', '.join(EXEMPT)} "
          f"({instructions} lines read)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
