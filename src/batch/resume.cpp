#include "batch/resume.hpp"

#include <filesystem>

namespace nonolab::batch {

ResumeState read_resume(const std::string& path,
                        const std::function<void(const RunRecord&)>& each) {
    ResumeState state;
    if (path.empty() || !std::filesystem::exists(path)) return state;
    state.torn_tail = for_each_record(path, [&](const RunRecord& r) {
        ++state.records;
        state.done.insert(unit_key(r));
        if (each) each(r);
    });
    return state;
}

std::string torn_tail_warning(const std::string& path) {
    return path + ": the last line is incomplete (an interrupted write); its unit runs again";
}

std::unique_ptr<RecordFile> open_results(const std::string& out, const std::string& resume) {
    return std::make_unique<RecordFile>(out, !resume.empty() && out == resume);
}

std::string interrupted_note(std::size_t missing, std::size_t total, const std::string& left,
                             const std::string& out) {
    std::string note =
        "interrupted: " + std::to_string(missing) + " of " + std::to_string(total) + " " + left;
    if (!out.empty()) note += "; rerun with --resume " + out + " to finish them";
    return note;
}

}  // namespace nonolab::batch
