import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// livephoto started without standard descriptors (`>&-`, some daemons and cron set-ups):
/// they are filled with /dev/null, so no file livephoto opens takes their numbers and no
/// printed line can land in a file being edited.
@Suite("livephoto started with closed standard descriptors")
struct StandardDescriptorsCLITests {
    /// Where descriptor `fd` of process `pid` points, once it points at /dev/null or at
    /// the deadline (the loader briefly opens libraries on a free number before main).
    static func target(pid: Int32, fd: Int, within seconds: Double = 20) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        var last: String?
        repeat {
            last = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
            if last == "/dev/null" { return last }
            usleep(10_000)
        } while Date() < deadline
        return last
    }

    @Test("batch with stdout and stderr closed: both are /dev/null, and a pair it runs is written intact")
    func closedOutputs() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" batch >&- 2>&-", CLITests.binary]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        let pid = process.processIdentifier
        #expect(Self.target(pid: pid, fd: 1) == "/dev/null")
        #expect(Self.target(pid: pid, fd: 2) == "/dev/null")
        let request = try JSONSerialization.data(withJSONObject: ["id": 1, "args": ["pair", still, movie]])
        input.fileHandleForWriting.write(request + Data("\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let verify = try CLITests.livephoto("verify", still, movie)
        #expect(verify.status == 0, "\(verify.out)")
        for file in [still, movie] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data("\"id\"".utf8)) == nil, "a response line was written into \(file)")
        }
    }

    @Test("pair with stdin closed: stdin is /dev/null, not the first file it locks; the pair is written once the lock is free")
    func closedInput() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir)
        // Another run holding the movie: pair opens (and locks) the still, then waits here.
        let held = open(movie, O_RDONLY)
        try #require(held >= 0)
        try #require(flock(held, LOCK_EX) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" pair --wait 60 \"$1\" \"$2\" <&-", CLITests.binary, still, movie]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(Self.target(pid: process.processIdentifier, fd: 0) == "/dev/null")
        close(held)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try CLITests.livephoto("verify", still, movie).status == 0)
    }
}
