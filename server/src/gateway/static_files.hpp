// Static files of the built client (client/dist).
//
// Cache policy: files under /assets/ whose names carry a content hash (Vite's
// name-HASH.ext) never change, so they are cached for a year as immutable; everything
// else (index.html, the url list) is revalidated on each use (no-cache + ETag).
// Precompressed neighbours (file.br, file.gz) are served when the client accepts them.
// Paths are confined to the root: "..", backslashes and NUL bytes are refused.
// Pure functions over the file system; thread-safe.
#pragma once

#include <optional>
#include <string>

#include "gateway/http.hpp"

namespace croupier::gateway {

// The reply for `url_path` under `root`, or nullopt when there is no such file.
std::optional<Reply> serve_file(const Request& req, const std::string& root,
                                const std::string& url_path);

// True when the path names a file with a content hash in its name.
bool is_hashed_asset(std::string_view url_path);

std::string_view content_type_for(std::string_view path);

}  // namespace croupier::gateway
