import Foundation
import Testing
@testable import LivePhotoKit
#if canImport(Glibc)
import Glibc
#endif

/// `ProgressReporter.forTerminal` draws a bar only where someone watches it: stderr a terminal
/// (a pseudo-terminal here), and never when stderr is a pipe or a file. Each case runs in a
/// process of its own, whose stderr it replaces.
@Suite("progress bar: made for a terminal on stderr, not for a pipe")
struct ProgressReporterTerminalTests {
    @Test("stderr a pseudo-terminal: a reporter; quiet: none", .enabled(if: FileManager.default.fileExists(atPath: "/dev/ptmx")))
    func terminal() async {
        await #expect(processExitsWith: .success) {
            // A new pseudo-terminal: its master from /dev/ptmx, unlocked; its slave /dev/pts/N.
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            // TIOCSPTLCK and TIOCGPTN (Linux's generic ioctl numbers; Glibc does not export them).
            let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430
            var unlock: Int32 = 0, number: UInt32 = 0
            guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else { exit(2) }
            let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard slave >= 0, dup2(slave, STDERR_FILENO) == STDERR_FILENO else { exit(3) }
            let made = ProgressReporter.forTerminal(label: "scan", quiet: false) != nil
            let quiet = ProgressReporter.forTerminal(label: "scan", quiet: true) == nil
            exit(made && quiet ? 0 : 1)
        }
    }

    @Test("stderr a pipe: no reporter")
    func pipe() async {
        await #expect(processExitsWith: .success) {
            var fds: [Int32] = [0, 0]
            guard Glibc.pipe(&fds) == 0, dup2(fds[1], STDERR_FILENO) == STDERR_FILENO else { exit(3) }
            exit(ProgressReporter.forTerminal(label: "scan", quiet: false) == nil ? 0 : 1)
        }
    }
}
