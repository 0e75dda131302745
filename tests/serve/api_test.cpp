// damier-serve's API without a socket: requests checked (400 with a message,
// never a crash), the limits (429), the static files (no path outside the web
// folder), records, geometry and the match feed.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "tools/serve/api.hpp"
#include "tools/serve/geometry.hpp"
#include "tools/serve/static_files.hpp"
#include "tools/serve/watch.hpp"

namespace damier::serve {
namespace {

using nlohmann::json;

// Every seat a person: no engine process is started.
const std::string TwoPeople = R"({"variant": "international", "seats": ["person", "person"]})";

json body_of(const Reply& reply) { return json::parse(reply.body); }

std::string created_id(Api& api, const std::string& request) {
    Reply reply = api.handle("POST", "/api/games", request);
    EXPECT_EQ(reply.status, 201) << reply.body;
    return reply.status == 201 ? body_of(reply)["id"].get<std::string>() : "";
}

TEST(ServeApi, RulesListEveryRuleSetWithItsOptions) {
    Api api({});
    Reply reply = api.handle("GET", "/api/rules", "");
    ASSERT_EQ(reply.status, 200);
    json rules = body_of(reply);
    EXPECT_EQ(rules["rule_sets"].size(), rule_sets().size());
    bool anti_blocking = false;
    for (const auto& set : rules["rule_sets"])
        if (set["name"] == "chinese")
            for (const auto& option : set["options"])
                anti_blocking |= option["name"] == "anti-blocking" && option["default"] == "true";
    EXPECT_TRUE(anti_blocking);
}

TEST(ServeApi, RefusesBadNewGamesWithAMessage) {
    Api api({});
    for (const std::string& bad :
         {std::string("not json"), std::string(R"([1, 2])"), std::string(R"({"variant": "chess"})"),
          std::string(R"({"variant": 7})"), std::string(R"({"variant": "chinese", "options": {"players": 9}})"),
          std::string(R"({"variant": "international", "options": {"players": 3}})"),
          std::string(R"({"variant": "international", "seats": ["person"]})"),
          std::string(R"({"variant": "international", "seats": ["person", "robot"]})"),
          std::string(R"({"time_per_move": 45})"), std::string(R"({"engine": {"depth": 99}})"),
          std::string(R"({"engine": {"depth": 2, "nodes": 10}})"), std::string(R"({"show_moves": "yes"})"),
          std::string(R"({"position": "W:W99:B1"})")}) {
        Reply reply = api.handle("POST", "/api/games", bad);
        EXPECT_EQ(reply.status, 400) << bad;
        auto body = json::parse(reply.body, nullptr, false);
        ASSERT_TRUE(body.is_object()) << bad;
        EXPECT_FALSE(body.value("error", "").empty()) << bad;
    }
    EXPECT_EQ(body_of(api.handle("GET", "/api/games", ""))["games"].size(), 0u);
}

TEST(ServeApi, PlaysRefereedMovesTakesBackAndSetsPositions) {
    Api api({});
    const std::string id = created_id(api, TwoPeople);
    const std::string game = "/api/games/" + id;
    Reply illegal = api.handle("POST", game + "/move", R"({"move": "32-23"})");
    EXPECT_EQ(illegal.status, 400);
    EXPECT_NE(body_of(illegal)["error"].get<std::string>(), "");
    EXPECT_EQ(api.handle("POST", game + "/move", R"({"move": 3227})").status, 400);
    EXPECT_EQ(api.handle("POST", game + "/move", R"({})").status, 400);
    Reply played = api.handle("POST", game + "/move", R"({"move": "32-28"})");
    ASSERT_EQ(played.status, 200) << played.body;
    EXPECT_EQ(body_of(played)["moves"].size(), 1u);
    EXPECT_EQ(body_of(played)["to_move"], 1);
    EXPECT_EQ(api.handle("POST", game + "/undo", "").status, 200);
    EXPECT_EQ(body_of(api.handle("GET", game, ""))["moves"].size(), 0u);
    EXPECT_EQ(api.handle("POST", game + "/undo", "").status, 400);  // nothing to take back
    // A bad position changes nothing; a good one (FEN) starts over from it.
    api.handle("POST", game + "/move", R"({"move": "32-28"})");
    EXPECT_EQ(api.handle("POST", game + "/position", R"({"position": "W:W99"})").status, 400);
    EXPECT_EQ(body_of(api.handle("GET", game, ""))["moves"].size(), 1u);
    Reply set = api.handle("POST", game + "/position", R"({"position": "B:W28:B23,13"})");
    ASSERT_EQ(set.status, 200) << set.body;
    EXPECT_EQ(body_of(set)["to_move"], 1);
    // The capture is compulsory: black's man on 23 takes 28.
    ASSERT_EQ(body_of(set)["legal"].size(), 1u);
    EXPECT_EQ(body_of(set)["legal"][0]["captured"], json({28}));
    EXPECT_EQ(api.handle("POST", game + "/fly", "").status, 404);
    EXPECT_EQ(api.handle("PUT", game + "/move", "").status, 405);
    EXPECT_EQ(api.handle("GET", "/api/games/999", "").status, 404);
    EXPECT_EQ(api.handle("DELETE", game, "").status, 200);
    EXPECT_EQ(api.handle("GET", game, "").status, 404);
}

TEST(ServeApi, RecordsAreExportedAsPdnAndAsAChineseCheckersRecord) {
    Api api({});
    const std::string game = "/api/games/" + created_id(api, TwoPeople);
    api.handle("POST", game + "/move", R"({"move": "32-28"})");
    api.handle("POST", game + "/move", R"({"move": "19-23"})");
    Reply pdn = api.handle("GET", game + "/record", "");
    EXPECT_EQ(pdn.content_type.rfind("text/plain", 0), 0u);
    EXPECT_NE(pdn.body.find("[GameType \"20"), std::string::npos) << pdn.body;
    EXPECT_NE(pdn.body.find("1. 32-28 19-23"), std::string::npos) << pdn.body;
    const std::string halma = "/api/games/" + created_id(api, R"({"variant": "chinese", "options": {"players": 3},
        "seats": ["person", "person", "person"]})");
    auto state = body_of(api.handle("GET", halma, ""));
    EXPECT_EQ(state["seats"].size(), 3u);
    const std::string move = state["legal"][0]["hub"];
    ASSERT_EQ(api.handle("POST", halma + "/move", json{{"move", move}}.dump()).status, 200);
    Reply record = api.handle("GET", halma + "/record", "");
    EXPECT_NE(record.body.find("[Players \"3\"]"), std::string::npos) << record.body;
    EXPECT_NE(record.body.find("1. " + move), std::string::npos) << record.body;
}

TEST(ServeApi, ARematchStartsOverWithTheNextSeatFirstUnlessTold) {
    Api api({});
    const std::string id = created_id(api, R"({"variant": "chinese", "options": {"players": 3},
        "seats": ["person", "person", "person"]})");
    const std::string game = "/api/games/" + id;
    const std::string move = body_of(api.handle("GET", game, ""))["legal"][0]["hub"];
    api.handle("POST", game + "/move", json{{"move", move}}.dump());
    json again = body_of(api.handle("POST", game + "/rematch", ""));
    EXPECT_EQ(again["moves"].size(), 0u);
    // Every seat moved on by one: the last player now sits first and starts.
    EXPECT_EQ(again["seats"][0]["name"], "Player 3");
    EXPECT_EQ(again["seats"][1]["name"], "Player 1");
    const std::string fixed =
        "/api/games/" + created_id(api, R"({"seats": ["person", "person"], "rotate_starter": false})");
    EXPECT_EQ(body_of(api.handle("POST", fixed + "/rematch", ""))["seats"][0]["name"], "Player 1");
}

TEST(ServeApi, LimitsTheGamesAndTheEngineProcesses) {
    ApiConfig config;
    config.max_games = 3;
    config.max_engines = 1;
    config.engine_command = {DAMIER_BINARY};
    Api api(config);
    created_id(api, R"({"variant": "russian", "seats": ["engine", "person"], "engine": {"depth": 1}})");
    // A second game with an engine finds no engine process free.
    Reply busy = api.handle("POST", "/api/games", R"({"seats": ["person", "engine"]})");
    EXPECT_EQ(busy.status, 429) << busy.body;
    created_id(api, TwoPeople);
    created_id(api, TwoPeople);
    EXPECT_EQ(api.handle("POST", "/api/games", TwoPeople).status, 429);
    EXPECT_EQ(api.handle("POST", "/api/games", std::string(70000, ' ')).status, 413);
}

TEST(ServeApi, AnEngineThatCannotStartAdjournsTheGameWithAMessage) {
    ApiConfig config;
    config.engine_command = {"/bin/sh", "-c", "exit 3"};
    Api api(config);
    const std::string game = "/api/games/" + created_id(api, R"({"seats": ["engine", "person"]})");
    json state;
    for (int i = 0; i < 100; ++i) {
        state = body_of(api.handle("GET", game, ""));
        if (state["adjourned"] == true) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_EQ(state["adjourned"], true);
    EXPECT_NE(state["message"].get<std::string>().find("handshake"), std::string::npos) << state["message"];
    EXPECT_EQ(api.engines_running(), 1);  // the game keeps its engine slot until it is deleted
    api.handle("DELETE", game, "");
    EXPECT_EQ(api.engines_running(), 0);
}

TEST(ServeStatic, ServesOnlyTheFilesOfTheWebFolder) {
    StaticFiles files;
    ASSERT_EQ(files.load(std::string(DAMIER_SOURCE_DIR) + "/tools/serve/web"), "");
    auto index = files.find("/");
    ASSERT_TRUE(index);
    EXPECT_EQ(index->content_type, "text/html; charset=utf-8");
    EXPECT_TRUE(files.find("/app.js"));
    for (const std::string path : {"/../CMakeLists.txt", "/..", "/web/app.js", "//etc/passwd", "/%2e%2e/README.md",
                                   "/nothing.html", "", "app.js", "/../../etc/passwd"})
        EXPECT_FALSE(files.find(path)) << path;
    StaticFiles missing;
    EXPECT_NE(missing.load(std::string(DAMIER_SOURCE_DIR) + "/no-such-folder"), "");
}

TEST(ServeGeometry, DrawsEverySquareAndCellOnce) {
    for (const RuleSetInfo& info : rule_sets()) {
        json g = board_geometry(info.name);
        const json& places = g["kind"] == "grid" ? g["squares"] : g["cells"];
        std::set<int> numbers;
        for (const auto& p : places) numbers.insert(p[0].get<int>());
        const std::size_t expected =
            info.family == Family::ChineseCheckers ? 121 : info.board_size * info.board_size / 2;
        EXPECT_EQ(numbers.size(), expected) << info.name;
        EXPECT_EQ(*numbers.begin(), 1) << info.name;
        EXPECT_EQ(*numbers.rbegin(), static_cast<int>(expected)) << info.name;
    }
    EXPECT_TRUE(board_geometry("chess").is_null());
}

TEST(ServeWatch, ReplaysAMatchFeedLine) {
    json line = {{"game", 1},
                 {"variant", "international"},
                 {"options", json::object()},
                 {"seats", {"a", "b"}},
                 {"pos", "pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\""},
                 {"plies", 2},
                 {"over", false}};
    json shown = replay_live_line(line);
    EXPECT_FALSE(shown.contains("error")) << shown.dump();
    EXPECT_EQ(shown["moves"], json({"32-28", "19-23"}));
    line["pos"] = "pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-23\"";
    EXPECT_TRUE(replay_live_line(line).contains("error"));
}

}  // namespace
}  // namespace damier::serve
