// Resume (batch/resume.hpp): what --resume reads, where the records go, and
// the note of a batch that stopped early, shared by solve and experiment.
#include "batch/resume.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

namespace nonolab::batch {
namespace {

namespace fs = std::filesystem;

fs::path resume_file(const std::string& name) {
    return fs::temp_directory_path() /
           ("nonolab_resume_" + std::to_string(::getpid()) + "_" + name);
}

RunRecord resumed_record(std::uint64_t unit) {
    RunRecord r;
    r.unit = unit;
    r.index = static_cast<int>(unit) + 1;  // the key names the puzzle, not the unit id
    r.source = "a.non";
    r.method = "exact";
    r.trial = 1;
    r.status = Status::unique;
    return r;
}

TEST(Resume, AFileNotYetWrittenIsAFreshStart) {
    const ResumeState s = read_resume(resume_file("absent.jsonl").string());
    EXPECT_EQ(s.records, 0u);
    EXPECT_TRUE(s.done.empty());
    EXPECT_FALSE(s.torn_tail);
    EXPECT_EQ(read_resume("").records, 0u);
}

TEST(Resume, SkipsTheRecordedUnitsAndIgnoresATornTail) {
    const fs::path p = resume_file("part.jsonl");
    {
        RecordFile f(p.string(), false);
        f.write(resumed_record(0));
        f.write(resumed_record(2));
    }
    std::ofstream(p, std::ios::app) << "{\"unit\": 3, \"sour";  // a killed writer
    const ResumeState s = read_resume(p.string());
    ASSERT_EQ(s.records, 2u);
    std::vector<std::uint64_t> seen;  // handed over one by one, in file order
    read_resume(p.string(), [&](const RunRecord& r) { seen.push_back(r.unit); });
    EXPECT_EQ(seen, (std::vector<std::uint64_t>{0, 2}));
    EXPECT_TRUE(s.torn_tail);
    EXPECT_EQ(s.done.size(), 2u);
    EXPECT_TRUE(s.done.contains(unit_key(resumed_record(2))));
    EXPECT_FALSE(s.done.contains(unit_key(resumed_record(1))));
    EXPECT_NE(torn_tail_warning(p.string()).find("incomplete"), std::string::npos);
    // Appending to the resumed file keeps its records and cuts the torn tail.
    open_results(p.string(), p.string())->write(resumed_record(1));
    EXPECT_EQ(read_resume(p.string()).records, 3u);
    EXPECT_FALSE(read_resume(p.string()).torn_tail);
    // Another --out starts afresh.
    const fs::path other = resume_file("other.jsonl");
    open_results(other.string(), p.string())->write(resumed_record(5));
    open_results(other.string(), p.string())->write(resumed_record(6));
    EXPECT_EQ(read_resume(other.string()).records, 1u);
    fs::remove(p);
    fs::remove(other);
}

TEST(Resume, AFileOfOtherTextIsRefused) {
    const fs::path p = resume_file("not.jsonl");
    std::ofstream(p) << "hello\n";
    EXPECT_THROW(read_resume(p.string()), std::runtime_error);
    fs::remove(p);
}

TEST(Resume, TheInterruptedNoteSaysHowToFinish) {
    EXPECT_EQ(interrupted_note(3, 10, "runs were not recorded", "out.jsonl"),
              "interrupted: 3 of 10 runs were not recorded; rerun with --resume out.jsonl to "
              "finish them");
    EXPECT_EQ(interrupted_note(1, 2, "puzzles were not solved", ""),
              "interrupted: 1 of 2 puzzles were not solved");
}

}  // namespace
}  // namespace nonolab::batch
