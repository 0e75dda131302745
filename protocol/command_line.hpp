// Command-line arguments of the `damier` subcommands: `--name value` pairs,
// `--flag` switches and repeatable `--set option=value`.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"

namespace damier::cli {

struct Arguments {
    std::map<std::string, std::string> values;                // --name value
    std::vector<std::string> flags;                           // --flag
    std::vector<std::pair<std::string, std::string>> settings;  // --set name=value, in order

    bool has_flag(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    // The value of a whole-number option within [low, high], or `fallback` when absent.
    Result<long long> integer(const std::string& name, long long low, long long high, long long fallback) const;
    // A boolean --set option ("true"/"false"/"1"/"0"/"on"/"off"); fallback when absent.
    Result<bool> boolean_setting(const std::string& name, bool fallback) const;
};

// Parses argv after the subcommand. `flag_names` take no value; every other
// option takes exactly one. Unknown options are errors, listed in `known`.
Result<Arguments> parse_arguments(const std::vector<std::string>& args, const std::vector<std::string>& flag_names,
                                  const std::vector<std::string>& value_names);

// Subcommands; each returns the process exit status (2 for bad arguments).
int run_perft(const std::vector<std::string>& args);
int run_draughts_perft(const Arguments& args);
int run_halma_perft(const Arguments& args);
int run_search(const std::vector<std::string>& args);
int run_bench(const std::vector<std::string>& args);
int run_egdb(const std::vector<std::string>& args);

}  // namespace damier::cli
