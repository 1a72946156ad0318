// Board sizes from the command line, the server and Python (core/board_size.hpp).
#include "core/board_size.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/limits.hpp"

namespace nonolab {
namespace {

TEST(BoardSize, SquareOrWidthByHeight) {
    EXPECT_EQ(parse_board_size("10").width, 10);
    EXPECT_EQ(parse_board_size("10").height, 10);
    const BoardSize s = parse_board_size("20x15");
    EXPECT_EQ(s.width, 20);
    EXPECT_EQ(s.height, 15);
    EXPECT_EQ(parse_board_size(" 3 X 4 ").height, 4);
}

TEST(BoardSize, TheOneLimitIsTheReaders) {
    EXPECT_EQ(parse_board_size(std::to_string(kMaxSide)).width, kMaxSide);
    for (const char* bad : {"0", "3x0", "10001", "10001x2", "2x99999999999999999999"}) {
        try {
            parse_board_size(bad);
            ADD_FAILURE() << bad << " was accepted";
        } catch (const std::invalid_argument& e) {
            const std::string what = e.what();
            EXPECT_TRUE(what.find("1 to 10000") != std::string::npos ||
                        what.find("expected N or WxH") != std::string::npos)
                << what;
        }
    }
    EXPECT_NO_THROW(check_board_size(1, kMaxSide));
    EXPECT_THROW(check_board_size(kMaxSide + 1, 1), std::invalid_argument);
    EXPECT_THROW(check_board_size(3, 0), std::invalid_argument);
}

TEST(BoardSize, ClearErrorForWhatIsNotASize) {
    for (const char* bad : {"", "x", "3x", "x3", "-3", "3x-4", "3.5", "3x4x5", "ten", "3y4"}) {
        try {
            parse_board_size(bad);
            ADD_FAILURE() << "'" << bad << "' was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_EQ(std::string(e.what()),
                      std::string("expected N or WxH (e.g. 10 or 20x15), got '") + bad + "'");
        }
    }
}

}  // namespace
}  // namespace nonolab
