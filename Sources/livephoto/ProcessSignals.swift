import CSignals
import Foundation
import LivePhotoKit

/// The process's signal dispositions and allocator setting. SIGXFSZ is ignored for every
/// command: a write past `ulimit -f` then fails with EFBIG and is rolled back like a full disk (exit 4) instead of
/// killing the process mid-edit. SIGINT and SIGTERM are caught only by `pair`, which polls
/// them at safe points; every other command keeps the default (stop at once: it writes nothing).
enum ProcessSignals {
    static func ignoreFileSizeLimitSignal() { livephoto_ignore_file_size_signal() }

    /// One malloc arena a core (at least two): threads beyond that share one, so a folder
    /// command's readers do not each keep an arena of freed memory (see the C function).
    static func limitMallocArenas() {
        livephoto_limit_malloc_arenas(Int32(max(2, ProcessInfo.processInfo.activeProcessorCount)))
    }

    /// Catches SIGINT/SIGTERM and returns the stop request that reports them.
    static func catchStopSignals() -> StopRequest {
        livephoto_catch_stop_signals()
        return StopRequest(poll: { livephoto_caught_stop_signal() })
    }
}
