// The first Hub dialect, as Scan 2.0 (2015) and the engines of its time speak it,
// translated line by line to and from Hub 2 so that the runner drives such an
// engine exactly as it drives any other. The dialect differs in form, not in
// meaning:
//   runner (Hub 2)                      engine (Hub 1)
//   set-param name=N value=V            set N V
//   new-game                            new
//   pos pos=P moves="m1 m2"             pos p  (side in lower case) or start, then move m1, move m2
//   level move-time=S                   time MS
//   level time=T inc=I [moves=M]        level M T_MS I_MS  (M = 0: no move count)
//   level depth=D                       depth D
//   go think / go ponder / go analyze   go / ponder / analyse
//   id name=N                           name N  (author and country lines are dropped)
//   info depth=.. score=.. ...          info DEPTH MEAN-DEPTH SCORE_CENTI NODES SECONDS MNPS PV...
//   done move=M [ponder=P]              move M [P]
//   error message="..."                 error TEXT
// Hub 1 knows international draughts only and has no node limit.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.hpp"

namespace damier::match::hub1 {

// The Hub 1 lines for one Hub 2 line the runner sends (several for `pos`), or
// why the dialect cannot say it.
Result<std::vector<std::string>> to_hub1(std::string_view hub2_line);

// The Hub 2 form of one line a Hub 1 engine printed; "" for a line with no Hub 2
// meaning (author, country), and free text unchanged.
std::string from_hub1(std::string_view hub1_line);

}  // namespace damier::match::hub1
