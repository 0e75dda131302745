// Engines from a JSON file: every key of --engine, parameters of any JSON scalar in
// file order, and one clear error for each kind of mistake.
#include "tools/match/engines_file.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/scratch.hpp"

namespace m = damier::match;

namespace {

std::string write_file(const std::string& name, const std::string& text) {
    const std::string path = damier::test::scratch_path(name + ".json");
    std::ofstream(path) << text;
    return path;
}

TEST(EnginesFile, EveryKeyAndParametersInFileOrder) {
    const auto path = write_file("good", R"([
        {"name": "new", "args": ["hub", "--quiet"], "cmd": "/opt/damier", "dir": "/tmp",
         "params": {"threads": 2, "ponder": false, "eval-file": "int.weights", "margin": 0.5}},
        {"cmd": "/usr/bin/scan"}
    ])");
    auto engines = m::load_engines(path);
    ASSERT_TRUE(engines) << engines.error();
    ASSERT_EQ(engines->size(), 2u);
    const auto& a = (*engines)[0];
    EXPECT_EQ(a.name, "new");
    EXPECT_EQ(a.command, (std::vector<std::string>{"/opt/damier", "hub", "--quiet"}));
    EXPECT_EQ(a.directory, "/tmp");
    EXPECT_EQ(a.params, (std::vector<std::pair<std::string, std::string>>{
                            {"threads", "2"}, {"ponder", "false"}, {"eval-file", "int.weights"}, {"margin", "0.5"}}));
    EXPECT_EQ((*engines)[1].name, "scan");
    EXPECT_EQ((*engines)[1].command, std::vector<std::string>{"/usr/bin/scan"});
}

TEST(EnginesFile, MistakesAreNamed) {
    for (const auto& [text, error] : std::vector<std::pair<std::string, std::string>>{
             {"[{\"name\": \"a\"}]", "engine 1: no cmd"},
             {"[{\"cmd\": \"x\"}, {\"cmd\": \"y\", \"command\": \"z\"}]", "engine 2: unknown key 'command'"},
             {"[{\"cmd\": \"x\", \"params\": {\"a\": [1]}}]", "engine 1: param a is not a string, number or boolean"},
             {"[{\"cmd\": \"x\", \"args\": \"-v\"}]", "engine 1: args is not a list"},
             {"{\"cmd\": \"x\"}", "not a list of engines"},
             {"[]", "not a list of engines"},
             {"[{\"cmd\": \"x\",}]", "not JSON: "}}) {
        const auto path = write_file("bad", text);
        auto engines = m::load_engines(path);
        ASSERT_FALSE(engines) << text;
        EXPECT_NE(engines.error().find(path + ": " + error), std::string::npos) << engines.error();
    }
    auto missing = m::load_engines("/nonexistent/engines.json");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error(), "cannot read --engines /nonexistent/engines.json");
}

}  // namespace
