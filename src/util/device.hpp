// The one mark that makes a function callable from both sides: a CPU loop and a CUDA kernel.
// Under nvcc (__CUDACC__) MINIASD_HD is __host__ __device__; for every other compiler it is
// nothing, so the CPU build sees plain inline functions. A function marked with it keeps to what
// a device can run: no virtual calls, no exceptions, no heap, no std::vector, no library call
// that is host-only; it reads tables through the raw pointers of a trivially copyable view
// (src/kernels/, docs/architecture.md "Kernels, views and stages").
//
// Same bits on both sides: every operation is a single IEEE operation in double precision. The
// CPU build forbids fused multiply-adds (-ffp-contract=off) and the CUDA build does too
// (-fmad=false); division and square root round correctly on both. exp, log, sin and cos are not
// the platform's (glibc and CUDA's libdevice differ in the last bit) but util/portable_math.hpp's.
#pragma once

#if defined(__CUDACC__)
#define MINIASD_HD __host__ __device__
#else
#define MINIASD_HD
#endif
