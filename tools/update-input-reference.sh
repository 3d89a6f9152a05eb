#!/usr/bin/env bash
# Regenerates the keyword tables of docs/input-reference.md from the keyword table compiled into
# miniasd (the block between the BEGIN/END GENERATED KEYWORDS markers), and the whole of
# docs/vampire-compatibility.md. Run after adding or changing a keyword;
# tests/input/test_reference.cpp fails until you do.
#   tools/update-input-reference.sh [path/to/miniasd]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/miniasd}
doc=$here/docs/input-reference.md
generated=$("$bin" --input-reference)
GENERATED="$generated" /usr/bin/python3 - "$doc" <<'PY'
import os, re, sys
path = sys.argv[1]
text = open(path).read()
block = os.environ["GENERATED"].rstrip("\n") + "\n"
pattern = re.compile(r"<!-- BEGIN GENERATED KEYWORDS.*?<!-- END GENERATED KEYWORDS -->\n", re.S)
if not pattern.search(text):
    sys.exit(f"{path}: no generated block to replace")
open(path, "w").write(pattern.sub(lambda _: block, text))
PY
"$bin" --vampire-compatibility > "$here/docs/vampire-compatibility.md"
echo "updated $doc and $here/docs/vampire-compatibility.md"
