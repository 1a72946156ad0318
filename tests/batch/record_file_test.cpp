// The JSON Lines results file: whole lines only, read back exactly, and a
// torn last line (a killed writer) ignored on reading and cut off on append.
#include "batch/record_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace nonolab::batch {
namespace {

namespace fs = std::filesystem;

fs::path temp_file(const std::string& name) {
    return fs::temp_directory_path() /
           ("nonolab_record_" + std::to_string(::getpid()) + "_" + name);
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

RunRecord rec(std::uint64_t unit) {
    RunRecord r;
    r.unit = unit;
    r.source = "a.non";
    r.method = "hs-c";
    r.trial = static_cast<int>(unit) + 1;
    r.seed = unit * 977;
    r.status = Status::unsolved;
    r.iterations = 1000;
    r.best_error = 2;
    r.curve = {{500, 6}, {1000, 2}};
    return r;
}

TEST(RecordFile, WritesWholeLinesAndReadsThemBack) {
    const fs::path p = temp_file("a.jsonl");
    {
        RecordFile f(p.string(), false);
        for (std::uint64_t u = 0; u < 3; ++u) f.write(rec(u));
        // Already in the file before the writer closes.
        EXPECT_EQ(slurp(p).size() > 0, true);
    }
    const std::string text = slurp(p);
    EXPECT_EQ(text.back(), '\n');
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);
    const auto back = read_record_file(p.string());
    EXPECT_FALSE(back.torn_tail);
    ASSERT_EQ(back.records.size(), 3u);
    for (std::uint64_t u = 0; u < 3; ++u)
        EXPECT_EQ(to_json_line(back.records[u]), to_json_line(rec(u)));
    // Opening without append starts afresh.
    { RecordFile f(p.string(), false); }
    EXPECT_TRUE(read_record_file(p.string()).records.empty());
    fs::remove(p);
}

TEST(RecordFile, TornTailIsIgnoredThenCutOffOnAppend) {
    const fs::path p = temp_file("b.jsonl");
    {
        std::ofstream out(p, std::ios::binary);
        out << to_json_line(rec(0)) << "\n" << to_json_line(rec(1)).substr(0, 25);
    }
    auto got = read_record_file(p.string());
    EXPECT_TRUE(got.torn_tail);
    ASSERT_EQ(got.records.size(), 1u);
    {
        RecordFile f(p.string(), true);
        f.write(rec(1));
        f.write(rec(2));
    }
    got = read_record_file(p.string());
    EXPECT_FALSE(got.torn_tail);
    ASSERT_EQ(got.records.size(), 3u);
    EXPECT_EQ(got.records[1].unit, 1u);
    fs::remove(p);
}

// The torn tail is found by reading backwards in blocks; a torn line longer
// than a block, and a file that is all torn tail, are cut off whole.
TEST(RecordFile, ATornTailLongerThanAReadBlockIsCutOff) {
    const fs::path p = temp_file("long.jsonl");
    {
        std::ofstream out(p, std::ios::binary);
        out << to_json_line(rec(0)) << "\n" << std::string(200000, 'x');
    }
    { RecordFile(p.string(), true).write(rec(1)); }
    auto got = read_record_file(p.string());
    EXPECT_FALSE(got.torn_tail);
    ASSERT_EQ(got.records.size(), 2u);
    EXPECT_EQ(got.records[1].unit, 1u);
    { std::ofstream(p, std::ios::binary) << std::string(70000, 'y'); }
    { RecordFile(p.string(), true).write(rec(2)); }
    got = read_record_file(p.string());
    ASSERT_EQ(got.records.size(), 1u);
    EXPECT_EQ(got.records[0].unit, 2u);
    fs::remove(p);
}

TEST(RecordFile, ErrorsNameTheFileAndLine) {
    const fs::path p = temp_file("c.jsonl");
    {
        std::ofstream out(p, std::ios::binary);
        out << to_json_line(rec(0)) << "\n\n{\"unit\": 1}\n";
    }
    try {
        read_record_file(p.string());
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(p.string() + ":3:"), std::string::npos) << e.what();
    }
    fs::remove(p);
    EXPECT_THROW(read_record_file(p.string()), std::runtime_error);
    EXPECT_THROW(RecordFile("/nonexistent-dir/x.jsonl", false), std::runtime_error);
}

}  // namespace
}  // namespace nonolab::batch
