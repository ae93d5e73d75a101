#include <malloc.h>
#include <signal.h>
#include <string.h>
#include "CSignals.h"

static volatile sig_atomic_t caught_stop_signal = 0;

static void on_stop_signal(int signo) {
    if (caught_stop_signal == 0) caught_stop_signal = signo;
}

void livephoto_catch_stop_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    // A parent may have started us with them blocked (a test runner, a daemon): unblock them,
    // or they would stay pending and never reach the handler.
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigprocmask(SIG_UNBLOCK, &stop, NULL);
}

int livephoto_caught_stop_signal(void) { return caught_stop_signal; }

void livephoto_ignore_file_size_signal(void) { signal(SIGXFSZ, SIG_IGN); }

void livephoto_limit_malloc_arenas(int count) {
#ifdef M_ARENA_MAX
    mallopt(M_ARENA_MAX, count);
#else
    (void)count;
#endif
}
