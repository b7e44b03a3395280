#pragma once
// One OpenSSH client session: `ssh [HWBENCH_SSH's words] -T -o BatchMode=yes -- DEST COMMAND`
// started as a child process with its three standard streams on pipes. What the remote command
// prints on stdout is collected; what it prints on stderr is handed on line by line as it comes.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace hwbench::runtime::remote {

/// The ssh client's words: HWBENCH_SSH's value split at blanks (no shell quoting) when it is
/// set and not blank, otherwise {"ssh"}.
std::vector<std::string> ssh_client_words(const char* hwbench_ssh);

/// The argument vector that runs `remote_command` (one line for the remote login shell, its
/// words already quoted) on `destination`: the client's words, `-T` (never a terminal, whatever
/// RequestTTY a configuration sets: the bundle and the answer are bytes, not lines for a tty),
/// `-o BatchMode=yes` (never a password prompt), `--`, the destination, the command. Host-key
/// checking is left to the user's configuration.
std::vector<std::string> ssh_argv(const std::vector<std::string>& client, const std::string& destination,
                                  const std::string& remote_command);

/// What a session is given.
struct SessionInput {
  std::string input;  ///< written to the session's stdin
  /// false: stdin is closed once `input` is written. true: it stays open until the session ends
  /// or `interrupted` is set; its end of file is the remote side's sign that we are gone.
  bool keep_open = false;
  const std::atomic<bool>* interrupted = nullptr;               ///< when set, stdin is closed; null for never
  std::function<void(const std::string& line)> on_stderr_line;  ///< each stderr line, without its newline
  /// When not 0, sent to the child's process group once `interrupted` is set (salloc waiting for
  /// its nodes gives its request up on SIGINT).
  int interrupt_signal = 0;
  /// Called once, from the session's loop, when `interrupted` is set (a step's scancel --signal).
  std::function<void()> on_interrupt;
  /// How long a client may outlive the interruption (its remote side's teardown and answer)
  /// before it is sent SIGTERM, and SIGKILL 5 s later.
  double interrupt_grace_seconds = 10;
};

/// How a session ended.
struct SessionEnd {
  int exit_code = -1;       ///< the client's exit status (255: ssh's own failure), -1 when a signal ended it
  std::string out;          ///< everything the remote command printed on stdout
  std::string start_error;  ///< not "" when the client could not be started at all
};

/// Runs `argv` (argv[0] found on PATH) in a process group of its own, so that a Ctrl-C at the
/// terminal reaches hwbench alone, which then ends the remote run in order by closing stdin.
/// The session ends half a second after the client exits, whatever a descendant of it keeps
/// open, or, after an interruption, once the client is ended past its grace.
/// SIGPIPE must be ignored by the caller (a session that ends early leaves `input` unread).
SessionEnd run_session(const std::vector<std::string>& argv, const SessionInput& io);

}  // namespace hwbench::runtime::remote
