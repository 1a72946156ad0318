// Command-line flags generated from an options table (core/options.hpp), so
// that a flag's name, help, default and accepted values are the table's and
// nothing is written twice. Each flag writes its value as text into a
// ParamMap, which the method parses like any --param: the flag is only
// another spelling of `--param KEY=VALUE`.
//
//   key node_limit  -> --node-limit N
//   flag, default false (phase_times)      -> --phase-times
//   flag, default true  (probing)          -> --no-probing
//   text, a list (sat_option: its form ends in "...]") -> repeatable, values joined with ','
//   text, one value (train's resume)                  -> --resume VALUE
//   a key given a short name ({"threads", "-j"})       -> --threads N, or -j N
//
// A bad value is rejected while the command line is parsed, with the
// table's own message ("expected auto, search or sat, got 'x'").
#pragma once

#include <CLI/CLI.hpp>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"

namespace nonolab::cli {

/// The words of the command line after the program's name (main sets them),
/// so that a subcommand takes from a table only the flags a run names.
inline std::vector<std::string>& command_words() {
    static std::vector<std::string> words;
    return words;
}

/// Whether the command line asks for help (-h, --help, or -h among short
/// flags written together): then every flag is added, to be listed.
inline bool help_requested() {
    for (const std::string& w : command_words()) {
        if (w == "--help" || w == "--help-all") return true;
        if (w.size() > 1 && w[0] == '-' && w[1] != '-' && w.find('h') != std::string::npos)
            return true;
    }
    return false;
}

/// Whether `flag` ("--node-limit") is one of the words, alone or as
/// "--node-limit=VALUE" (a short flag "-j" also as "-j4"). A word that
/// only looks like it (a value, a file name) adds the flag needlessly,
/// which changes nothing: the flags added are always a superset of those
/// the command line uses.
inline bool names_flag(const std::string& flag) {
    const bool short_flag = flag.size() == 2;
    for (const std::string& w : command_words())
        if (w.starts_with(flag) && (short_flag || w.size() == flag.size() || w[flag.size()] == '='))
            return true;
    return false;
}

/// Whether a subcommand should set up the long option `flag`: the command
/// line names it, or asks for help (which lists every option).
inline bool wanted(const std::string& flag) {
    return names_flag(flag) || help_requested();
}

/// Work kept for --help: each flag's description and shown default, which
/// cost the table's documentation (OptionTable::entries) and a run never
/// reads. main runs describe_flags() before printing help.
inline std::vector<std::function<void()>>& deferred_descriptions() {
    static std::vector<std::function<void()>> pending;
    return pending;
}

/// Fills in the descriptions of every flag added by add_option_flags so far.
inline void describe_flags() {
    for (const auto& describe : deferred_descriptions()) describe();
    deferred_descriptions().clear();
}

/// Adds a flag for every option of `table` but those in `skip`; each writes
/// its value into `out`. `short_names` gives some keys a short flag too
/// ({"threads", "-j"}).
template <class T>
void add_option_flags(CLI::App* sub, const OptionTable<T>& table, ParamMap& out,
                      const std::set<std::string>& skip, const std::string& prefix_help,
                      const std::map<std::string, std::string>& short_names = {}) {
    // Each option added, with its key, for the descriptions added on --help.
    std::vector<std::pair<CLI::Option*, std::string>> added;
    // A table has tens of flags, and CLI11 spends thousands of instructions
    // and a kilobyte on each; a run adds those its command line
    // names, since a flag that is not given does nothing.
    const bool all = help_requested();
    for (const auto& e : table.shapes()) {
        if (skip.count(e.key)) continue;
        std::string name = e.key;
        for (char& c : name)
            if (c == '_') c = '-';
        const auto short_name = short_names.find(e.key);
        const std::string alias = short_name == short_names.end() ? "" : short_name->second;
        if (!all && !names_flag((e.on_by_default ? "--no-" : "--") + name) &&
            (alias.empty() || !names_flag(alias)))
            continue;
        const std::string names = alias.empty() ? "--" + name : "--" + name + "," + alias;
        // Checks one value through the table, as the method will parse it.
        auto check = [&table, key = e.key](const std::string& flag, const std::string& value) {
            try {
                table.parse({{key, value}});
            } catch (const std::invalid_argument& err) {
                // "parameter 'k': got 'v', expected X" reads, for a flag,
                // as "expected X, got 'v'".
                std::string msg = err.what();
                if (const auto at = msg.find("expected "); at != std::string::npos)
                    msg = msg.substr(at) + ", got '" + value + "'";
                throw CLI::ValidationError(flag, msg);
            }
        };
        CLI::Option* o = nullptr;
        if (e.kind == OptionKind::flag) {
            const bool on = e.on_by_default;
            o = sub->add_flag_callback(on ? "--no-" + name : names, [&out, key = e.key, on] {
                out[key] = on ? "false" : "true";
            });
        } else if (e.list) {
            const std::string flag = "--" + name;
            o = sub->add_option_function<std::vector<std::string>>(
                names, [&out, key = e.key, flag, check](const std::vector<std::string>& values) {
                    std::string joined;
                    for (const auto& v : values) joined += (joined.empty() ? "" : ",") + v;
                    check(flag, joined);
                    out[key] = joined;
                });
        } else {
            const std::string flag = "--" + name;
            o = sub->add_option_function<std::string>(
                names, [&out, key = e.key, flag, check, kind = e.kind](std::string value) {
                    if (kind == OptionKind::choice)  // --engine SEARCH: words ignore case
                        for (char& c : value)
                            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                    check(flag, value);
                    out[key] = value;
                });
        }
        added.emplace_back(o, e.key);
    }
    if (added.empty()) return;
    deferred_descriptions().push_back([&table, added, prefix_help] {
        std::map<std::string, ParamDoc> docs;
        for (ParamDoc& d : table.docs()) docs[d.key] = std::move(d);
        std::map<std::string, typename OptionTable<T>::Entry> entries;
        for (auto& e : table.entries()) entries.emplace(e.key, std::move(e));
        for (const auto& [o, key] : added) {
            const auto& e = entries.at(key);
            const std::string& value = docs.at(key).default_value;
            // Tables write help in lower case, to follow a prefix ("Exact
            // solver: give up after..."); alone it starts a sentence.
            std::string help = prefix_help + e.help;
            if (!help.empty())
                help[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(help[0])));
            if (e.kind == OptionKind::flag) {
                o->description(help + (value == "true" ? " (on unless this flag is given)"
                                                       : " (off by default)"));
            } else if (e.kind == OptionKind::text && e.want.ends_with("...]")) {
                o->description(help + " (repeatable)");
                o->type_name(e.want);
            } else {
                // A one-value text option names its form as the value's type;
                // the others say their range or words after the help.
                const bool text = e.kind == OptionKind::text;
                o->description(text ? help : help + "; " + e.want);
                o->default_str(value);
                if (text) o->type_name(e.want);
                if (e.kind == OptionKind::integer) o->type_name("INT");
                if (e.kind == OptionKind::number) o->type_name("FLOAT");
            }
        }
    });
}

}  // namespace nonolab::cli
