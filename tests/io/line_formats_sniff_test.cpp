// Content detection across formats: every benchmark file of the TAAI, R C,
// Keen, SPOJ and picross-solver kinds (all named *.txt) must be recognised
// as its own format by the registry, whatever the other sniffers say.
#include <gtest/gtest.h>

#include "io/formats.hpp"
#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {

void expect_detected(const std::vector<std::filesystem::path>& files, const std::string& want) {
    ASSERT_FALSE(files.empty()) << want;
    for (const auto& f : files) {
        const std::string text = slurp(f);
        const io::Format& got = io::detect_format(f.string(), text);
        EXPECT_EQ(got.name, want) << f.string();
    }
}

}  // namespace

TEST(LineFormatsSniff, InlineSamplesAreToldApart) {
    const struct {
        const char* text;
        const char* format;
    } samples[] = {
        {"$1\n2\n1\n3\n1\t1\n3\n1\n", "taai"},
        {"1\t1\n0\n1\t1\n1\t1\n0\n1\t1\n", "taai"},
        {"2 3\n2\n2\n1\n2\n1\n", "rc"},
        {"3 2\n2\n2\n1\n2\n1\n", "nin"},
        {"2 3\n2\n2\n#\n1\n2\n1\n", "mk"},
        {"2\n2\n\n1\n2\n1\n", "keen"},
        {"1\n2 3\n2 0\n2 0\n1 0\n2 0\n1 0\n", "spoj"},
        {"GRID x\nROWS\n[ 2 ]\n[ 2 ]\nCOLUMNS\n[ 1 ]\n[ 2 ]\n[ 1 ]\n", "picross"},
        {"text\n: rows\n2\n2\n: columns\n1\n2\n1\n: end\n", "g"},
    };
    for (const auto& s : samples)
        EXPECT_EQ(std::string(io::detect_format("sample.txt", s.text).name), s.format) << s.text;
}

TEST(LineFormatsSniff, BenchmarkFilesAreRecognised) {
    const auto root = bench_path("");
    NONOLAB_SKIP_IF_ABSENT(bench_path("tournament"));
    expect_detected(files_in(bench_path("tournament/question"), ".txt"), "taai");
    expect_detected(files_in(bench_path("tournament/extra_maeglin89273"), ".txt"), "taai");
    expect_detected({bench_path("tournament/extra_cgilab/PuzzleCannotSolve.txt"),
                     bench_path("tournament/extra_gitqwerty777/15question.txt")},
                    "taai");
    expect_detected(files_in(bench_path("dataset/taai_style"), "-question.txt"), "taai");
    expect_detected(files_in(bench_path("tournament/extra_gitqwerty777/small_tests"), ".txt"),
                    "rc");
    expect_detected(files_in(bench_path("misc/misc_small_sets/hwnginsoict_datasets"), ".txt", true),
                    "rc");
    expect_detected(files_in(bench_path("survey/keen_txt_gramcracker"), ".txt"), "keen");
    expect_detected({bench_path("misc/misc_small_sets/nonogrid_examples/spoj/puzzles.txt")},
                    "spoj");
    auto picross = files_in(bench_path("misc/picross_solver_testset/inputs"), ".txt");
    for (const auto& f :
         files_in(bench_path("misc/picross_solver_testset/inputs/picross_ds"), ".txt"))
        picross.push_back(f);
    expect_detected(picross, "picross");
}
