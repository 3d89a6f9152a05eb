// Configure-time probe (CMakeLists.txt): GCC 12 compiles a 256-bit constant whose upper half is
// zero and whose lower half repeats one value ({2, 2, 0, 0}) to a broadcast of that value over all
// four lanes when AVX-512 is enabled (-march=native on an AVX-512 CPU, -O2): silently wrong
// numbers. Exit status 0: the compiler stores these constants right.
#include <cstdint>
#include <vector>

__attribute__((noinline)) static int wrong(const std::vector<double>& d,
                                           const std::vector<std::int64_t>& i) {
    return (d[2] != 0 || d[3] != 0 || i[2] != 0 || i[3] != 0) ? 1 : 0;
}

int main() {
    const std::vector<double> d = {2.0, 2.0, 0.0, 0.0};
    const std::vector<std::int64_t> i = {144, 144, 0, 0};
    return wrong(d, i);
}
