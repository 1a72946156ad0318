// `--help` for the program and for EVERY subcommand, through the real binary.
// The subcommand list is read from the binary's own top-level help, so a new
// subcommand is covered without touching this file; a fixed minimum list
// guards against the parsing silently finding nothing. Also: an unknown
// subcommand is a usage error (exit 2) that names the word it did not know.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "cli_fixture.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

// The subcommands known when this test was written, each with options its
// help must list (beyond -h,--help). `train` is here too: its help must work
// in builds without LibTorch, where only running it reports the missing back end.
const std::map<std::string, std::vector<std::string>> kKnown = {
    {"solve", {"--solutions", "--timeout", "--method", "--list-methods", "--seed", "--json"}},
    {"check", {"--grade", "--timeout", "--json"}},
    {"convert", {"--from", "--to", "--index"}},
    {"render", {"--svg", "--png", "--solve", "--goal", "--ascii"}},
    {"formats", {}},
    {"generate", {"--ndom", "--all", "--noise", "--size", "--seed", "--output"}},
    {"bench", {"--mode", "--timeout", "--vs", "--csv"}},
    {"experiment", {"--methods", "--trials", "--seed", "--out"}},
    {"train", {"--data", "--test", "--epochs", "--evaluate", "--out"}},
    {"make-unique", {"--goal", "--lock", "--max-changes", "--suggestions", "--timeout", "--json"}},
};

// The names in the "Subcommands:" section of CLI11's help: each entry starts
// with two spaces and the name; its description's continuation lines are
// indented further, and the section ends at the first blank line.
std::vector<std::string> subcommands_in_help(const std::string& help) {
    std::vector<std::string> names;
    bool in_section = false;
    for (const std::string& line : lines_of(help)) {
        if (line == "Subcommands:") {
            in_section = true;
            continue;
        }
        if (!in_section) continue;
        if (line.empty()) break;
        if (line.size() > 2 && line[0] == ' ' && line[1] == ' ' && line[2] != ' ')
            names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    return names;
}

// The part of a help text from "Options:" to the next blank line.
std::string options_section(const std::string& help) {
    const size_t start = help.find("\nOptions:\n");
    if (start == std::string::npos) return "";
    const size_t end = help.find("\n\n", start + 1);
    return help.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

TEST_F(Cli, TopLevelHelpListsEverySubcommand) {
    const RunResult r = run({"--help"});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("SUBCOMMAND --help"), std::string::npos) << r.out;
    EXPECT_NE(options_section(r.out).find("--version"), std::string::npos) << r.out;
    const std::vector<std::string> found = subcommands_in_help(r.out);
    const std::set<std::string> names(found.begin(), found.end());
    EXPECT_EQ(names.size(), found.size()) << "a subcommand listed twice:\n" << r.out;
    for (const auto& [sub, options] : kKnown)
        EXPECT_TRUE(names.count(sub)) << "top-level help lacks " << sub << ":\n" << r.out;
}

TEST_F(Cli, EverySubcommandHasHelp) {
    std::vector<std::string> subs = subcommands_in_help(run({"--help"}).out);
    ASSERT_GE(subs.size(), kKnown.size()) << "could not read the subcommand list";
    for (const std::string& sub : subs) {
        SCOPED_TRACE("nonolab " + sub + " --help");
        const RunResult r = run({sub, "--help"});
        EXPECT_EXIT_CODE(r, 0);
        EXPECT_TRUE(r.err.empty()) << r.err;
        // CLI11's usage line names the program and the subcommand.
        const size_t usage = r.out.find("Usage: ");
        ASSERT_NE(usage, std::string::npos) << r.out;
        const std::string usage_line = r.out.substr(usage, r.out.find('\n', usage) - usage);
        EXPECT_NE(usage_line.find("nonolab " + sub + " "), std::string::npos) << usage_line;
        // Its options, with --help among them, and those we know it has.
        const std::string options = options_section(r.out);
        EXPECT_NE(options.find("-h,--help"), std::string::npos) << r.out;
        if (const auto known = kKnown.find(sub); known != kKnown.end())
            for (const std::string& opt : known->second)
                EXPECT_NE(options.find(opt), std::string::npos) << sub << " --help lacks " << opt;
        // A subcommand's help is its own, not the program's list again.
        EXPECT_EQ(r.out.find("\nSubcommands:\n"), std::string::npos) << r.out;
    }
}

TEST_F(Cli, AnUnknownSubcommandIsAUsageErrorThatNamesIt) {
    const RunResult r = run({"no-such-subcommand"});
    EXPECT_EXIT_CODE(r, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("unknown subcommand 'no-such-subcommand'"), std::string::npos) << r.err;
    // It points at the real ones.
    EXPECT_NE(r.err.find("solve"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nonolab --help"), std::string::npos) << r.err;
    // A near miss in case is not a subcommand either.
    EXPECT_EXIT_CODE(run({"Solve", "--help"}), 2);
}

TEST_F(Cli, NoSubcommandIsAUsageError) {
    const RunResult r = run({});
    EXPECT_EXIT_CODE(r, 2);
    EXPECT_NE(r.err.find("subcommand"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace nonolab
