#include "parallel/decomposition.hpp"

#include "util/error.hpp"

namespace miniasd::parallel {

Decomposition decompose(const Comm& world, const Cells3& cells,
                        const std::array<bool, 3>& periodic) {
    ProcessGrid g;
    g.cells = cells;
    g.periodic = periodic;
    g.dims = choose_process_grid(world.size(), cells);
    int periods[3] = {periodic[0], periodic[1], periodic[2]};
    MPI_Comm cart = MPI_COMM_NULL;
    if (MPI_Cart_create(world.handle(), 3, g.dims.data(), periods, /*reorder=*/0, &cart) !=
        MPI_SUCCESS)
        throw LocalError("MPI_Cart_create failed");
    Comm comm = Comm::adopt(cart);
    MPI_Cart_coords(cart, comm.rank(), 3, g.coords.data());
    if (g.rank_of(g.coords) != comm.rank())
        throw LocalError("MPI_Cart_create numbered ranks in an unexpected order");
    return {comm, g};
}

}  // namespace miniasd::parallel
