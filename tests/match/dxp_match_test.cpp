// damier-match with a DXP entrant: `damier dxp --listen` started by the runner,
// which is its DXP peer, plays Damier over Hub; every move is refereed and
// recorded, and a peer that cannot be reached is refused before the games.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "protocol/dxp_socket.hpp"
#include "tests/match/test_files.hpp"
#include "tools/match/tournament.hpp"

namespace {

namespace m = damier::match;

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}
using m::test::file_text;
using m::test::temp_file;

// A port nobody listens on now (the kernel picked it free; the listener is closed).
int free_port() {
    auto listener = damier::dxp::Listener::open("127.0.0.1", 0);
    return listener ? listener->port() : 0;
}

m::MatchSettings damier_against_dxp(int port) {
    m::MatchSettings s;
    m::EngineSpec dxp{"dxp",
                      {DAMIER_BINARY, "dxp", "--listen", "--host", "127.0.0.1", "--port", std::to_string(port),
                       "--depth", "2", "--idle", "30"},
                      "",
                      {}};
    dxp.protocol = m::EngineSpec::Protocol::Dxp;
    dxp.port = port;
    s.engines = {{"damier", {DAMIER_BINARY}, "", {}}, dxp};
    s.time = *m::TimeControl::parse("depth=2");
    s.max_plies = 40;
    s.rounds = 1;
    return s;
}

TEST(DxpMatch, WholeGamesAgainstADxpEngineAreRefereedAndRecorded) {
    auto s = damier_against_dxp(free_port());
    s.log_path = temp_file("protocol.log");
    s.journal_path = temp_file("journal");
    s.pdn_path = temp_file("games.pdn");
    std::ostringstream out;
    ASSERT_EQ(m::run_tournament(s, out, out), 0) << out.str();
    const std::string journal = file_text(s.journal_path);
    EXPECT_EQ(std::count(journal.begin(), journal.end(), '\n'), 3) << journal;  // the run line and two games
    for (const char* fault : {"illegal", "exited", "time", "protocol", "answered", "DXP"})
        EXPECT_EQ(journal.find(fault), std::string::npos) << fault << " in " << journal;
    const std::string pdn = file_text(s.pdn_path);
    EXPECT_EQ(occurrences(pdn, "[Event "), 2u) << pdn;
    EXPECT_NE(pdn.find("[White \"dxp\"]"), std::string::npos) << pdn;
    EXPECT_NE(pdn.find("[Black \"dxp\"]"), std::string::npos) << pdn;
    // The log shows the DXP messages: game requests for either colour (black
    // joins after white's first move, so from that position), the accepts, moves
    // both ways and the game ends.
    const std::string log = file_text(s.log_path);
    for (const char* line :
         {" dxp < DXP R01damier-match ", "W001000A\n", "Z001000BZ", " dxp > DXP ADamier ", " dxp < DXP M0000",
          " dxp > DXP M00", " dxp < DXP E00", " dxp > DXP E0", " dxp > done move="})
        EXPECT_NE(log.find(line), std::string::npos) << line << " not in\n" << log;
}

TEST(DxpMatch, APeerNobodyAnswersIsRefusedBeforeTheGames) {
    auto s = damier_against_dxp(free_port());
    s.engines[1].command.clear();  // a peer said to be running already, but it is not
    std::ostringstream out;
    EXPECT_EQ(m::run_tournament(s, out, out), 2);
    EXPECT_NE(out.str().find("dxp: cannot connect to 127.0.0.1 port"), std::string::npos) << out.str();
}

}  // namespace
