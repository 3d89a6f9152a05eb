#!/bin/bash
# A strong- or weak-scaling study on a Slurm cluster with bench/scaling.py (docs/scaling.md).
# Run from the repository's top directory, in an allocation as large as the largest shape:
#     sbatch --nodes=4 tools/job-slurm-scaling.sh --mode strong --cells 200 \
#            --shapes 128x1,256x1,512x1,32x4,128x4 --steps 200 --rounds 3
# Every argument goes to bench/scaling.py; the launcher is srun with ARCHER2's binding
# (one rank per block of THREADS cores, no hyperthreads, each thread on its own core).
# Results: build/bench/scaling-$SLURM_JOB_ID/{runs.csv,summary.csv,scaling.png}.
#SBATCH --job-name=miniasd-scaling
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=128
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
#SBATCH --output=miniasd-scaling-%j.out
# (ARCHER2 also needs --account, --partition=standard and --qos=standard.)

export OMP_PLACES=cores
export OMP_PROC_BIND=close
python=${PYTHON:-/usr/bin/python3}  # Debian's, with numpy and matplotlib (docs/scaling.md)
"$python" bench/scaling.py --miniasd "${MINIASD:-build/miniasd}" --dir "build/bench/scaling-${SLURM_JOB_ID:-local}" \
    --launcher 'srun --hint=nomultithread --distribution=block:block --ntasks={ranks} --cpus-per-task={threads}' \
    "$@"
