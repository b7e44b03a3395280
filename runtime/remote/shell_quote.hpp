#pragma once
// Words for a POSIX shell on another host: every string that reaches a remote shell goes
// through here, so that spaces, quotes, `$`, `;` and the like stay data.
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::remote {

/// `text` as one word of a POSIX shell: as it is when it holds only characters no shell treats
/// specially (letters, digits and `_-./=:@%+,`), otherwise in single quotes, each `'` written as `'\''`.
std::string shell_quote(std::string_view text);

/// `words` quoted one by one and joined with spaces: a command line that a POSIX shell splits back
/// into exactly `words`.
std::string shell_words(const std::vector<std::string>& words);

}  // namespace hwbench::runtime::remote
