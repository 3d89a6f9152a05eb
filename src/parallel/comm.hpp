// A thin wrapper over an MPI communicator: the rest of the code talks to other ranks only
// through this class (and HaloExchange), so physics files never call MPI (invariant 3 of
// docs/architecture.md). Every member function is collective over the communicator unless it says
// otherwise.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace miniasd::parallel {

// Min/avg/max of one number over ranks, with the rank holding the maximum.
struct Spread {
    double min = 0, avg = 0, max = 0;
    int max_rank = 0;
};

class Comm {
  public:
    // Non-owning view of an existing communicator (MPI_COMM_WORLD, a test's sub-communicator).
    explicit Comm(MPI_Comm c);
    Comm() : Comm(MPI_COMM_NULL) {}  // an invalid communicator, to assign later
    static Comm world() { return Comm(MPI_COMM_WORLD); }
    // Takes ownership: MPI_Comm_free is called when the last copy goes away.
    static Comm adopt(MPI_Comm c);

    MPI_Comm handle() const { return *handle_; }
    int rank() const { return rank_; }  // not collective
    int size() const { return size_; }  // not collective
    bool is_root() const { return rank_ == 0; }

    void barrier() const;

    // Root's `status` and `text` reach every rank. Used by read-once-broadcast input: a non-zero
    // status tells every rank that root failed, so all raise the same error and none waits.
    void broadcast(int& status, std::string& text, int root = 0) const;

    // Every rank learns whether any rank failed (a non-empty `local_error`); if one did, every
    // rank throws Error with the message of the lowest failing rank. For steps that only some
    // ranks can get wrong (their own file writes or reads), so all stop together.
    void throw_if_any(const std::string& local_error) const;

    double sum(double v) const;
    std::int64_t sum(std::int64_t v) const;
    std::uint64_t wrapping_sum(std::uint64_t v) const;  // modulo 2^64, order independent
    void sum_in_place(std::vector<double>& v) const;    // element-wise
    void sum_in_place(std::vector<std::int64_t>& v) const;
    double max(double v) const;
    // Element-wise sum over ranks of `send`, scattered: rank r receives counts[r] values, those
    // after the first counts[0] + ... + counts[r-1] (MPI_Reduce_scatter). MPI adds in an order
    // of its own: callers send values whose sums are exact (spectra/fourier_sums.hpp), so the
    // order cannot show in the bits.
    std::vector<double> reduce_scatter_sum(const std::vector<double>& send,
                                           const std::vector<int>& counts) const;
    void max_in_place(std::vector<double>& v) const;  // element-wise
    Spread spread(double v) const;

    // Concatenation over ranks, in rank order, delivered to every rank.
    std::vector<std::int64_t> all_gather(const std::vector<std::int64_t>& local) const;
    std::vector<double> all_gather(const std::vector<double>& local) const;
    std::vector<std::string> all_gather(const std::string& local) const;  // one string per rank
    // Concatenation over ranks, in rank order, on rank 0 only (empty elsewhere): what one writer
    // needs without every rank holding it all.
    std::vector<double> gather_to_root(const std::vector<double>& local) const;
    std::vector<std::int64_t> gather_to_root(const std::vector<std::int64_t>& local) const;
    // The reverse: rank 0's `all` (read elsewhere: nothing) cut in rank order, `mine` values to
    // each rank. Both throw Error on every rank past INT_MAX values (MPI's int counts).
    std::vector<double> scatter_from_root(const std::vector<double>& all, std::int64_t mine) const;

    // Personalised exchange (MPI_Alltoallv): send_counts[r] values from `send`, in rank order,
    // go to rank r; recv_counts[r] values from rank r land in `recv`, in rank order. Both count
    // lists are known to the caller (a plan built once: all_to_all_counts). Pure copies, so the
    // data arrive bit for bit.
    void all_to_all(const double* send, const std::vector<int>& send_counts, double* recv,
                    const std::vector<int>& recv_counts) const;
    void all_to_all(const std::int64_t* send, const std::vector<int>& send_counts,
                    std::int64_t* recv, const std::vector<int>& recv_counts) const;
    // What each rank will send here, from what this rank sends each rank (MPI_Alltoall).
    std::vector<int> all_to_all_counts(const std::vector<int>& send_counts) const;

    // How many ranks of this communicator share this rank's node (shared memory).
    int ranks_on_node() const;
    // This rank's place among them (0 .. ranks_on_node() - 1, by rank): which GPU it takes.
    int rank_on_node() const;

    // Split into sub-communicators; ranks passing color < 0 get an invalid (empty) Comm.
    Comm split(int color, int key) const;
    // A communicator of the same ranks with its own message space (MPI_Comm_dup), for a thread
    // whose collectives run while the master thread uses this one.
    Comm duplicate() const;
    bool valid() const { return handle_ && *handle_ != MPI_COMM_NULL; }

  private:
    Comm(std::shared_ptr<MPI_Comm> h);
    std::shared_ptr<MPI_Comm> handle_;
    int rank_ = 0;
    int size_ = 0;
};

}  // namespace miniasd::parallel
