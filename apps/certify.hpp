// solve --certify (cmd_certify.cpp): the certificate of one solve record.
#pragma once

#include <string>

#include "batch/run_record.hpp"
#include "core/puzzle.hpp"

namespace nonolab::cli {

/// For a "unique" or "contradiction" record of `puzzle`: writes the
/// certificate into `dir`, checks it with our own checker and reports on
/// stderr. False when it could not be made or was rejected. Other verdicts
/// need none (true).
bool certify_record(const batch::RunRecord& record, const Puzzle& puzzle, const std::string& dir,
                    const std::string& engine = "cadical");

}  // namespace nonolab::cli
