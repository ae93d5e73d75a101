#ifndef CSIGNALS_H
#define CSIGNALS_H

/// Catches SIGINT and SIGTERM: the first one caught is remembered (async-signal-safe flag)
/// and the process goes on, so a batch can finish or roll back what it is doing.
void livephoto_catch_stop_signals(void);

/// The signal caught by the handler above, or 0.
int livephoto_caught_stop_signal(void);

/// Ignores SIGXFSZ, so a write past RLIMIT_FSIZE fails with EFBIG (handled like a full
/// disk) instead of killing the process mid-edit.
void livephoto_ignore_file_size_signal(void);

/// Caps glibc's malloc arenas at `count` (its default is eight a core). Every reader thread
/// would otherwise get an arena of its own, each keeping its freed memory: on a scan of many
/// small files that is a quarter of the process's peak memory, for no measurable speed.
void livephoto_limit_malloc_arenas(int count);

#endif
