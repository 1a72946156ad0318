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
//
// A bad value is rejected while the command line is parsed, with the
// table's own message ("expected auto, search or sat, got 'x'").
#pragma once

#include <CLI/CLI.hpp>
#include <cctype>
#include <map>
#include <set>
#include <string>

#include "core/options.hpp"

namespace nonolab::cli {

template <class T>
void add_option_flags(CLI::App* sub, const OptionTable<T>& table, ParamMap& out,
                      const std::set<std::string>& skip, const std::string& prefix_help) {
    std::map<std::string, std::string> defaults;
    for (const ParamDoc& d : table.docs()) defaults[d.key] = d.default_value;
    for (const auto& e : table.entries()) {
        if (skip.count(e.key)) continue;
        std::string name = e.key;
        for (char& c : name)
            if (c == '_') c = '-';
        const std::string help = prefix_help + e.help;
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
        if (e.kind == OptionKind::flag) {
            const bool on_by_default = defaults[e.key] == "true";
            const std::string flag = on_by_default ? "--no-" + name : "--" + name;
            sub->add_flag_callback(
                flag,
                [&out, key = e.key, on_by_default] { out[key] = on_by_default ? "false" : "true"; },
                help + (on_by_default ? " (on unless this flag is given)" : " (off by default)"));
        } else if (e.kind == OptionKind::text && e.want.ends_with("...]")) {
            const std::string flag = "--" + name;
            sub->add_option_function<std::vector<std::string>>(
                   flag,
                   [&out, key = e.key, flag, check](const std::vector<std::string>& values) {
                       std::string joined;
                       for (const auto& v : values) joined += (joined.empty() ? "" : ",") + v;
                       check(flag, joined);
                       out[key] = joined;
                   },
                   help + " (repeatable)")
                ->type_name(e.want);
        } else {
            const std::string flag = "--" + name;
            // A one-value text option names its form as the value's type;
            // the others say their range or words after the help.
            const bool text = e.kind == OptionKind::text;
            CLI::Option* o = sub->add_option_function<std::string>(
                flag,
                [&out, key = e.key, flag, check, kind = e.kind](std::string value) {
                    if (kind == OptionKind::choice)  // --engine SEARCH: words ignore case
                        for (char& c : value)
                            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                    check(flag, value);
                    out[key] = value;
                },
                text ? help : help + "; " + e.want);
            o->default_str(defaults[e.key]);
            if (text) o->type_name(e.want);
        }
    }
}

}  // namespace nonolab::cli
