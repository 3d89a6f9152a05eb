#!/usr/bin/python3
"""Replaces the generated keyword block of docs/input-reference.md with the output of
`build/miniasd --input-reference` (the test `reference` fails until this is done after a keyword
changes).   tools/update_input_reference.py [path/to/miniasd]"""
import os
import subprocess
import sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top, "build", "miniasd")
env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
generated = subprocess.run([binary, "--input-reference"], capture_output=True, text=True,
                           check=True, env=env).stdout
doc = os.path.join(top, "docs", "input-reference.md")
text = open(doc).read()
begin = text.index("<!-- BEGIN GENERATED KEYWORDS")
end_mark = "<!-- END GENERATED KEYWORDS -->\n"
end = text.index(end_mark) + len(end_mark)
open(doc, "w").write(text[:begin] + generated + text[end:])
print(f"{doc}: keyword tables regenerated")
