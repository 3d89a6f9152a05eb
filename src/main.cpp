// miniasd: the table of contents. Start MPI, run the application inside one try, report errors.
//  - Error (every rank found the same problem, e.g. bad input): rank 0 prints it once, every rank
//    finalises MPI normally and exits with status 1.
//  - anything else (only some ranks know): print with the rank, then abort the whole job so no
//    rank waits forever in a collective; running out of memory names what was being built.
#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "app.hpp"
#include "parallel/environment.hpp"
#include "util/building.hpp"
#include "util/error.hpp"

int main(int argc, char** argv) {
    miniasd::parallel::Environment env(&argc, &argv);
    try {
        return miniasd::run_app(argc, argv);
    } catch (const miniasd::Error& e) {
        if (miniasd::parallel::Environment::world_rank() == 0)
            std::fprintf(stderr, "miniasd: error: %s\n", e.what());
        return 1;
    } catch (const std::bad_alloc&) {
        // Only this rank knows: name what it was building, then end the job.
        const std::string& what = miniasd::Building::failed_in();
        std::fprintf(stderr,
                     "miniasd: error on rank %d: out of memory%s%s (the start-up line 'Memory:' "
                     "and `miniasd <input> --check` give the estimate per rank; use more nodes or "
                     "fewer ranks per node)\n",
                     miniasd::parallel::Environment::world_rank(),
                     what.empty() ? "" : " while building ", what.c_str());
        miniasd::parallel::Environment::abort(1);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "miniasd: error on rank %d: %s\n",
                     miniasd::parallel::Environment::world_rank(), e.what());
        miniasd::parallel::Environment::abort(1);
    }
}
