#include "tools/serve/watch.hpp"

#include <fstream>

#include "engine/any_game.hpp"
#include "engine/core/text.hpp"
#include "protocol/hub_line.hpp"

namespace damier::serve {

namespace {

// The watch page shows this many games at most: the newest ones.
constexpr std::size_t MaxGames = 64;

}  // namespace

nlohmann::json replay_live_line(const nlohmann::json& line) {
    nlohmann::json out = line;
    auto failed = [&out](const std::string& error) {
        out["error"] = error;
        return out;
    };
    OptionValues options;
    if (line.contains("options") && line["options"].is_object())
        for (const auto& [name, value] : line["options"].items())
            options.emplace_back(name, value.is_string() ? value.get<std::string>() : value.dump());
    auto game = make_game(line.value("variant", ""), options);
    if (!game) return failed(game.error());
    auto parsed = hub::parse_line("pos " + line.value("pos", ""));
    if (!parsed) return failed(parsed.error());
    std::vector<std::pair<std::string, std::string>> fields;
    for (const char* name : {"resigned", "ply"})
        if (auto value = parsed->value(name)) fields.emplace_back(name, *value);
    if (auto start = parsed->value("pos"))
        if (auto error = (*game)->set_position_with(*start, fields); !error.empty()) return failed(error);
    nlohmann::json moves = nlohmann::json::array();
    const std::string words = parsed->value("moves").value_or("");  // split() returns views into it
    for (auto word : split(words, " ")) {
        if (word.empty()) continue;
        auto played = (*game)->play(word);
        if (!played) return failed("move " + std::string(word) + ": " + played.error());
        moves.push_back(played->record_text);
    }
    out["position"] = (*game)->position();
    out["moves"] = moves;
    return out;
}

void MatchWatch::read_new_lines() {
    std::ifstream in(path_, std::ios::binary);
    if (!in) return;
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < offset_) offset_ = 0, partial_.clear(), latest_.clear();  // a new file
    in.seekg(offset_);
    std::string chunk(static_cast<std::size_t>(size - offset_), '\0');
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    offset_ += in.gcount();
    partial_ += chunk.substr(0, static_cast<std::size_t>(in.gcount()));
    for (std::size_t end; (end = partial_.find('\n')) != std::string::npos;) {
        const std::string text = partial_.substr(0, end);
        partial_.erase(0, end + 1);
        auto line = nlohmann::json::parse(text, nullptr, false);
        if (line.is_discarded() || !line.is_object() || !line.contains("game") || !line["game"].is_number_integer())
            continue;  // not a feed line: skipped
        latest_[line["game"].get<int>()] = line;
        if (latest_.size() > MaxGames) latest_.erase(latest_.begin());
    }
}

nlohmann::json MatchWatch::games() {
    std::lock_guard lock(mutex_);
    read_new_lines();
    nlohmann::json out = nlohmann::json::array();
    for (auto it = latest_.rbegin(); it != latest_.rend(); ++it) out.push_back(replay_live_line(it->second));
    return out;
}

}  // namespace damier::serve
