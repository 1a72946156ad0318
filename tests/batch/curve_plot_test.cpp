// Averaged convergence curves (step functions, solved runs stay at 0) and
// the SVG they are drawn into; .png is refused with advice for now.
#include "batch/curve_plot.hpp"

#include <gtest/gtest.h>

namespace nonolab::batch {
namespace {

RunRecord run(const std::string& name, const std::string& group, const std::string& method,
              std::vector<nonolab::CurvePoint> curve) {
    RunRecord r;
    r.source = name + ".non";
    r.name = name;
    r.group = group;
    r.width = r.height = 5;
    r.method = method;
    r.curve = std::move(curve);
    return r;
}

TEST(CurvePlot, AveragesStepFunctionsAtEverySample) {
    const auto panels = average_curves(
        {run("mine", "", "hs-a", {{100, 10}, {200, 6}, {300, 4}}),
         run("mine", "", "hs-a", {{100, 8}, {150, 0}}),  // solved at 150, then stays 0
         run("mine", "", "hs-c", {{100, 2}})},
        false);
    ASSERT_EQ(panels.size(), 1u);
    EXPECT_EQ(panels[0].title, "mine (5x5)");
    ASSERT_EQ(panels[0].series.size(), 2u);
    const CurveSeries& a = panels[0].series[0];
    EXPECT_EQ(a.label, "hs-a");
    EXPECT_EQ(a.runs, 2);
    EXPECT_EQ(a.x, (std::vector<double>{100, 150, 200, 300}));
    EXPECT_EQ(a.y, (std::vector<double>{9, 5, 3, 2}));
    EXPECT_EQ(panels[0].series[1].y, (std::vector<double>{2}));
}

TEST(CurvePlot, GroupsPoolPuzzlesAndRunsWithoutCurvesAreIgnored) {
    const auto panels = average_curves(
        {run("a", "Group II", "hs-c", {{10, 4}}), run("b", "Group II", "hs-c", {{10, 2}}),
         run("c", "", "hs-c", {{10, 1}}), run("d", "Group II", "hs-c", {})},
        true);
    ASSERT_EQ(panels.size(), 2u);
    EXPECT_EQ(panels[0].title, "Group II");
    EXPECT_EQ(panels[0].series[0].runs, 2);
    EXPECT_EQ(panels[0].series[0].y, (std::vector<double>{3}));
    EXPECT_EQ(panels[1].title, "c (5x5)");
}

TEST(CurvePlot, SvgHasAPanelAndALinePerMethod) {
    const auto panels = average_curves({run("mine & co", "", "hs-a", {{100, 10}, {200, 0}}),
                                        run("mine & co", "", "hs-c", {{100, 3}})},
                                       false);
    for (bool log_x : {false, true}) {
        PlotOptions o;
        o.log_x = log_x;
        const std::string svg = curve_svg(panels, o);
        EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
        EXPECT_NE(svg.find("</svg>"), std::string::npos);
        EXPECT_NE(svg.find("mine &amp; co (5x5)"), std::string::npos);
        std::size_t lines = 0;
        for (std::size_t at = 0; (at = svg.find("<polyline", at)) != std::string::npos; ++at)
            ++lines;
        EXPECT_EQ(lines, 2u);
        EXPECT_EQ(svg.find("nan"), std::string::npos);
    }
    EXPECT_NE(curve_svg({}, {}).find("no curves"), std::string::npos);
}

TEST(CurvePlot, PngIsRefusedWithAdvice) {
    EXPECT_NO_THROW(check_plot_path("out/curves.SVG"));
    try {
        check_plot_path("curves.png");
        FAIL();
    } catch (const std::invalid_argument& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("not available yet"), std::string::npos) << m;
        EXPECT_NE(m.find("curves.svg"), std::string::npos) << m;
    }
    EXPECT_THROW(check_plot_path("curves.pdf"), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::batch
