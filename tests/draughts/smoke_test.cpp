#include <gtest/gtest.h>
#include "engine/draughts/notation.hpp"
#include "engine/draughts/perft.hpp"
using namespace damier::draughts;
TEST(Smoke, InternationalStart) { EXPECT_EQ(perft<International>(Notation<International>::start(), 3), 658u); }
