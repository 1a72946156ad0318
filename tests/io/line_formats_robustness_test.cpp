// Mutated inputs for the line-oriented readers: whatever the bytes, a reader
// either returns puzzles or throws ParseError, and a sniffer never throws.
#include <gtest/gtest.h>

#include <random>

#include "io/cwd.hpp"
#include "io/g.hpp"
#include "io/keen.hpp"
#include "io/line_formats_util.hpp"
#include "io/mk.hpp"
#include "io/nin.hpp"
#include "io/picross.hpp"
#include "io/rc.hpp"
#include "io/spoj.hpp"
#include "io/taai.hpp"

using namespace nonolab;

TEST(LineFormatsRobustness, MutatedSamplesNeverCrash) {
    const std::vector<std::string> seeds = {
        "$1\n2\n1\n3\n1\t1\n3\n1\n$2\n1\n\n1\n0\n\n",
        "$1\n1 0 1\n1 1 1\n0 0 1\n",
        "# c\n3 2\n2\n2\n1\n2\n1\n",
        "2 3\n2\n2\n#\n1\n2\n1\n",
        "2\n3\n2\n2\n\n1\n2\n1\n",
        "text\n#d\n r:% red\n 1:* black\n: rows\n2r\n1 1\n: columns\n1r\n1r 1\n1\n: end\n",
        "2\n2\n\n1\n2\n1\n",
        "GRID a\nROWS\n[ 2 ]\n[ 2 ]\nCOLUMNS\n[ 1 ]\n[ 2 ]\n[ 1 ]\nGRID\nROWS\n[ ]\n",
        "2 3\n2\n2\n1\n2\n1\n",
        "1\n2 3\n2 0\n2 0\n1 0\n2 0\n1 0\n",
    };
    const std::string alphabet = "0123456789 \t\n\r#$:[]-,xr/\\GRIDOWS";
    std::mt19937 rng(12345);
    for (int it = 0; it < 1500; ++it) {
        std::string s = seeds[rng() % seeds.size()];
        for (int m = 1 + rng() % 6; m > 0 && !s.empty(); --m) {
            const size_t pos = rng() % s.size();
            switch (rng() % 4) {
                case 0:
                    s.erase(pos, 1 + rng() % 8);
                    break;
                case 1:
                    s.insert(pos, 1, alphabet[rng() % alphabet.size()]);
                    break;
                case 2:
                    s[pos] = alphabet[rng() % alphabet.size()];
                    break;
                default:
                    s.insert(pos, std::to_string(rng() % 100000));
                    break;
            }
        }
        auto run = [&](auto f) {
            try {
                f();
            } catch (const ParseError&) {
            }
        };
        run([&] { io::read_taai(s, "m"); });
        run([&] { io::read_taai_solutions(s, "m"); });
        run([&] { io::read_nin(s, "m"); });
        run([&] { io::read_mk(s, "m"); });
        run([&] { io::read_cwd(s, "m"); });
        run([&] { io::read_g(s, "m"); });
        run([&] { io::read_keen(s, "m"); });
        run([&] { io::read_picross(s, "m"); });
        run([&] { io::read_rc(s, "m"); });
        run([&] { io::read_spoj(s, "m"); });
        EXPECT_NO_THROW(io::read_picross_each(s, "m"));
        for (auto sniff : {io::sniff_taai, io::sniff_nin, io::sniff_mk, io::sniff_g, io::sniff_keen,
                           io::sniff_picross, io::sniff_rc, io::sniff_spoj}) {
            const int score = sniff(s);
            EXPECT_GE(score, 0);
            EXPECT_LE(score, 100);
        }
    }
}

TEST(LineFormatsRobustness, HugeSizesAreRefusedQuickly) {
    EXPECT_THROW(io::read_nin("10001 10001\n", "h"), ParseError);
    EXPECT_THROW(io::read_mk("99999999 1\n", "h"), ParseError);
    EXPECT_THROW(io::read_rc("10000 10000\n1\n", "h"), ParseError);
    EXPECT_THROW(io::read_spoj("999999999\n1 1\n1 0\n1 0\n", "h"), ParseError);
    EXPECT_THROW(io::read_taai("$1\n10001\n1\n", "h"), ParseError);
    EXPECT_THROW(io::read_taai("$1\n" + std::string(30000, '\n') + "1\n", "h"), ParseError);
}
