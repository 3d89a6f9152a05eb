#include "integrate/gpu_integrator.hpp"

#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "util/error.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

// What the device cannot run yet, with the reason; "" when the run can go on the device.
std::string not_on_device(const IntegratorContext& c) {
    for (const NonLocalStage* s : c.hamiltonian.stages())
        if (s->rhythm() != NonLocalStage::Rhythm::every_step)
            return std::string("the non-local term '") + s->name() +
                   "' is evaluated between the stages of a step, which the GPU backend does not "
                   "do (docs/gpu.md): use sim:device = cpu";
    for (const auto& t : c.hamiltonian.terms())
        if (t->active() && !t->view())
            return std::string("the term '") + t->name() + "' has no device kernel";
    return "";
}

}  // namespace

GpuIntegrator::GpuIntegrator(const IntegratorContext& c, bool held_as_term)
    : sys_(c.system),
      hamiltonian_(c.hamiltonian),
      comm_(c.comm),
      timers_(c.timers),
      t_step_(c.timers.add("gpu step")),
      ziggurat_(make_ziggurat_tables()),
      held_as_term_(held_as_term),
      halo_(c.halo),
      t_halo_(c.timers.add("halo")),
      t_copy_(c.timers.add("gpu copies")) {
    // Every rank reaches the same verdict on the input; a node without a device fails alike on
    // every rank through the agreements below.
    const std::string why = not_on_device(c);
    if (!why.empty()) throw Error("sim:device = gpu: " + why);
    std::string failed;
    try {
        device_ = gpu::use_device(c.comm.rank_on_node());
    } catch (const LocalError& e) {
        failed = e.what();
    }
    c.comm.throw_if_any(failed);
    gpu::DeviceSetup h;
    h.n_owned = sys_.n_owned;
    h.n_storage = sys_.n_storage();
    h.material = sys_.material.data();
    h.gid = sys_.gid.data();
    for (const MaterialConfig& m : c.config.materials) {
        moment_.push_back(m.moment);
        h.alpha.push_back(m.damping);
        h.gamma.push_back(constants::gyromagnetic_ratio * m.relative_gamma /
                          (1.0 + m.damping * m.damping));
    }
    h.dt = c.stepping.time_step;
    h.seed = c.stepping.seed;
    h.ziggurat = &ziggurat_;
    for (const parallel::HaloPeer& p : sys_.peers)
        h.send.insert(h.send.end(), p.send.begin(), p.send.end());
    for (auto* v : {&send_x_, &send_y_, &send_z_})
        v->resize(h.send.size());
    stage_.resize(sys_.n_storage());
    try {
        dev_ = std::make_unique<gpu::DeviceSystem>(h);
        take_views();
    } catch (const LocalError& e) {
        failed = e.what();
    }
    c.comm.throw_if_any(failed);
}

template <typename T>
double GpuIntegrator::per_atom_bytes(const T* p, std::int64_t n) const {
    // Tables of at least one entry per owned atom (neighbour rows, bond lists) stream through
    // memory once per pass; the material index is counted once with the spins; per-material
    // constants and short tables stay in cache.
    if (sys_.n_owned == 0 || n < sys_.n_owned ||
        static_cast<const void*>(p) == sys_.material.data())
        return 0;
    return double(n) * double(sizeof(T)) / double(sys_.n_owned);
}

namespace {

// The device's rule for a view's tables (kernels/tables.hpp): for_each_table reads the host's
// tables for their lengths before it hands any pointer to f, since what f returns may be the
// device's, which the host cannot read (on a GPU a segfault; on the emulated device, whose
// "device" memory is the host's, the read would silently work). The emulation checks it: a pass
// whose f returns poisoned copies (every byte 0xA5) must report the lengths of one whose f
// returns the tables themselves (a null table stays null; the poison differs from byte to byte,
// so that no two entries read equal). Throws LocalError naming the kernel otherwise.
template <typename View>
void check_lengths_read_first(const View& view, const kernels::TableExtents& e, const char* name) {
    std::vector<std::int64_t> plain, poisoned;
    View a = view;
    kernels::for_each_table(a, e, [&](auto*&, std::int64_t n) { plain.push_back(n); });
    std::vector<std::vector<unsigned char>> copies;
    View b = view;
    kernels::for_each_table(b, e, [&](auto*& p, std::int64_t n) {
        poisoned.push_back(n);
        if (!p) return;
        using Pointer = std::remove_reference_t<decltype(p)>;
        const std::size_t bytes = std::size_t(n > 0 ? n : 0) * sizeof(*p);
        std::vector<unsigned char> poison(bytes + 1);  // new[]'s alignment: any element type's
        for (std::size_t k = 0; k < poison.size(); ++k)
            poison[k] = static_cast<unsigned char>(0xA5 + 37 * k);
        copies.push_back(std::move(poison));
        p = reinterpret_cast<Pointer>(copies.back().data());
    });
    if (plain != poisoned)
        throw LocalError(std::string("internal error: the ") + name +
                         " kernel's for_each_table reads a table after handing it to the "
                         "device (kernels/tables.hpp): on a GPU that read is a segfault");
}

}  // namespace

void GpuIntegrator::take_views() {
    const kernels::TableExtents e{sys_.n_owned, sys_.n_storage(), sys_.width,
                                  static_cast<int>(moment_.size())};
    std::vector<kernels::TermView> views;
    index_bytes_ = 0;
    const double* held = hamiltonian_.held_field();
    for (const auto& t : hamiltonian_.terms()) {
        if (!t->active()) continue;
        kernels::TermView v = *t->view();
        // LLG adds the held field once per step with the thermal field, as the CPU does.
        const bool the_held =
            held && v.id == kernels::KernelId::held_field && v.held_field.field == held;
        if (the_held && !held_as_term_) continue;
        switch (v.id) {
#define MINIASD_RELOCATE(name, View)                                       \
    case kernels::KernelId::name:                                          \
        if (device_.emulated) check_lengths_read_first(v.name, e, #name);  \
        kernels::for_each_table(v.name, e, [&](auto*& p, std::int64_t n) { \
            index_bytes_ += per_atom_bytes(p, n);                          \
            p = dev_->mirror(p, n);                                        \
        });                                                                \
        break;
            MINIASD_LOCAL_KERNELS(MINIASD_RELOCATE)
#undef MINIASD_RELOCATE
        }
        views.push_back(v);
    }
    terms_ = static_cast<int>(views.size());
    dev_->set_terms(views);
    dev_->set_held(held_as_term_ ? nullptr : held);
    field_ = hamiltonian_.applied_field();
    current_ = hamiltonian_.current();
}

void GpuIntegrator::prepare_stages(std::int64_t step) {
    const std::vector<NonLocalStage*>& stages = hamiltonian_.stages();
    if (stages.empty()) return;
    bool reads = false;
    for (const NonLocalStage* s : stages)
        reads = reads || s->reads_spins_at(step);
    if (reads) {  // the same on every rank: a function of the step
        ScopedTimer t(timers_, t_copy_);
        dev_->download(stage_.x.data(), stage_.y.data(), stage_.z.data(), 0, sys_.n_owned);
    }
    hamiltonian_.prepare(stage_.view());  // collective; computes only when due
    // The held values go to the device when they changed (here, or at a statistics sample).
    if (held_versions_.size() != stages.size()) held_versions_.assign(stages.size(), -2);
    for (std::size_t k = 0; k < stages.size(); ++k) {
        const std::int64_t v = stages[k]->version();
        if (v >= 0 && v == held_versions_[k]) continue;
        ScopedTimer t(timers_, t_copy_);
        const kernels::HeldFieldView h = stages[k]->held();
        dev_->refresh(h.field, 3 * sys_.n_owned);
        dev_->refresh(h.energy_field, 3 * sys_.n_owned);
        held_versions_[k] = v;
    }
}

void GpuIntegrator::begin_step() {
    // The Zeeman view holds B, the spin torques' the current's fraction.
    if (hamiltonian_.applied_field() != field_ || hamiltonian_.current() != current_) take_views();
}

void GpuIntegrator::exchange_halo(bool predicted) {
    if (sys_.peers.empty()) return;
    ScopedTimer t(timers_, t_halo_);
    dev_->gather_send(send_x_.data(), send_y_.data(), send_z_.data(), predicted);
    std::size_t k = 0;
    for (const parallel::HaloPeer& p : sys_.peers)
        for (const std::int32_t i : p.send) {
            stage_.x[std::size_t(i)] = send_x_[k];
            stage_.y[std::size_t(i)] = send_y_[k];
            stage_.z[std::size_t(i)] = send_z_[k];
            ++k;
        }
    halo_.start(stage_.x.data(), stage_.y.data(), stage_.z.data());
    halo_.finish(stage_.x.data(), stage_.y.data(), stage_.z.data());
    const std::int64_t ghosts = sys_.n_local - sys_.n_owned;
    const auto g = std::size_t(sys_.n_owned);
    dev_->upload(stage_.x.data() + g, stage_.y.data() + g, stage_.z.data() + g, sys_.n_owned,
                 ghosts, predicted);
}

void GpuIntegrator::to_host(Spins& s) {
    ScopedTimer t(timers_, t_copy_);
    dev_->download(s.x.data(), s.y.data(), s.z.data(), 0, sys_.n_owned);
}

void GpuIntegrator::from_host(const Spins& s) {
    ScopedTimer t(timers_, t_copy_);
    dev_->upload(s.x.data(), s.y.data(), s.z.data(), 0, sys_.n_storage());
}

std::vector<std::pair<std::string, double>> GpuIntegrator::figures() const {
    const double steps = double(dev_->steps()), atoms = double(sys_.n_owned);
    const double ns = steps > 0 && atoms > 0 ? dev_->kernel_seconds() / (steps * atoms) * 1e9 : 0;
    const double bytes = bytes_per_atom_step();
    const double achieved = ns > 0 ? bytes / (ns * 1e-9) : 0;
    const double per_atom = atoms > 0 ? dev_->device_bytes() / atoms : 0;
    return {{"gpu_device_memory_bytes", device_.memory},
            {"gpu_copy_bandwidth_bytes_per_s", device_.copy_bandwidth},
            {"gpu_model_bytes_per_atom_step", bytes},
            {"gpu_device_ns_per_atom_step", ns},
            {"gpu_achieved_bytes_per_s", achieved},
            {"gpu_fraction_of_copy_bandwidth",
             device_.copy_bandwidth > 0 ? achieved / device_.copy_bandwidth : 0},
            {"gpu_bytes_held", dev_->device_bytes()},
            {"gpu_bytes_per_atom", per_atom},
            {"gpu_largest_system_atoms", per_atom > 0 ? device_.memory * 0.9 / per_atom : 0}};
}

std::string GpuIntegrator::device_line() const {
    const std::vector<std::pair<std::string, double>> f = GpuIntegrator::figures();
    char line[512];
    std::snprintf(line, sizeof line,
                  "GPU: %s (device %d of %d on rank 0's node), %d local terms; %.3g ns per "
                  "atom-step on the device, model %.0f B per atom-step = %.0f GB/s, %.0f%% of "
                  "its measured copy bandwidth %.0f GB/s; %.0f B per atom held, about %.3g atoms "
                  "fit its %.0f GiB",
                  device_.name.c_str(), device_.index, device_.count, terms_, f[3].second,
                  f[2].second, f[4].second * 1e-9, 100.0 * f[5].second, f[1].second * 1e-9,
                  f[7].second, f[8].second, device_.memory / double(1 << 30));
    return line;
}

}  // namespace miniasd
