// The Hub session of a draughts rule set: positions in the Hub string (or a
// PDN FEN), moves in Hub or PDN form, the two-player search.
#include <memory>

#include "engine/core/text.hpp"
#include "engine/draughts/diagram.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "eval/draughts/searchable.hpp"
#include "protocol/hub_session.hpp"

namespace damier::hub {

namespace {

template <draughts::RuleSet R>
class DraughtsSession final : public Session {
public:
    using N = draughts::Notation<R>;
    using Pos = draughts::Position<typename R::board>;
    using Move = draughts::Move<typename R::board>;
    using Searchable = eval::draughts::Searchable<R>;

    explicit DraughtsSession(SharedTable& table) : table_(table), game_(N::start()) {}

    void set_weights(const eval::WeightsFile* file) override {
        auto patterns = weights_.patterns;
        weights_ = eval::draughts::weights_for(R::name, file);
        weights_.patterns = patterns;
    }

    std::string set_patterns(std::shared_ptr<const eval::draughts::PatternFile> file) override {
        weights_.patterns = eval::draughts::builtin_weights(R::name).patterns;
        if (!file) return {};
        if (auto mismatch = eval::draughts::table_mismatch<typename R::board>(*file, R::name); !mismatch.empty())
            return mismatch + "; it is not used";
        weights_.patterns = std::make_shared<const eval::draughts::PatternTable>(
            eval::draughts::with_both_sides<typename R::board>(file->table));
        return {};
    }

    std::string set_position(const Line& line) override {
        Pos start = N::start();
        if (auto text = line.value("pos")) {
            auto p = N::parse_hub_position(*text);
            if (!p) return p.error() + "; the position is unchanged";
            start = *p;
        } else if (auto fen = line.value("fen")) {
            auto p = N::parse_fen(*fen);
            if (!p) return p.error() + "; the position is unchanged";
            start = *p;
        }
        draughts::Game<R> game(start);
        const std::string error = play_moves(line, [&](std::string_view word) -> std::string {
            auto m = N::parse_move(game.position(), word);
            if (!m) return m.error();
            game.play(*m);
            return {};
        });
        game_ = std::move(game);
        return error;
    }

    std::string set_egdb_path(const std::string& folder) override {
        if (folder == egdb_folder_) return {};
        egdb_folder_ = folder;
        egdb_.reset();
        if (folder.empty()) return {};
        auto db = std::make_shared<egdb::Database<R>>();
        std::string problems;
        for (const auto& line : db->load(folder)) problems += (problems.empty() ? "" : "; ") + line;
        if (db->max_pieces() >= 2) egdb_ = std::move(db);
        return problems;
    }

    std::string cannot_search() const override {
        if (draughts::MoveGen<R>::has_legal_move(game_.position())) return {};
        return std::string("the game is over: ") + (game_.position().side == draughts::Color::White ? "white" : "black") +
               " has no legal move";
    }

    std::string prepare(std::size_t hash_mib) override {
        if (auto error = table_.ensure(hash_mib); !error.empty()) return error;
        if (!engine_) engine_ = std::make_unique<search::AlphaBeta<Searchable>>(table_.table);
        return {};
    }

    SearchResult search(const SearchRequest& request, search::Control& control, const Emit& emit) override {
        const Pos root = game_.position();
        SearchResult out;
        auto result = engine_->run(Searchable(game_, weights_, egdb_), request.limits, request.threads, control, [&](const auto& r) {
            out.last = {r.depth, r.mean_depth, r.score, r.nodes, r.seconds, line_moves(root, r.pv, request.algebraic), {}};
            emit(out.last);
        });
        if (!result.has_move) return out;  // cannot_search() rules this out
        out.best = move_text(root, result.best, request.algebraic);
        if (result.has_ponder) out.ponder = move_text(root.after(result.best), result.ponder, request.algebraic);
        return out;
    }

    void forget_searches() override {
        table_.table.clear();
        if (engine_) engine_->forget_history();
    }

    std::string show() const override {
        std::string text = draughts::diagram<R>(game_.position());
        auto result = game_.result();
        if (result.outcome != draughts::Outcome::Ongoing) text += "game over: " + result.reason + "\n";
        return text;
    }

private:
    static std::string move_text(const Pos& p, const Move& m, bool algebraic) {
        if (algebraic && N::algebraic) return N::pdn_move(p, m);
        return N::hub_move(m);
    }
    static std::vector<std::string> line_moves(Pos p, const std::vector<Move>& moves, bool algebraic) {
        std::vector<std::string> texts;
        for (const auto& m : moves) {
            texts.push_back(move_text(p, m, algebraic));
            p = p.after(m);
        }
        return texts;
    }

    SharedTable& table_;
    draughts::Game<R> game_;
    eval::draughts::Weights weights_ = eval::draughts::builtin_weights(R::name);
    std::unique_ptr<search::AlphaBeta<Searchable>> engine_;
    std::string egdb_folder_;
    eval::draughts::EgdbTables<R> egdb_;
};

}  // namespace

std::unique_ptr<Session> make_draughts_session(std::string_view variant, bool optional_capture, SharedTable& table,
                                               std::string& error) {
    std::unique_ptr<Session> session;
    error = draughts::with_variant(variant, optional_capture, [&]<class R>() {
        session = std::make_unique<DraughtsSession<R>>(table);
    });
    return session;
}

}  // namespace damier::hub
