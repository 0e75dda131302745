// `damier egdb`: builds the endgame databases of a draughts rule set into a
// folder, one line per ending, and optionally checks each table against the
// values of its successors.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "engine/core/text.hpp"
#include "engine/draughts/variant_list.hpp"
#include "engine/egdb/builder.hpp"
#include "protocol/command_line.hpp"

namespace damier::cli {

namespace {

template <draughts::RuleSet R>
int build_egdb(const std::string& dir, int pieces, int threads, bool verify) {
    egdb::Database<R> db;
    egdb::Builder<R> builder(db, dir, threads);
    std::uint64_t positions = 0, bytes = 0;
    const auto start = std::chrono::steady_clock::now();
    const std::string error = builder.build(pieces, [&](const egdb::EndingReport& r) {
        positions += r.positions;
        bytes += r.bytes;
        std::printf("ending=%s positions=%llu wins=%llu draws=%llu losses=%llu seconds=%.2f bytes=%llu "
                    "checksum=%016llx%s\n",
                    r.signature.label().c_str(), static_cast<unsigned long long>(r.positions),
                    static_cast<unsigned long long>(r.wins), static_cast<unsigned long long>(r.draws),
                    static_cast<unsigned long long>(r.losses), r.seconds, static_cast<unsigned long long>(r.bytes),
                    static_cast<unsigned long long>(r.checksum), r.loaded ? " (read)" : "");
        std::fflush(stdout);
    });
    if (!error.empty()) {
        std::cerr << "damier egdb: " << error << '\n';
        return 1;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("total variant=%s pieces=%d positions=%llu seconds=%.2f bytes=%llu\n", egdb::rules_name<R>().c_str(),
                pieces, static_cast<unsigned long long>(positions), seconds, static_cast<unsigned long long>(bytes));
    std::fflush(stdout);  // the check that may follow takes as long as the build
    if (!verify) return 0;
    std::uint64_t bad = 0;
    for (int n = 2; n <= pieces; ++n)
        for (const auto& s : egdb::signatures(n)) bad += egdb::inconsistencies(db, s, threads);
    std::printf("verify inconsistent=%llu\n", static_cast<unsigned long long>(bad));
    return bad == 0 ? 0 : 1;
}

}  // namespace

int run_egdb(const std::vector<std::string>& argv) {
    auto fail = [](const std::string& message) {
        std::cerr << "damier egdb: " << message << '\n';
        return 2;
    };
    auto args = parse_arguments(argv, {"verify"}, {"variant", "pieces", "out", "threads"});
    if (!args) return fail(args.error());
    auto pieces = args->integer("pieces", 2, egdb::MaxPieces, 0);
    if (!pieces) return fail(pieces.error());
    if (*pieces == 0) return fail("--pieces N is required (2 or more)");
    auto threads = args->integer("threads", 1, 256, 1);
    if (!threads) return fail(threads.error());
    const auto dir = args->value("out");
    if (!dir) return fail("--out DIR is required");
    auto nocapture = args->boolean_setting("nocapture", false);
    if (!nocapture) return fail(nocapture.error());
    for (const auto& [name, value] : args->settings)
        if (name != "nocapture") return fail("unknown draughts option " + damier::quoted(name));
    std::error_code ec;
    std::filesystem::create_directories(*dir, ec);
    if (ec) return fail("cannot create " + *dir + ": " + ec.message());
    int status = 0;
    auto error = draughts::with_variant(args->value("variant").value_or("international"), *nocapture, [&]<class R>() {
        status = build_egdb<R>(*dir, static_cast<int>(*pieces), static_cast<int>(*threads), args->has_flag("verify"));
    });
    if (!error.empty()) return fail(error);
    return status;
}

}  // namespace damier::cli
