// The structure factor's part of the run (spectra/structure_factor.hpp): built with the
// simulation, sampled before the steps of the time series' sampled stretch, saved in and
// restored from checkpoints, and written when its last sample is taken.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "run/simulation.hpp"
#include "util/building.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

constexpr const char* state_file = "structure-factor.state";

}  // namespace

void Simulation::build_structure_factor() {
    if (!config_.structure_factor.enabled()) return;
    const Building scope("the structure factor's wave vectors and series");
    structure_factor_ = std::make_unique<StructureFactor>(
        config_.structure_factor, config_.sim.time_step, lattice_, system_, measures_.counted,
        measures_.counted_atoms, comm());
    account_.t_spectra = timers_.add("spectra");
    if (comm().is_root() && options_.screen)
        std::fprintf(options_.screen, "Structure factor: %s\n",
                     structure_factor_->describe().c_str());
}

void Simulation::register_spectra_observer() {
    if (!structure_factor_) return;
    const std::int64_t every = config_.structure_factor.interval;
    observers_.add(
        "structure-factor sample",
        Rhythm::decided(
            LoopMoment::before_step,
            [this, every](std::int64_t n) {
                const Phase* p = continuation_.phase;
                return p && n >= p->equilibration_steps &&
                       (n - p->equilibration_steps) % every == 0 && !structure_factor_->complete();
            },
            "every " + std::to_string(every) + " steps after equilibration, " +
                std::to_string(structure_factor_->needed()) + " samples"),
        [this, every](std::int64_t n) {
            const std::int64_t k = (n - continuation_.phase->equilibration_steps) / every;
            if (k != structure_factor_->taken())
                throw Error("internal error: the structure factor's sample " + std::to_string(k) +
                            " comes after " + std::to_string(structure_factor_->taken()));
            {
                ScopedTimer t(timers_, account_.t_spectra);
                structure_factor_->sample(std::as_const(*this).spins());  // no upload after
            }
            if (structure_factor_->complete()) write_structure_factor();
        });
}

void Simulation::write_structure_factor() {
    IoTimer t(timers_, account_.t_output);
    const SpectraFormat format = config_.structure_factor.format;
    std::string spectra_path, static_path, hdf5;
    std::FILE* spectra = nullptr;
    std::FILE* statics = nullptr;
    if (format != SpectraFormat::hdf5) {
        spectra = open_output_file("structure-factor", spectra_path);
        statics = open_output_file("structure-factor-static", static_path);
    }
    if (format != SpectraFormat::text && options_.write_files)
        hdf5 = (std::filesystem::path(options_.output_dir) / "structure-factor.h5").string();
    std::string why = structure_factor_->write(spectra, statics, hdf5, config_.sim.temperature);
    for (auto [file, path] :
         {std::make_pair(spectra, &spectra_path), std::make_pair(statics, &static_path)}) {
        if (!file) continue;
        const bool failed = std::fflush(file) != 0 || std::ferror(file);
        std::fclose(file);
        if (failed && why.empty()) why = "writing the structure factor '" + *path + "' failed";
    }
    comm().throw_if_any(why);
    if (comm().is_root() && options_.screen && options_.write_files)
        std::fprintf(options_.screen, "Structure factor written: %s\n",
                     format == SpectraFormat::hdf5 ? hdf5.c_str()
                     : format == SpectraFormat::text
                         ? (spectra_path + " and " + static_path).c_str()
                         : (spectra_path + ", " + static_path + " and " + hdf5).c_str());
}

std::vector<std::pair<std::string, std::string>> Simulation::structure_factor_state() const {
    if (!structure_factor_) return {};
    return {{state_file, structure_factor_->saved()}};
}

void Simulation::restore_structure_factor(const std::string& checkpoint) {
    if (!structure_factor_) return;
    // Read on rank 0 only: it sends each rank its own wave vectors' state.
    std::string text, why;
    if (comm().is_root()) {
        const std::string path = checkpoint + "/" + state_file;
        std::ifstream in(path, std::ios::binary);
        std::ostringstream s;
        if (in) s << in.rdbuf();
        if (!in || in.bad())
            why = "cannot continue from " + checkpoint + ": cannot read " + path;
        else
            text = s.str();
    }
    comm().throw_if_any(why);
    try {
        structure_factor_->restore(text);
    } catch (const Error& e) {
        throw Error("cannot continue from " + checkpoint + ": " + e.what());
    }
}

}  // namespace miniasd
