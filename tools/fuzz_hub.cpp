// libFuzzer target: the whole Hub loop on one input (any bytes, lines split at
// '\n'). Built by the `fuzz` preset (clang): `./build/fuzz/tools/damier-fuzz-hub`.
// The generated-input test in tests/protocol runs in every build; this one is
// coverage-guided and finds the lines no grammar thought of.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "protocol/hub.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string input(reinterpret_cast<const char*>(data), size);
    // Files and memory sizes are not the fuzzer's business: a log file would land
    // anywhere, and a table of gigabytes is refused only above 3/4 of the memory.
    for (const char* word : {"log-file", "hash", "threads"})
        if (input.find(word) != std::string::npos) return 0;
    std::istringstream in(input);
    std::ostringstream out;
    damier::hub::run(in, out);
    return 0;
}
