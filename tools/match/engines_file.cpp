#include "tools/match/engines_file.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

namespace damier::match {

namespace {

using Json = nlohmann::ordered_json;  // params keep the file's order

Result<EngineSpec> engine_of(const Json& j, const std::string& where) {
    auto fail = [&](const std::string& what) { return failure<EngineSpec>(where + ": " + what); };
    if (!j.is_object()) return fail("not an object");
    EngineSpec e;
    std::string program;
    for (const auto& [key, value] : j.items()) {
        if (key == "name" || key == "cmd" || key == "dir") {
            if (!value.is_string()) return fail(key + " is not a string");
            (key == "name" ? e.name : key == "dir" ? e.directory : program) = value.get<std::string>();
        } else if (key == "protocol") {
            auto protocol = value.is_string() ? protocol_of(value.get<std::string>()) : std::nullopt;
            if (!protocol) return fail("protocol is not \"hub\", \"hub1\" or \"dxp\"");
            e.protocol = *protocol;
        } else if (key == "host") {
            if (!value.is_string()) return fail("host is not a string");
            e.host = value.get<std::string>();
        } else if (key == "port") {
            if (!value.is_number_integer() || value.get<int>() < 1 || value.get<int>() > 65535)
                return fail("port is not a whole number from 1 to 65535");
            e.port = value.get<int>();
        } else if (key == "args") {
            if (!value.is_array()) return fail("args is not a list");
            for (const auto& a : value) {
                if (!a.is_string()) return fail("an arg is not a string");
                e.command.push_back(a.get<std::string>());
            }
        } else if (key == "params") {
            if (!value.is_object()) return fail("params is not an object");
            for (const auto& [name, v] : value.items()) {
                if (v.is_string()) e.params.emplace_back(name, v.get<std::string>());
                else if (v.is_number() || v.is_boolean()) e.params.emplace_back(name, v.dump());
                else return fail("param " + name + " is not a string, number or boolean");
            }
        } else {
            return fail("unknown key '" + key + "' (name, cmd, args, dir, protocol, host, port, params)");
        }
    }
    // A DXP engine may be a peer already running, reached by host and port alone.
    if (e.protocol == EngineSpec::Protocol::Dxp && program.empty()) {
        if (e.name.empty()) e.name = "dxp-" + e.host + "-" + std::to_string(e.port);
        return e;
    }
    if (program.empty()) return fail("no cmd");
    e.command.insert(e.command.begin(), program);
    if (e.name.empty()) e.name = program.substr(program.rfind('/') + 1);
    return e;
}

}  // namespace

Result<std::vector<EngineSpec>> load_engines(const std::string& path) {
    std::ifstream in(path);
    if (!in) return failure<std::vector<EngineSpec>>("cannot read --engines " + path);
    Json j;
    try {
        j = Json::parse(in);
    } catch (const Json::parse_error& e) {
        return failure<std::vector<EngineSpec>>(path + ": not JSON: " + e.what());
    }
    if (!j.is_array() || j.empty()) return failure<std::vector<EngineSpec>>(path + ": not a list of engines");
    std::vector<EngineSpec> engines;
    for (std::size_t i = 0; i < j.size(); ++i) {
        auto e = engine_of(j[i], path + ": engine " + std::to_string(i + 1));
        if (!e) return failure<std::vector<EngineSpec>>(e.error());
        engines.push_back(*e);
    }
    return engines;
}

}  // namespace damier::match
