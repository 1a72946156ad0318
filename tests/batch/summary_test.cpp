// The summary table's arithmetic (x/T, average and [min-max] over the
// successful runs only) and its three layouts, on hand-made records.
#include "batch/summary.hpp"

#include <gtest/gtest.h>

namespace nonolab::batch {
namespace {

RunRecord rec(const std::string& name, const std::string& method, bool success,
              std::int64_t iterations, Status status = Status::unsolved) {
    RunRecord r;
    r.source = "suite/" + name + ".non";
    r.index = 1;
    r.name = name;
    r.width = 5;
    r.height = 6;
    r.method = method;
    r.status = success ? Status::solved : status;
    r.iterations = iterations;
    r.best_error = success ? 0 : 4;
    r.seconds = 0.5;
    return r;
}

std::vector<RunRecord> sample() {
    return {
        rec("mine", "hs-a", true, 10),
        rec("mine", "hs-a", false, 1000),
        rec("mine", "hs-a", true, 20),
        rec("mine", "hs-a", true, 61),
        rec("mine", "hs-a", false, 1000),
        rec("mine", "hs-b", false, 1000),
        rec("mine", "hs-b", false, 1000, Status::error),
        rec("horse", "hs-b", true, 1234567),
        rec("horse", "hs-a", true, 3),
    };
}

TEST(Summary, CountsAndAveragesOverSuccessfulRunsOnly) {
    const auto rows = summarise(sample());
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].label, "mine (5x6)");
    EXPECT_EQ(rows[1].label, "horse (5x6)");
    ASSERT_EQ(rows[0].cells.size(), 2u);
    const SummaryCell& a = rows[0].cells[0];
    EXPECT_EQ(a.method, "hs-a");
    EXPECT_EQ(a.runs, 5);
    EXPECT_EQ(a.successes, 3);
    EXPECT_DOUBLE_EQ(a.avg_iterations, 91.0 / 3.0);  // the failures' 1000s are left out
    EXPECT_EQ(a.min_iterations, 10);
    EXPECT_EQ(a.max_iterations, 61);
    EXPECT_DOUBLE_EQ(a.mean_best_error, 8.0 / 5.0);
    const SummaryCell& b = rows[0].cells[1];
    EXPECT_EQ(b.runs, 2);
    EXPECT_EQ(b.successes, 0);
    EXPECT_EQ(b.errors, 1);
    // Methods keep their first-seen order in every row, even where the
    // records came in another order.
    EXPECT_EQ(rows[1].cells[0].method, "hs-a");
    EXPECT_EQ(rows[1].cells[0].successes, 1);
    EXPECT_EQ(rows[1].cells[1].avg_iterations, 1234567.0);
}

TEST(Summary, MissingMethodGivesAnEmptyCell) {
    auto rows = summarise({rec("mine", "hs-a", true, 5), rec("crane", "hs-b", true, 7)});
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].cells[1].runs, 0);
    EXPECT_EQ(rows[1].cells[0].runs, 0);
}

// A resumed run adds the old file's records first and the new session's
// after; the table must not depend on how the records were split.
TEST(Summary, RowsAndMethodsFollowTheSmallestUnitWhateverTheArrivalOrder) {
    std::vector<RunRecord> in_order = sample();
    for (std::size_t i = 0; i < in_order.size(); ++i) in_order[i].unit = i;
    const std::string expected = format_summary(summarise(in_order), TableStyle::csv);
    std::vector<RunRecord> resumed;  // units 7.. were in the old file
    resumed.insert(resumed.end(), in_order.begin() + 7, in_order.end());
    resumed.insert(resumed.end(), in_order.begin(), in_order.begin() + 7);
    EXPECT_EQ(format_summary(summarise(resumed), TableStyle::csv), expected);
    // Without the unit ids (all 0) the arrival order decides: horse first.
    std::vector<RunRecord> unnumbered = resumed;
    for (RunRecord& r : unnumbered) r.unit = 0;
    const auto rows = summarise(unnumbered);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].label, "horse (5x6)");
    EXPECT_EQ(rows[0].cells[0].method, "hs-b");
}

TEST(Summary, ParamsAreTeasedApartInTheMethodLabel) {
    RunRecord x = rec("mine", "hs-c", true, 5), y = x;
    y.params = {{"hms", "10"}};
    const auto rows = summarise({x, y});
    ASSERT_EQ(rows[0].cells.size(), 2u);
    EXPECT_EQ(rows[0].cells[1].method, "hs-c hms=10");
}

TEST(Summary, TextTableLooksLikeThePapers) {
    const std::string t = format_summary(summarise(sample()), TableStyle::text);
    EXPECT_NE(t.find("3/5"), std::string::npos) << t;
    EXPECT_NE(t.find("30.3 [10–61]"), std::string::npos) << t;
    EXPECT_NE(t.find("0/2 (1 err)"), std::string::npos) << t;
    EXPECT_NE(t.find("1,234,567 [1,234,567–1,234,567]"), std::string::npos) << t;
    EXPECT_EQ(t.rfind("      ", 0), 0u) << "the first line titles the blocks:\n" << t;
    EXPECT_NE(t.find("success (x/T)"), std::string::npos) << t;
    EXPECT_NE(t.find("\npuzzle "), std::string::npos) << t;
    // Unsolved everywhere: "-" as in the paper.
    EXPECT_NE(t.find("  -"), std::string::npos) << t;
    // Every line the same display width (aligned), header included.
    std::vector<std::size_t> widths;
    std::size_t start = 0;
    for (std::size_t nl; (nl = t.find('\n', start)) != std::string::npos; start = nl + 1) {
        std::size_t w = 0;
        for (std::size_t i = start; i < nl; ++i)
            w += (static_cast<unsigned char>(t[i]) & 0xC0) != 0x80;
        widths.push_back(w);
    }
    ASSERT_EQ(widths.size(), 4u);
    EXPECT_EQ(widths[2], widths[1]);  // method names, mine (right-aligned to the same edge)
    EXPECT_LE(widths[3], widths[1]);
}

TEST(Summary, MarkdownAndCsv) {
    const auto rows = summarise(sample());
    const std::string md = format_summary(rows, TableStyle::markdown);
    EXPECT_EQ(md.rfind("| puzzle | hs-a success | hs-b success |", 0), 0u) << md;
    EXPECT_NE(md.find("\n|---|---:|"), std::string::npos) << md;
    EXPECT_NE(md.find("| mine (5x6) | 3/5 | 0/2 (1 err) | 30.3 [10–61] | - |"), std::string::npos)
        << md;
    const std::string csv = format_summary(rows, TableStyle::csv);
    EXPECT_NE(csv.find("mine (5x6),suite/mine.non,1,,hs-a,5,3,0,30.3333,10,61,0.5,1.6\n"),
              std::string::npos)
        << csv;
    EXPECT_NE(csv.find("mine (5x6),suite/mine.non,1,,hs-b,2,0,1,,,,0.5,4\n"), std::string::npos)
        << csv;
    EXPECT_EQ(table_style_from("md"), TableStyle::markdown);
    EXPECT_THROW(table_style_from("html"), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::batch
