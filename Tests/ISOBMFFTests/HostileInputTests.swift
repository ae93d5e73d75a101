import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// Damaged and hostile movies: every one must end in a typed `ParseError` naming where
/// (path and offset), never a crash, a hang or a huge allocation.
@Suite("Hostile input")
struct HostileInputTests {
    /// A fixture's bytes with the parsed moov tree, for locating fields to damage.
    struct Subject {
        let bytes: [UInt8]
        let file: MovieFile

        init(_ name: String) throws {
            let path = Support.fixture(name)
            bytes = try Support.bytes(path)
            file = try MovieFile.open(path: path)
        }

        /// The first atom of `type` in moov, depth first.
        func atom(_ type: FourCC) throws -> Atom {
            try #require(Support.allAtoms(file.movie.moov).first { $0.atom.type == type }?.atom)
        }

        /// Absolute offset of the first payload byte of the first `type` atom.
        func payloadOffset(_ type: FourCC) throws -> Int {
            let a = try atom(type)
            return Int(try #require(a.originalOffset)) + Support.headerLength(a)
        }
    }

    /// Common checks on an error from a damaged file: it names a box (a path), or, for a
    /// finding about the file's top-level layout (no moov, a cut-off top-level box), it has no
    /// box path but points at a top-level box start. `maximumOffset` bounds the offset.
    static func checkLocated(_ error: ParseError, maximumOffset: Int, topLevelStarts: Set<UInt64>, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error.offset <= UInt64(maximumOffset), "offset \(error.offset) past \(maximumOffset): \(error)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        if error.path.isEmpty {
            #expect(error.offset == 0 || topLevelStarts.contains(error.offset), "no path and not at a top-level box: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Opens `bytes` and, when it parses, touches everything a caller would (sample tables,
    /// times, metadata, serialization); every failure must be a ParseError.
    static func openAndExercise(_ path: String) throws -> MovieFile {
        let file = try MovieFile.open(path: path)
        let movie = file.movie
        _ = movie.contentIdentifier
        for track in movie.tracks {
            _ = track.sampleTable.compositionTimes()
            _ = track.sampleTable.mediaDuration
            _ = track.framePresentationTimes(movieTimescale: movie.header.timescale)
            _ = track.presentedSpan(movieTimescale: movie.header.timescale)
            _ = track.header.rotationDegrees
            let timing = FrameTiming(track: track, movieTimescale: movie.header.timescale)
            if timing.frameCount > 0 {
                for i in [0, timing.frameCount / 2, timing.frameCount - 1] { _ = timing.frame(containingMovieTick: timing.startTick(ofFrame: i)) }
                _ = timing.frame(containingTime: Int64.max, timescale: 1)
                _ = timing.frame(containingTime: Int64.min, timescale: Int64.max)
            }
            _ = (timing.endTick, timing.middleFrame)
            do {
                let ranges = try track.sampleTable.sampleRanges(path: track.path)
                if let first = ranges.first, first.size <= 1 << 20 { _ = try file.sampleBytes(track: track, index: 0) }
            } catch is ParseError {}
            if track.isStillImageTime {
                do { _ = try StillImageTimeTrack.read(track, in: file) } catch is ParseError {}
            }
        }
        _ = movie.moov.serialized()
        return file
    }

    // MARK: truncation

    @Test("truncated at many cut points: parse or a located ParseError", arguments: Support.movieFixtures)
    func truncation(_ name: String) throws {
        let subject = try Subject(name)
        let bytes = subject.bytes
        let top = subject.file.topLevel
        var boundaries = Set<Int>()
        for b in top.boxes { boundaries.insert(Int(b.offset)); boundaries.insert(Int(b.end)) }
        for (atom, _) in Support.allAtoms(subject.file.movie.moov) {
            if let o = atom.originalOffset { boundaries.insert(Int(o)); boundaries.insert(Int(o + atom.size)) }
        }
        var cuts = Set(stride(from: 0, to: bytes.count, by: 97))
        for b in boundaries { for d in [-9, -1, 0, 1, 4, 8, 9] { cuts.insert(b + d) } }
        let valid = cuts.filter { $0 >= 0 && $0 < bytes.count }.sorted()
        #expect(valid.count > 250)

        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let moov = subject.file.moovHeader
        let topEnds = Set(top.boxes.map { Int($0.end) })
        for cut in valid {
            let path = try Support.write(Array(bytes[0..<cut]), in: dir)
            do {
                let file = try Self.openAndExercise(path)
                // Only a cut after moov can still be a movie: between whole top-level boxes, or
                // inside a box right after moov (what an interrupted tail append leaves).
                #expect(cut >= Int(moov.end), "\(name) cut at \(cut) parsed")
                #expect(topEnds.contains(cut) || file.topLevel.incompleteTailOffset != nil, "\(name) cut at \(cut) parsed")
                #expect(file.movie.tracks.count == subject.file.movie.tracks.count)
            } catch let error as ParseError {
                // A chunk offset past the cut is reported at that offset, at most the original size.
                Self.checkLocated(error, maximumOffset: bytes.count, topLevelStarts: Set(top.boxes.map(\.offset)))
                if cut > Int(moov.offset) + 8 && cut < Int(moov.end) {
                    #expect(error.path == "moov", "\(name) cut inside moov at \(cut): \(error)")
                    #expect(error.offset == moov.offset)
                }
            }
        }
    }

    @Test("moov cut short inside (with its size fixed up): strict boxes name the cut box", arguments: ["movie-moov-last.mov", "movie-audio.mov"])
    func truncatedInsideMoov(_ name: String) throws {
        let subject = try Subject(name)
        let moov = subject.file.moovHeader
        let moovBytes = Array(subject.bytes[Int(moov.offset)..<Int(moov.end)])
        var failures = 0
        for cut in stride(from: 9, to: moovBytes.count, by: 7) {
            var prefix = Array(moovBytes[0..<cut])
            Support.putU32(UInt32(cut), at: 0, in: &prefix)
            do {
                let atom = try Support.parseAtom(prefix, baseOffset: moov.offset)
                _ = try Movie(moov: atom)
                #expect(atom.serialized() == prefix)
            } catch let error as ParseError {
                failures += 1
                #expect(error.path.hasPrefix("moov"), "\(error)")
                #expect(error.offset >= moov.offset && error.offset <= moov.offset + UInt64(cut), "\(error)")
            }
        }
        #expect(failures > 100)
    }

    // MARK: box sizes

    @Test("a box size smaller than its header")
    func sizeSmallerThanHeader() throws {
        let subject = try Subject("movie-moov-last.mov")
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }

        // Top level: `wide` (offset 20) claims 4 bytes.
        var bytes = subject.bytes
        #expect(FourCC(Support.readU32(bytes, at: 24)) == "wide")
        Support.putU32(4, at: 20, in: &bytes)
        var error = Support.expectParseError("top-level size 4") { _ = try Support.open(bytes, in: dir) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.path == "wide")
        #expect(error?.offset == 20)

        // Inside moov, every small size (and a 64-bit size below 16) names the box.
        let mvhd = Int(try #require(try subject.atom("mvhd").originalOffset))
        for size: UInt32 in [0x2, 0x4, 0x7] {
            bytes = subject.bytes
            Support.putU32(size, at: mvhd, in: &bytes)
            error = Support.expectParseError("mvhd size \(size)") { _ = try Support.open(bytes, in: dir) }
            #expect(error?.kind == .invalidValue)
            #expect(error?.path == "moov/mvhd")
            #expect(error?.offset == UInt64(mvhd))
        }
        bytes = subject.bytes
        Support.putU32(1, at: mvhd, in: &bytes)
        Support.putU32(0, at: mvhd + 8, in: &bytes)
        Support.putU32(12, at: mvhd + 12, in: &bytes)
        error = Support.expectParseError("mvhd largesize 12") { _ = try Support.open(bytes, in: dir) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.path == "moov/mvhd")
    }

    @Test("a 64-bit size beyond the file or the parent")
    func largeSizeBeyondFile() throws {
        let subject = try Subject("movie-moov-last.mov")
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mdat = try #require(subject.file.topLevel.first("mdat"))
        for large: UInt64 in [1 << 40, UInt64.max, UInt64(subject.bytes.count)] {
            var bytes = subject.bytes
            Support.putU32(1, at: Int(mdat.offset), in: &bytes)
            Support.putU32(UInt32(large >> 32), at: Int(mdat.offset) + 8, in: &bytes)
            Support.putU32(UInt32(large & 0xFFFF_FFFF), at: Int(mdat.offset) + 12, in: &bytes)
            let error = Support.expectParseError("mdat largesize \(large)") { _ = try Support.open(bytes, in: dir) }
            // A top-level box longer than the file: the file was cut short.
            #expect(error?.kind == .truncated)
            #expect(error?.path == "mdat")
            #expect(error?.offset == mdat.offset)
        }
        // Inside moov: a 64-bit size on `mvhd` larger than moov.
        let mvhd = Int(try #require(try subject.atom("mvhd").originalOffset))
        for large: UInt64 in [1 << 63, UInt64.max, 2000] {
            var bytes = subject.bytes
            Support.putU32(1, at: mvhd, in: &bytes)
            Support.putU32(UInt32(large >> 32), at: mvhd + 8, in: &bytes)
            Support.putU32(UInt32(large & 0xFFFF_FFFF), at: mvhd + 12, in: &bytes)
            let error = Support.expectParseError("mvhd largesize \(large)") { _ = try Support.open(bytes, in: dir) }
            #expect(error?.kind == .tooLarge)
            #expect(error?.path == "moov/mvhd")
            #expect(error?.offset == UInt64(mvhd))
        }
        // A file that ends inside a 64-bit header or a uuid's extended type.
        var tail = Support.ftyp()
        tail += [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0]
        var error = Support.expectParseError("cut largesize") { _ = try Support.open(tail, in: dir) }
        #expect(error?.kind == .truncated)
        #expect(error?.path == "mdat")
        tail = Support.ftyp() + [0, 0, 0, 40] + Array("uuid".utf8) + [1, 2, 3, 4]
        error = Support.expectParseError("cut uuid") { _ = try Support.open(tail, in: dir) }
        #expect(error?.kind == .truncated)
        #expect(error?.path == "uuid")
        // Fewer than 8 bytes after a moov-last file, not ours: someone's trailer, tolerated and reported.
        let tolerated = try Support.open(subject.bytes + [0, 0, 1], in: dir)
        #expect(tolerated.topLevel.incompleteTailOffset == UInt64(subject.bytes.count))
        #expect(tolerated.trailerOffset == UInt64(subject.bytes.count) && tolerated.interruptedAppend == nil)
        #expect(tolerated.movie.tracks.count == 1)
        // After the media of a moov-first file, where no chunk starts: a trailer too.
        let first = try Support.bytes(Support.fixture("movie-moov-first.mov"))
        let afterMedia = try Support.open(first + [0, 0, 1], in: dir)
        #expect(afterMedia.topLevel.incompleteTailOffset == UInt64(first.count))
        #expect(afterMedia.trailerOffset == UInt64(first.count) && afterMedia.interruptedAppend == nil)
        // But a moov-first file cut inside its media is truncated, at the cut box.
        let firstFile = try Support.open(first, in: dir)
        let firstMdat = try #require(firstFile.topLevel.first("mdat"))
        error = Support.expectParseError("cut media") { _ = try Support.open(Array(first.dropLast(3)), in: dir) }
        #expect(error?.kind == .truncated)
        #expect(error?.offset == firstMdat.offset)
    }

    @Test("size 0 on a top-level box runs to the end of the file")
    func sizeZeroTopLevel() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }

        // moov last, with size 0.
        let last = try Subject("movie-moov-last.mov")
        var bytes = last.bytes
        let moov = last.file.moovHeader
        Support.putU32(0, at: Int(moov.offset), in: &bytes)
        var file = try Support.open(bytes, in: dir)
        #expect(file.moovHeader.size == moov.size)
        #expect(file.moovHeader.end == UInt64(bytes.count))
        #expect(file.movie.tracks.count == 1)
        #expect(file.movie.videoTracks.first?.sampleTable.sampleCount == 30)
        // Written back, the box gets its real size and is otherwise the original moov.
        #expect(file.movie.moov.serialized() == Array(last.bytes[Int(moov.offset)...]))

        // mdat last (moov first), with size 0.
        let first = try Subject("movie-moov-first.mov")
        bytes = first.bytes
        let mdat = try #require(first.file.topLevel.first("mdat"))
        #expect(mdat.end == UInt64(bytes.count))
        Support.putU32(0, at: Int(mdat.offset), in: &bytes)
        file = try Support.open(bytes, in: dir)
        let newMdat = try #require(file.topLevel.first("mdat"))
        #expect(newMdat.size == mdat.size)
        #expect(newMdat.headerSize == 8)
        let video = try #require(file.movie.videoTracks.first)
        let originalVideo = try #require(first.file.movie.videoTracks.first)
        let expected = try SampleBytesTests.sampleBytes(first.file, originalVideo)
        #expect(try SampleBytesTests.sampleBytes(file, video) == expected)

        // A size-0 box inside moov runs to the end of its parent.
        let inner = Support.box("moov", Support.box("free", [1, 2, 3]) + [0, 0, 0, 0] + Array("skip".utf8) + [9, 9, 9, 9, 9])
        let atom = try Support.parseAtom(inner)
        #expect(atom.children?.map(\.type) == ["free", "skip"])
        #expect(atom.children?.last?.payload == [9, 9, 9, 9, 9])
    }

    @Test("a child larger than its parent names the child")
    func childLargerThanParent() throws {
        let subject = try Subject("movie-moov-last.mov")
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(FourCC, String)] = [
            // Each is the last child of its parent, so one byte more runs past the parent.
            ("trak", "moov/trak"),
            ("mdia", "moov/trak/mdia"),
            ("stco", "moov/trak/mdia/minf/stbl/stco"),
            ("elst", "moov/trak/edts/elst"),
            ("dref", "moov/trak/mdia/minf/dinf/dref"),
        ]
        for (type, expectedPath) in cases {
            let atom = try subject.atom(type)
            let offset = Int(try #require(atom.originalOffset))
            var bytes = subject.bytes
            Support.putU32(UInt32(atom.size) + 1, at: offset, in: &bytes)
            let error = Support.expectParseError("\(type) one byte too large") { _ = try Support.open(bytes, in: dir) }
            #expect(error?.kind == .tooLarge, "\(type)")
            #expect(error?.path == expectedPath)
            #expect(error?.offset == UInt64(offset))
        }
        // In a two-track movie the path says which trak.
        let audio = try Subject("movie-audio.mov")
        let secondTrak = try #require(audio.file.movie.tracks.last?.atom)
        let mdia = try #require(secondTrak.child("mdia"))
        var bytes = audio.bytes
        Support.putU32(UInt32(mdia.size) + 100, at: Int(try #require(mdia.originalOffset)), in: &bytes)
        let error = Support.expectParseError("second mdia too large") { _ = try Support.open(bytes, in: dir) }
        #expect(error?.path == "moov/trak[2]/mdia")
    }

    // MARK: counts

    /// moov-last with a `meta` (mdta keys, one item) appended to moov: still moov-last, so no offset moves.
    static func movieWithMetadata() throws -> [UInt8] {
        let subject = try Subject("movie-moov-last.mov")
        let moov = try Support.parseAtom(Array(subject.bytes[Int(subject.file.moovHeader.offset)...]))
        var md = QuickTimeMetadata(items: [])
        md.setString("11111111-2222-3333-4444-555555555555", forKey: Movie.contentIdentifierKey)
        moov.children?.append(md.metaAtom())
        return Array(subject.bytes[0..<Int(subject.file.moovHeader.offset)]) + moov.serialized()
    }

    @Test("a huge entry count over a few bytes is refused as too large, before any table is read", arguments: [
        ("stco", 4), ("stsz", 8), ("stts", 4), ("stsc", 4), ("ctts", 4), ("elst", 4), ("keys", 4),
    ] as [(String, Int)])
    func hugeCounts(_ type: String, _ countOffset: Int) throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = type == "keys" ? try Self.movieWithMetadata() : try Support.bytes(Support.fixture("movie-moov-last.mov"))
        let file = try Support.open(original, in: dir, name: "original.mov")
        if type == "keys" { #expect(file.movie.contentIdentifier == "11111111-2222-3333-4444-555555555555") }
        let atom = try #require(Support.allAtoms(file.movie.moov).first { $0.atom.type.description == type }?.atom)
        let at = Int(try #require(atom.originalOffset)) + Support.headerLength(atom) + countOffset
        for count: UInt32 in [0xFFFF_FFFF, 0x4000_0000, 0x2000_0001] {
            var bytes = original
            Support.putU32(count, at: at, in: &bytes)
            // `tooLarge` is the count check against the bytes present, made before any table is
            // allocated or read (speed belongs in `make bench`, not in a test).
            let error = Support.expectParseError("\(type) count \(count)") { _ = try Self.openAndExercise(try Support.write(bytes, in: dir)) }
            #expect(error?.kind == .tooLarge)
            #expect(error?.path.hasSuffix(type) == true, "path \(error?.path ?? "-") should name \(type)")
            #expect(error?.offset ?? 0 >= UInt64(at - countOffset - Support.headerLength(atom)))
        }
    }

    @Test("a constant sample size with a huge sample count is refused by the file size")
    func constantSampleSizeHugeCount() throws {
        let subject = try Subject("movie-moov-last.mov")
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stsz = try subject.payloadOffset("stsz")
        let stts = try subject.payloadOffset("stts")
        let stsc = try subject.payloadOffset("stsc")
        var bytes = subject.bytes
        Support.putU32(1, at: stsz + 4, in: &bytes)               // every sample 1 byte...
        Support.putU32(0xFFFF_FFFF, at: stsz + 8, in: &bytes)     // ...and 4 billion of them,
        Support.putU32(0xFFFF_FFFF, at: stts + 8, in: &bytes)     // all timed,
        Support.putU32(0xFFFF_FFFF, at: stsc + 12, in: &bytes)    // all in one chunk.
        let error = Support.expectParseError("4 billion constant-size samples") { _ = try Self.openAndExercise(try Support.write(bytes, in: dir)) }
        #expect(error?.kind == .tooLarge)
        #expect(error?.path == "moov/trak/mdia/minf/stbl/stsz")

        // A plausible constant size that fits the file still reads.
        bytes = subject.bytes
        Support.putU32(100, at: stsz + 4, in: &bytes)
        let file = try Support.open(bytes, in: dir)
        let video = try #require(file.movie.videoTracks.first)
        let ranges = try video.sampleTable.sampleRanges()
        #expect(ranges.count == 30)
        #expect(ranges.allSatisfy { $0.size == 100 })
    }

    @Test("a constant-size table without chunk runs holds no samples: its count is refused before any range is read")
    func constantSampleSizeWithoutChunkRuns() throws {
        let subject = try Subject("movie-moov-last.mov")
        var table = try #require(subject.file.movie.videoTracks.first).sampleTable
        try #require(!table.chunkOffsets.offsets.isEmpty)
        table.constantSampleSize = 100
        table.sampleToChunk = []
        // Even one sample is more than no chunk run can hold, whatever the number of chunks.
        for count: UInt32 in [1, UInt32(table.chunkOffsets.offsets.count), 0xFFFF_FFFF] {
            table.sampleCount = count
            let error = Support.expectParseError("\(count) samples, no chunk runs") { _ = try table.sampleRanges(path: "stbl") }
            #expect(error?.message.contains("sample count \(count) exceeds what the chunks hold") == true, "\(String(describing: error))")
        }
        table.sampleCount = 0
        #expect(try table.sampleRanges().isEmpty)
    }

    @Test("huge stts deltas and counts neither trap nor hang")
    func hugeTimes() throws {
        let subject = try Subject("movie-moov-last.mov")
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stts = try subject.payloadOffset("stts")
        var bytes = subject.bytes
        #expect(Support.readU32(bytes, at: stts + 4) == 1)
        Support.putU32(0xFFFF_FFFF, at: stts + 8, in: &bytes)
        Support.putU32(0xFFFF_FFFF, at: stts + 12, in: &bytes)
        let file = try Self.openAndExercise(try Support.write(bytes, in: dir))
        let table = try #require(file.movie.videoTracks.first?.sampleTable)
        #expect(table.compositionTimes().count == 30)
        #expect(table.mediaDuration == UInt64(0xFFFF_FFFF) * UInt64(0xFFFF_FFFF))
        // Two such entries would overflow 64 bits: the sum saturates.
        let two = SampleTable.TimeToSample(count: .max, delta: .max)
        var copy = table
        copy.timeToSample = [two, two]
        #expect(copy.mediaDuration == UInt64.max)
    }

    // MARK: nesting and moov size

    @Test("nesting deeper than maximumDepth is a tooDeep error")
    func tooDeep() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var inner = Support.box("free", [0xAB])
        for _ in 0..<100 { inner = Support.box("trak", inner) }
        let moov = Support.box("moov", inner)
        let error = Support.expectParseError("100 nested traks") { _ = try Support.open(Support.ftyp() + moov, in: dir) }
        #expect(error?.kind == .tooDeep)
        let components = error?.path.split(separator: "/") ?? []
        #expect(components.first == "moov")
        #expect(components.dropFirst().allSatisfy { $0 == "trak" })
        #expect(components.count == AtomParser.maximumDepth + 1)
        #expect(error?.offset == UInt64(20 + 8 * AtomParser.maximumDepth))

        // Exactly at the bound (moov at depth 0, the leaf at maximumDepth - 1) parses.
        inner = Support.box("free", [])
        for _ in 0..<(AtomParser.maximumDepth - 2) { inner = Support.box("trak", inner) }
        var atom = try Support.parseAtom(Support.box("moov", inner))
        #expect(Support.allAtoms(atom).count == AtomParser.maximumDepth)
        Support.expectParseError("one deeper") { _ = try Support.parseAtom(Support.box("moov", Support.box("trak", inner))) }

        // Deep lenient containers (udta) fall back to leaves and keep their bytes.
        inner = Support.box("free", [1])
        for _ in 0..<100 { inner = Support.box("udta", inner) }
        let bytes = Support.box("moov", inner)
        atom = try Support.parseAtom(bytes)
        #expect(atom.serialized() == bytes)
    }

    @Test("a moov beyond maximumMoovSize is refused before it is read")
    func moovTooLarge() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let declared = MovieFile.maximumMoovSize + 8
        var head = Support.ftyp()
        head += Support.u32(UInt32(declared)) + Array("moov".utf8) + Support.box("mvhd", [UInt8](repeating: 0, count: 100))

        // In a small file: the header runs past the file.
        var error = Support.expectParseError("huge moov in a small file") { _ = try Support.open(head, in: dir) }
        #expect(error?.kind == .truncated)
        #expect(error?.path == "moov")
        #expect(error?.offset == 20)

        // In a (sparse) file that really is that long: refused by the bound, without reading it.
        let path = try Support.write(head, in: dir, name: "sparse.mov")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 20 + declared)
        try handle.close()
        error = Support.expectParseError("huge moov in a sparse file") { _ = try MovieFile.open(path: path) }
        #expect(error?.kind == .tooLarge)
        #expect(error?.path == "moov")
        #expect(error?.message.contains("MiB") == true)
    }

    @Test("too many top-level boxes, a missing file, a directory")
    func fileLevel() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var many: [UInt8] = []
        for _ in 0...TopLevelBoxes.maximumCount { many += Support.box("free", []) }
        var error = Support.expectParseError("too many boxes") { _ = try Support.open(many, in: dir) }
        #expect(error?.kind == .tooLarge)
        #expect(error?.offset == UInt64(8 * TopLevelBoxes.maximumCount))
        // Just under the bound scans (and, with no moov, is not a movie).
        let source = try FileSource(path: try Support.write(Array(many.dropLast(8)), in: dir, name: "under.mov"))
        #expect(try TopLevelBoxes.scan(source).boxes.count == TopLevelBoxes.maximumCount)

        error = Support.expectParseError("missing file") { _ = try MovieFile.open(path: dir.appendingPathComponent("nope.mov").path) }
        #expect(error?.kind == .io)
        error = Support.expectParseError("directory") { _ = try MovieFile.open(path: dir.path) }
        #expect(error?.kind == .io)
        error = Support.expectParseError("empty file") { _ = try Support.open([], in: dir) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message.contains("moov") == true)
        // A moov without mvhd.
        error = Support.expectParseError("moov without mvhd") { _ = try Support.open(Support.ftyp() + Support.box("moov", Support.box("free", [])), in: dir) }
        #expect(error?.path == "moov")
        #expect(error?.offset == 20)
    }

    // MARK: random damage

    @Test("random byte flips inside moov: parse or ParseError", arguments: ["movie-moov-last.mov", "movie-audio.mov", "corpus:avfoundation-pair/IMG.MOV", "synthetic:metadata"])
    func randomFlips(_ name: String) throws {
        let original: [UInt8]
        if name.hasPrefix("corpus:") {
            let path = try Support.requireCorpusFile(String(name.dropFirst(7)))
            original = try Support.bytes(path)
        } else if name == "synthetic:metadata" {
            original = try Self.movieWithMetadata()
        } else {
            original = try Support.bytes(Support.fixture(name))
        }
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Support.write(original, in: dir)
        let reference = try MovieFile.open(path: path)
        let moov = reference.moovHeader
        #expect(moov.end == UInt64(original.count), "moov is last, so damage can be written in place")
        let moovBytes = Array(original[Int(moov.offset)...])
        // Box starts: where sizes, versions and counts live.
        let starts = Support.allAtoms(reference.movie.moov).compactMap { $0.atom.originalOffset.map { Int($0 - moov.offset) } }

        var rng = SplitMix64(seed: 0x11FE_F0_70 ^ UInt64(name.utf8.count))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var parsed = 0, refused = 0
        // ISOBMFF_FUZZ_ITERATIONS (and ISOBMFF_FUZZ_SEED) run a longer or different campaign locally.
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["ISOBMFF_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 900
        if let seed = environment["ISOBMFF_FUZZ_SEED"].flatMap({ UInt64($0) }) { rng = SplitMix64(seed: seed ^ rng.state) }
        for _ in 0..<iterations {
            var damaged = moovBytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at: Int
                if Bool.random(using: &rng) {
                    at = min(damaged.count - 1, starts.randomElement(using: &rng)! + Int.random(in: 0..<20, using: &rng))
                } else {
                    at = Int.random(in: 0..<damaged.count, using: &rng)
                }
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: damaged[at] = 0xFF
                case 1: damaged[at] = 0
                default: damaged[at] ^= UInt8.random(in: 1...255, using: &rng)
                }
            }
            try handle.seek(toOffset: moov.offset)
            try handle.write(contentsOf: Data(damaged))
            do {
                _ = try Self.openAndExercise(path)
                parsed += 1
            } catch let error as ParseError {
                refused += 1
                // Damaged chunk offsets are reported where they point, so no bound on the offset here.
                Self.checkLocated(error, maximumOffset: Int.max, topLevelStarts: Support.topLevelStarts(Array(original[0..<Int(moov.offset)]) + damaged))
            }
        }
        #expect(parsed > 0 && refused > 0, "parsed \(parsed), refused \(refused)")
    }
}
