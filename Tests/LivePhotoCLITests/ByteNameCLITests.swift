import Foundation
import Testing
import BinaryIO

/// Names that are not valid UTF-8 (Latin-1 `\xe9`, a lone `\xff`, a name holding a scalar of
/// path text's reserved block) given on the command line and found in folders: `pair`, `scan`,
/// `verify`, `convert` and `make` work on the exact bytes, write nothing else, and print the
/// names with `\xNN` escapes (JSON stays valid).
@Suite("livephoto with names that are not valid UTF-8")
struct ByteNameCLITests {
    static let latin1: [UInt8] = Array("caf".utf8) + [0xE9]
    static let loneFF: [UInt8] = Array("a".utf8) + [0xFF]
    static let reserved: [UInt8] = Array("r".utf8) + [0xF4, 0x8F, 0xBD, 0x81]   // U+10FF41 in UTF-8
    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// A shell word that expands to exactly `bytes` (each byte as an octal printf escape).
    static func word(_ bytes: [UInt8]) -> String {
        "\"$(printf '" + bytes.map { "\\" + String($0, radix: 8) }.joined() + "')\""
    }

    /// Runs livephoto through the shell, the only way to pass arguments Foundation cannot hold.
    static func livephoto(_ arguments: [[UInt8]]) throws -> CLITests.Run {
        try CLITests.run("/bin/sh", ["-c", "'\(CLITests.binary)' " + arguments.map(word).joined(separator: " ")])
    }

    /// Copies a fixture to `folder/name` through the raw bytes.
    static func place(_ fixture: String, _ folder: [UInt8], _ name: [UInt8]) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture))
        let path = folder + bytes("/") + name + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_EXCL | O_WRONLY, 0o644) } }
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == data.count)
    }

    /// The names in a folder, as bytes.
    static func names(_ folder: [UInt8]) -> Set<[UInt8]> {
        Set((FileSystemCalls.directoryEntries(PathText.string(fromPathBytes: folder)) ?? []).map(PathText.bytes(of:)))
    }

    /// The content identifier exiftool reads from a still (Apple MakerNote) or a movie (Keys).
    static func exiftoolIdentifier(_ path: [UInt8]) throws -> String? {
        let r = try CLITests.run("/bin/sh", ["-c", "exiftool -s3 -MediaGroupUUID -ContentIdentifier " + word(path)])
        return r.out.split(separator: "\n").first.map(String.init)
    }

    /// Runs `body` in a new scratch folder (its URL and its path's bytes), removed afterwards.
    static func inScratch(_ body: (URL, [UInt8]) throws -> Void) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir, bytes(dir.path))
    }

    static var hasExiftool: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") }

    @Test("pair STILL MOVIE and verify under Latin-1, \\xff and reserved-block names: exact names, escaped output, nothing else written")
    func pairFiles() throws {
        try Self.inScratch { dir, d in
            try Self.place(CLITests.fixture("still-no-exif.jpg"), d, Self.latin1 + Self.bytes(".jpg"))
            try Self.place(CLITests.fixture("movie-moov-last.mov"), d, Self.latin1 + Self.bytes(".mov"))
            try Self.place(CLITests.fixture("still-exif-icc-xmp.jpg"), d, Self.loneFF + Self.bytes(".jpg"))
            try Self.place(CLITests.fixture("movie-mp4.mp4"), d, Self.loneFF + Self.bytes(".mp4"))
            try Self.place(CLITests.fixture("still-no-exif.jpg"), d, Self.reserved + Self.bytes(".jpg"))
            try Self.place(CLITests.fixture("movie-moov-first.mov"), d, Self.reserved + Self.bytes(".mov"))
            let before = Self.names(d)

            let text = try Self.livephoto([Self.bytes("pair"), d + Self.bytes("/") + Self.latin1 + Self.bytes(".jpg"), d + Self.bytes("/") + Self.latin1 + Self.bytes(".mov")])
            #expect(text.status == 0, "\(text.err)")
            #expect(text.out.hasPrefix("paired \(dir.path)/caf\\xe9.jpg + \(dir.path)/caf\\xe9.mov\n"))

            // An MP4 becomes a new `<stem>.MOV` whose name keeps the stem's bytes; JSON stays valid.
            let json = try Self.livephoto([Self.bytes("pair"), Self.bytes("--json"), d + Self.bytes("/") + Self.loneFF + Self.bytes(".jpg"), d + Self.bytes("/") + Self.loneFF + Self.bytes(".mp4")])
            #expect(json.status == 0, "\(json.err)")
            let doc = try #require(try CLITests.json(json.out) as? [String: Any])
            #expect(doc["still"] as? String == "\(dir.path)/a\\xff.jpg")
            #expect(doc["movieOutput"] as? String == "\(dir.path)/a\\xff.MOV")

            let reserved = try Self.livephoto([Self.bytes("pair"), d + Self.bytes("/") + Self.reserved + Self.bytes(".jpg"), d + Self.bytes("/") + Self.reserved + Self.bytes(".mov")])
            #expect(reserved.status == 0, "\(reserved.err)")
            #expect(reserved.out.contains("\(dir.path)/r\\xf4\\x8f\\xbd\\x81.jpg"))

            #expect(Self.names(d) == before.union([Self.loneFF + Self.bytes(".MOV")]))

            // -o DIR: a folder whose name is not valid UTF-8 gets the outputs under the inputs' names.
            let out = d + Self.bytes("/o") + [0xFE]
            #expect((out + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } } == 0)
            try Self.place(CLITests.fixture("still-no-exif.jpg"), d, Self.bytes("j") + [0xFF, 0x2E, 0x6A, 0x70, 0x67])
            try Self.place(CLITests.fixture("movie-moov-last.mov"), d, Self.bytes("j") + [0xFF, 0x2E, 0x6D, 0x6F, 0x76])
            let toDir = try Self.livephoto([Self.bytes("pair"), Self.bytes("-o"), out, d + Self.bytes("/j") + [0xFF, 0x2E, 0x6A, 0x70, 0x67], d + Self.bytes("/j") + [0xFF, 0x2E, 0x6D, 0x6F, 0x76]])
            #expect(toDir.status == 0, "\(toDir.err)")
            #expect(toDir.out.contains("wrote: \(dir.path)/o\\xfe/j\\xff.jpg"))
            #expect(Self.names(out) == [Self.bytes("j") + [0xFF, 0x2E, 0x6A, 0x70, 0x67], Self.bytes("j") + [0xFF, 0x2E, 0x6D, 0x6F, 0x76]])
            #expect(try Self.livephoto([Self.bytes("verify"), out]).status == 0)
            for (stem, movie) in [(Self.latin1, ".mov"), (Self.loneFF, ".MOV"), (Self.reserved, ".mov")] {
                let still = d + Self.bytes("/") + stem + Self.bytes(".jpg"), mov = d + Self.bytes("/") + stem + Self.bytes(movie)
                let verify = try Self.livephoto([Self.bytes("verify"), still, mov])
                #expect(verify.status == 0, "\(verify.out) \(verify.err)")
                if Self.hasExiftool {
                    let stillID = try Self.exiftoolIdentifier(still), movieID = try Self.exiftoolIdentifier(mov)
                    #expect(stillID != nil && stillID == movieID, "exiftool reads one identifier from both files")
                }
            }
        }
    }

    @Test("pair DIR, scan DIR and verify DIR walk folders whose names and files' names are not valid UTF-8, and count every file")
    func folders() throws {
        try Self.inScratch { dir, d in
            let sub = d + Self.bytes("/d") + [0xFE]
            #expect((sub + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } } == 0)
            try Self.place(CLITests.fixture("still-no-exif.jpg"), d, Self.latin1 + Self.bytes(".jpg"))
            try Self.place(CLITests.fixture("movie-moov-last.mov"), d, Self.latin1 + Self.bytes(".mov"))
            try Self.place(CLITests.fixture("still-no-exif.jpg"), sub, Self.reserved + Self.bytes(".jpg"))
            try Self.place(CLITests.fixture("movie-moov-first.mov"), sub, Self.reserved + Self.bytes(".mov"))
            let before = Self.names(d), beforeSub = Self.names(sub)

            let scan = try Self.livephoto([Self.bytes("scan"), Self.bytes("--json"), d])
            #expect(scan.status == 0, "\(scan.err)")
            let stills = try scan.out.split(separator: "\n").compactMap { (try CLITests.json(String($0)) as? [String: Any])?["still"] as? String }
            #expect(Set(stills) == ["\(dir.path)/caf\\xe9.jpg", "\(dir.path)/d\\xfe/r\\xf4\\x8f\\xbd\\x81.jpg"])

            let pair = try Self.livephoto([Self.bytes("pair"), d])
            #expect(pair.status == 0, "\(pair.err)")
            #expect(pair.err.contains("2 paired") && pair.err.contains("0 unreadable files"))
            #expect(pair.out.contains("paired \(dir.path)/d\\xfe/r\\xf4\\x8f\\xbd\\x81.jpg + "))

            let verify = try Self.livephoto([Self.bytes("verify"), d])
            #expect(verify.status == 0, "\(verify.out) \(verify.err)")
            #expect(verify.err.contains("2 pairs: 2 valid"))
            #expect(Self.names(d) == before && Self.names(sub) == beforeSub, "no file appears or disappears")
        }
    }

    @Test("make MOVIE and convert MOTION derive their outputs' names from the input's bytes")
    func makeAndConvert() throws {
        try Self.inScratch { dir, d in
            try Self.place(CLITests.fixture("movie-moov-last.mov"), d, Self.latin1 + Self.bytes(".mov"))
            let make = try Self.livephoto([Self.bytes("make"), d + Self.bytes("/") + Self.latin1 + Self.bytes(".mov")])
            #expect(make.status == 0, "\(make.err)")
            #expect(make.out.contains("\(dir.path)/caf\\xe9.JPG"))
            #expect(Self.names(d) == [Self.latin1 + Self.bytes(".mov"), Self.latin1 + Self.bytes(".JPG")])
            #expect(try Self.livephoto([Self.bytes("verify"), d + Self.bytes("/") + Self.latin1 + Self.bytes(".JPG"), d + Self.bytes("/") + Self.latin1 + Self.bytes(".mov")]).status == 0)

            // The Motion Photo half needs the generator's python3: without it, a warning (a
            // failure under CI=true) says what was not checked.
            guard Support.reader("python3") != nil else { return }
            let motion = dir.appendingPathComponent("motion")
            try FileManager.default.createDirectory(at: motion, withIntermediateDirectories: true)
            try ConvertCLITests.motionPhotos(in: motion)
            let m = Self.bytes(motion.path)
            let input = m + Self.bytes("/") + Self.loneFF + Self.bytes(".MP.jpg")
            let source = motion.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path
            #expect((input + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { Glibc.rename(source, $0.baseAddress!) } } == 0)
            let before = Self.names(m)
            let convert = try Self.livephoto([Self.bytes("convert"), input])
            #expect(convert.status == 0, "\(convert.err)")
            #expect(convert.out.contains("\(motion.path)/a\\xff.jpg + \(motion.path)/a\\xff.MOV"))
            #expect(Self.names(m) == before.union([Self.loneFF + Self.bytes(".jpg"), Self.loneFF + Self.bytes(".MOV")]))
            #expect(try Self.livephoto([Self.bytes("verify"), m + Self.bytes("/") + Self.loneFF + Self.bytes(".jpg"), m + Self.bytes("/") + Self.loneFF + Self.bytes(".MOV")]).status == 0)
        }
    }
}
