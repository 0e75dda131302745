#include "protocol/hub_session.hpp"

#include <unistd.h>

#include <new>

#include "engine/core/text.hpp"
#include "engine/draughts/variant_list.hpp"

namespace damier::hub {

std::string check_memory(std::size_t mebibytes) {
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return {};
    const auto physical = static_cast<std::size_t>(pages) / (std::size_t{1} << 20) * static_cast<std::size_t>(page_size);
    if (mebibytes <= physical / 4 * 3) return {};
    return "hash " + std::to_string(mebibytes) + " MiB is more than 3/4 of this machine's " + std::to_string(physical) +
           " MiB";
}

std::string SharedTable::ensure(std::size_t wanted) {
    if (wanted == mebibytes) return {};
    if (auto error = check_memory(wanted); !error.empty()) return error;
    try {
        table.resize(wanted);
    } catch (const std::bad_alloc&) {
        return "cannot allocate " + std::to_string(wanted) + " MiB for the hash table";
    }
    mebibytes = wanted;
    return {};
}

std::string play_moves(const Line& line, const std::function<std::string(std::string_view)>& play) {
    const std::string moves = line.value("moves").value_or("");
    int number = 0;
    for (auto word : split(moves, " \t")) {
        if (word.empty()) continue;
        ++number;
        if (auto refused = play(word); !refused.empty())
            return "move " + std::to_string(number) + " of moves: " + refused + "; the " + std::to_string(number - 1) +
                   " moves before it are played";
    }
    return {};
}

Result<std::unique_ptr<Session>> make_session(const Options& options, SharedTable& table, std::string& warning) {
    const std::string& variant = options.text("variant");
    if (!draughts::is_draughts_variant(variant)) return make_halma_session(options, table, warning);
    bool optional_capture = options.flag("nocapture");
    std::string error;
    auto session = make_draughts_session(variant, optional_capture, table, error);
    if (!session && optional_capture) {
        // nocapture is an 8x8 house rule: keep the value for when an 8x8 rule set is chosen.
        warning = "nocapture applies to 8x8 rule sets only; " + variant + " is played with its own capture rule";
        session = make_draughts_session(variant, false, table, error);
    }
    if (!session) return failure<std::unique_ptr<Session>>(error);
    return session;
}

}  // namespace damier::hub
