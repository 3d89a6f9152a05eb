#include "integrate/velocity_projection.hpp"

#include <vector>

namespace miniasd::velocity_projection {

double kept_fraction(const ExactSum& along, const ExactSum& norm, const parallel::Comm& comm) {
    std::vector<std::int64_t> packed;
    along.append_to(packed);
    norm.append_to(packed);
    comm.sum_in_place(packed);
    const double p = ExactSum::from(packed.data()).value(),
                 ff = ExactSum::from(packed.data() + ExactSum::packed_size).value();
    return p > 0 && ff > 0 ? p / ff : 0.0;
}

}  // namespace miniasd::velocity_projection
