// The exact solver's engine flags (solve and check): --engine, --sat-after,
// --sat-config, --sat-phase, --sat-encoding, --sat-option, --no-probing and
// --node-limit. They write straight into exact::ExactOptions, so the struct
// stays the one source of defaults (docs/solver.md, "Options").
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "exact/exact_solver.hpp"

namespace nonolab::cli {

struct ExactFlags {
    exact::ExactOptions options;         ///< what the flags set; the caller adds the rest
    std::vector<std::string> sat_extra;  ///< raw --sat-option values (parsed into options)
};

/// Adds the flags above to `sub`; `flags` must outlive the parse.
void add_exact_flags(CLI::App* sub, ExactFlags& flags);

}  // namespace nonolab::cli
