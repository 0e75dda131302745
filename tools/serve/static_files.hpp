// The web board's files: only the files present in the static folder when the
// server starts, by exact name, are served; any other path is refused, so no
// request reaches outside the folder (no "..", no links followed, no listing).
#pragma once

#include <map>
#include <optional>
#include <string>

namespace damier::serve {

struct StaticFile {
    std::string content_type;
    std::string body;
};

class StaticFiles {
public:
    // Reads the regular files directly in `folder` (not below it); "" or the error.
    std::string load(const std::string& folder);
    // The file for a request path ("/" is index.html); none for anything else.
    std::optional<StaticFile> find(const std::string& path) const;

private:
    std::map<std::string, StaticFile> files_;
};

}  // namespace damier::serve
