import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Descriptors 0–2 as a started-without-them process (`livephoto … >&-`, some daemons and
/// cron set-ups) finds them. A missing one would be the number the next `open` returns: the
/// first file livephoto opens, perhaps a movie being edited, would become "standard output"
/// and a buffered line flushed mid-run (a folder run's report, a batch response) would be
/// written into it. So each missing one is filled with /dev/null before anything is opened.
enum StandardDescriptors {
    static func fillMissing() {
        for fd in STDIN_FILENO...STDERR_FILENO where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // `open` takes the lowest free number: this one, as the lower ones are open (or
            // were just filled). Without /dev/null (a bare chroot) the gap stays, as before.
            _ = open("/dev/null", O_RDWR)
        }
    }
}
