// The DXP codec: each message type written and read back, the layouts the peers
// send byte for byte, and malformed messages refused with a reason.
#include <gtest/gtest.h>

#include "protocol/dxp_message.hpp"

namespace damier::dxp {
namespace {

Message round_trip(const Message& message) {
    auto decoded = decode(encode(message));
    EXPECT_TRUE(decoded) << decoded.error();
    return decoded ? decoded.value() : Message{Chat{}};
}

TEST(DxpMessage, GameRequestOfTheInitialPositionHasTheFixedLayout) {
    GameRequest r;
    r.initiator = "Damier";
    r.follower_colour = 'Z';
    r.minutes = 5;
    r.moves = 75;
    const std::string text = encode(r);
    EXPECT_EQ(text, "R01Damier                          Z005075A");
    const auto back = std::get<GameRequest>(round_trip(r));
    EXPECT_EQ(back.initiator, "Damier");
    EXPECT_EQ(back.follower_colour, 'Z');
    EXPECT_EQ(back.minutes, 5);
    EXPECT_EQ(back.moves, 75);
    EXPECT_TRUE(back.initial_position);
}

TEST(DxpMessage, GameRequestWithAPositionCarriesColourAndSquares) {
    auto r = request_position("B" + std::string(19, 'b') + std::string(12, 'e') + std::string(19, 'w'));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->to_move, 'Z');
    EXPECT_EQ(r->squares, std::string(19, 'z') + std::string(12, 'e') + std::string(19, 'w'));
    const auto back = std::get<GameRequest>(round_trip(r.value()));
    EXPECT_FALSE(back.initial_position);
    EXPECT_EQ(encode(back).size(), 94u);
    EXPECT_EQ(hub_position(back), "B" + std::string(19, 'b') + std::string(12, 'e') + std::string(19, 'w'));
}

TEST(DxpMessage, MoveWithCapturesAndTheOtherTypes) {
    EXPECT_EQ(encode(Move{12, 32, 21, {27, 16}}),
              "M0012322102"
              "2716");
    const auto move = std::get<Move>(round_trip(Move{3, 46, 5, {41, 28, 17}}));
    EXPECT_EQ(move.seconds, 3);
    EXPECT_EQ(move.from, 46);
    EXPECT_EQ(move.to, 5);
    EXPECT_EQ(move.captured, (std::vector<int>{41, 28, 17}));
    EXPECT_EQ(encode(GameAccept{"Scan", 0}), "AScan                            0");
    EXPECT_EQ(std::get<GameAccept>(round_trip(GameAccept{"Moby Dam", 0})).follower, "Moby Dam");
    EXPECT_EQ(encode(GameEnd{EndReason::Draw, 1}), "E21");
    EXPECT_EQ(std::get<GameEnd>(round_trip(GameEnd{EndReason::SenderWins, 0})).reason, EndReason::SenderWins);
    EXPECT_EQ(encode(BackRequest{12, 'Z'}), "B012Z");
    EXPECT_EQ(std::get<BackRequest>(round_trip(BackRequest{12, 'Z'})).move_number, 12);
    EXPECT_EQ(encode(BackAccept{0}), "K0");
    EXPECT_EQ(std::get<Chat>(round_trip(Chat{"good luck"})).text, "good luck");
}

TEST(DxpMessage, MalformedMessagesAreRefusedWithTheirReason) {
    const std::pair<const char*, const char*> cases[] = {
        {"", "empty"},
        {"X123", "unknown DXP message type 'X'"},
        {"R01Damier", "shorter"},
        {"R01Damier                          Q005075A", "colour"},
        {"R01Damier                          Z0a5075A", "not a number"},
        {"R01Damier                          Z005075C", "neither A nor B"},
        {"R01Damier                          Z005075BW", "51 characters"},
        {"M00013228", "not numbers"},
        {"M0001322801", "length does not match"},
        {"M000100280100", "outside 1 to 50"},
        {"M0001325100", "outside 1 to 50"},
        {"E4", "not a reason"},
        {"E40", "reason above 3"},
        {"B12W", "move number"},
        {"K", "one digit"},
        {"AScan 0", "32 name characters"},
        {"C\x01", "control"},
    };
    for (const auto& [text, reason] : cases) {
        auto decoded = decode(text);
        ASSERT_FALSE(decoded) << text;
        EXPECT_NE(decoded.error().find(reason), std::string::npos) << text << ": " << decoded.error();
    }
    EXPECT_FALSE(decode(std::string(MaxMessageLength + 1, 'C')));
}

}  // namespace
}  // namespace damier::dxp
