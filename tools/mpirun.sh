#!/usr/bin/env bash
# mpirun with what this kind of machine needs: OpenMPI refuses to run as root (containers, CI)
# unless told twice, and wants --oversubscribe when ranks exceed cores.
#   tools/mpirun.sh -n 4 build/miniasd input/bcc-fe/input
set -euo pipefail
extra=()
if mpirun --version 2>/dev/null | grep -q "Open MPI"; then
  extra=(--oversubscribe)
  if [ "$(id -u)" -eq 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  fi
fi
exec mpirun "${extra[@]}" "$@"
