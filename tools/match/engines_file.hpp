// Engines from a JSON file (--engines FILE), so that a set of engines with their
// parameters is written once and shared by runs:
//
//   [{"name": "new", "cmd": "build/release/damier", "args": [], "dir": "",
//     "params": {"threads": 1, "eval-file": "int.weights"}},
//    {"name": "scan", "cmd": "/opt/scan/scan", "args": ["hub"]}]
//
// The keys mirror --engine's: name (default: the command's file name), cmd (required,
// but for a DXP peer already running), args, dir, protocol ("hub", "hub1", "dxp"),
// host and port (DXP), params (strings, numbers or booleans, sent as set-param in
// file order).
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.hpp"
#include "tools/match/hub_engine.hpp"

namespace damier::match {

// Every engine of the file; an error names the file and the engine or the place in
// the text that is wrong.
Result<std::vector<EngineSpec>> load_engines(const std::string& path);

}  // namespace damier::match
