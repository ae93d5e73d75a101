import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// `pair` with HEIC stills: only the identifier changes; every other item's bytes, the
/// properties and references stay; independent readers (exiftool, libheif) agree.
@Suite("pair: HEIC stills")
struct HEICPairTests {
    // Readers for the extra cross-checks: a missing one leaves a warning (a failure under CI=true).
    static var heifInfo: String? { Support.reader("heif-info") }
    static var heifConvert: String? { Support.reader("heif-convert") }
    static var exiftool: String? { Support.reader("exiftool") }
    static let heicFixture = Support.fixture("still-heic.heic")
    static let corpusHEICNames = ["iphone-heic/IMG_2927.HEIC", "iphone-heic/IMG_2929.HEIC"]
    static var corpusHEICs: [String] { corpusHEICNames.map(Support.corpusFile) }

    /// Every item's bytes by id.
    static func itemBytes(_ path: String) throws -> [UInt32: [UInt8]] {
        let file = try HEIFFile.open(path: path)
        var out: [UInt32: [UInt8]] = [:]
        // An item made of other items (construction method 2) is not read: its iloc entry is compared.
        for item in file.locations.items where item.constructionMethod != .itemOffset { out[item.itemID] = try file.bytes(of: item, maximum: Int.max) }
        return out
    }

    /// The primary image decoded by libheif as raw YUV (y4m: pixels only, no metadata).
    static func decoded(_ path: String, in dir: URL) throws -> [UInt8]? {
        guard let heifConvert else { return nil }
        let out = dir.appendingPathComponent("decoded-\(UUID().uuidString).y4m").path
        let r = try Support.run(heifConvert, [path, out])
        #expect(r.status == 0, "heif-convert \(path): \(r.err)")
        defer { try? FileManager.default.removeItem(atPath: out) }
        return try Support.bytes(out)
    }

    static func exiftoolWarnings(_ path: String) throws -> Set<String> {
        guard let exiftool else { return [] }
        let r = try Support.run(exiftool, ["-s", "-s", "-s", "-a", "-Warning", "-Validate", path])
        return Set(r.out.split(separator: "\n").map(String.init).filter { $0 != "OK" })
    }

    /// Pairs a copy of `still` (bytes `original`) with a fixture movie and checks the result
    /// against the original: identifier, other items, properties, exiftool, libheif.
    @discardableResult
    static func pairAndCheck(stillBytes original: [UInt8], name: String, outputDirectory: Bool = false, libheifReads: Bool = true) throws -> (before: String, after: String, dir: URL) {
        let dir = try Support.tempDir()
        let before = dir.appendingPathComponent("original-" + name).path
        try Data(original).write(to: URL(fileURLWithPath: before))
        let still = dir.appendingPathComponent(name).path
        try Data(original).write(to: URL(fileURLWithPath: still))
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "movie.mov")
        var options = PairOptions()
        options.identifier = .given(ContentIdentifier.random())
        var out: String? = nil
        if outputDirectory {
            out = dir.appendingPathComponent("out").path
            try FileManager.default.createDirectory(atPath: out!, withIntermediateDirectories: true)
            options.outputDirectory = out
        }
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        let after = result.stillOutput
        #expect(after == (out.map { $0 + "/" + name } ?? still))
        if outputDirectory { #expect(try Support.bytes(still) == original, "the input stays as it was") }
        // The identifier reads back, through our reader and exiftool.
        #expect(try StillReading.contentIdentifier(path: after) == result.identifier)
        #expect(try Verifier.verify(still: after, movie: result.movieOutput).valid)
        // exiftool 12.x does not read an Exif item in idat ("Can't currently extract Exif with
        // construction method 1"); there it cannot confirm the identifier.
        let written = try HEIFFile.open(path: after)
        let exifInIdat = written.exifItemID.flatMap { written.locations.item($0)?.constructionMethod } == .idatOffset
        if let exiftool, !exifInIdat {
            let r = try Support.run(exiftool, ["-s", "-s", "-s", "-MediaGroupUUID", after])
            #expect(r.out.trimmingCharacters(in: .whitespacesAndNewlines) == result.identifier)
            #expect(try exiftoolWarnings(after).subtracting(exiftoolWarnings(before)).isEmpty, "exiftool warns about \(name)")
        }
        // Every other item's bytes, the primary item, properties and references are kept.
        let old = try HEIFFile.open(path: before), new = try HEIFFile.open(path: after)
        let oldItems = try itemBytes(before), newItems = try itemBytes(after)
        let exifID = try #require(new.exifItemID)
        for (id, bytes) in oldItems where id != exifID { #expect(newItems[id] == bytes, "item \(id) of \(name)") }
        #expect(new.primaryItemID == old.primaryItemID)
        for item in old.locations.items where item.constructionMethod == .itemOffset { #expect(new.locations.item(item.itemID) == item, "item \(item.itemID) of \(name)") }
        #expect(new.meta.child("iprp")?.serialized() == old.meta.child("iprp")?.serialized())
        #expect(new.references.references.starts(with: old.references.references))
        if old.exifItemID == nil { #expect(new.references.targets(of: exifID, type: "cdsc") == [old.primaryItemID]) }
        // libheif opens the result and decodes the same pixels.
        if libheifReads {
            if let heifInfo { #expect(try Support.run(heifInfo, [after]).status == 0) }
            if let a = try decoded(before, in: dir), let b = try decoded(after, in: dir) { #expect(a == b, "decoded pixels of \(name) differ") }
        }
        return (before, after, dir)
    }

    @Test("corpus iPhone HEICs (grid of 48 tiles, XMP): new identifier, everything else kept; edited in place, only the Exif item and its iloc extent change",
          .requires(.corpusFile(corpusHEICNames[0]), .corpusFile(corpusHEICNames[1])))
    func corpusRoundTrip() throws {
        for path in Self.corpusHEICs {
            let original = try Support.bytes(path)
            let (_, after, dir) = try Self.pairAndCheck(stillBytes: original, name: URL(fileURLWithPath: path).lastPathComponent)
            defer { try? FileManager.default.removeItem(at: dir) }
            let written = try Support.bytes(after)
            let source = try HEIFFile.open(path: path)
            let exifID = try #require(source.exifItemID)
            let exifItem = try #require(source.locations.item(exifID))
            let exifRange = try #require(try source.dataRanges(of: exifItem).first)
            if written.count == original.count {
                // The new EXIF fit the old item's space: it settled there.
                let changed = original.indices.filter { original[$0] != written[$0] }
                let inIloc = changed.filter { UInt64($0) < source.metaHeader.end }
                #expect(inIloc.count <= 16, "\(inIloc.count) bytes of meta changed (only the extent length may)")
                #expect(changed.allSatisfy { UInt64($0) < source.metaHeader.end || exifRange.contains(UInt64($0)) })
            } else {
                // Appended: the old bytes stay except a few in iloc; one small mdat follows.
                let changed = zip(original, written).filter { $0 != $1 }.count
                #expect(changed > 0 && changed <= 16, "\(changed) bytes of the original changed")
                #expect(written.count > original.count && written.count - original.count < 64 * 1024)
            }
        }
    }

    @Test("corpus HEIC into -o DIR: a copy with the EXIF over the old one when it fits", .requires(.corpusFile(corpusHEICNames[0]), .corpusFile(corpusHEICNames[1])))
    func corpusOutputDirectory() throws {
        let path = Self.corpusHEICs[0]
        let (_, _, dir) = try Self.pairAndCheck(stillBytes: try Support.bytes(path), name: "IMG.HEIC", outputDirectory: true)
        try? FileManager.default.removeItem(at: dir)
    }

    @Test("synthetic layouts: iloc v0/v1/v2 with 0/4/8-byte fields, base offsets, several extents, meta after mdat, Exif in idat, no Exif item, meta with a 64-bit size",
          arguments: HEIFRelayout.variants)
    func syntheticLayouts(_ layout: HEIFRelayout) throws {
        let source = try HEIFFile.open(path: Self.heicFixture)
        let bytes = try layout.build(from: source)
        // The variant itself is a valid HEIF with the same pixels (checks the builder).
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let variant = dir.appendingPathComponent("variant.heic").path
        try Data(bytes).write(to: URL(fileURLWithPath: variant))
        if layout.libheifReads {
            if let heifInfo = Self.heifInfo { #expect(try Support.run(heifInfo, [variant]).status == 0, "\(layout)") }
            if let a = try Self.decoded(Self.heicFixture, in: dir), let b = try Self.decoded(variant, in: dir) { #expect(a == b) }
        }
        for outputDirectory in [false, true] {
            let (_, after, pairDir) = try Self.pairAndCheck(stillBytes: bytes, name: "IMG_0001.HEIC", outputDirectory: outputDirectory,
                                                              libheifReads: layout.libheifReads)
            defer { try? FileManager.default.removeItem(at: pairDir) }
            let file = try HEIFFile.open(path: after)
            // meta keeps the header form it had (a 64-bit size stays one).
            #expect(file.metaHeader.headerSize == (layout.metaLargeSize ? 16 : 8), "\(layout), -o \(outputDirectory)")
            // So do the boxes of meta an edit writes anew.
            for child in file.meta.children ?? [] where ["iloc", "iinf", "iref", "idat"].contains(child.type) {
                #expect(child.usedLargeSize == layout.largeSizeInside, "\(child.type): \(layout), -o \(outputDirectory)")
            }
            if layout.exifPadding > 0 && (outputDirectory || !layout.exifInIdat) {
                // The new EXIF fits the old item's space: the copy keeps the original's size, and
                // so does an in-place edit once it has settled (idat is never rewritten in place).
                #expect(try Support.bytes(after).count == bytes.count)
            }
            if layout.lengthSize == 0 {
                // The added item's length needs room: the length field was widened.
                #expect(file.locations.lengthSize == 4)
            }
            if layout.exifInIdat && !outputDirectory {
                // In place, the Exif moves from idat to the appended mdat; idat is not moved.
                #expect(file.locations.item(try #require(file.exifItemID))?.constructionMethod == .fileOffset)
            }
            // A rerun with the same identifier writes nothing to the still.
            let id = try #require(try StillReading.contentIdentifier(path: after))
            let movie = pairDir.appendingPathComponent(outputDirectory ? "out/movie.mov" : "movie.mov").path
            let before = try Support.bytes(after)
            var options = PairOptions()
            options.identifier = .given(id)
            let again = try PairOperation.run(still: after, movie: movie, options: options)
            #expect(again.status == .alreadyPaired)
            #expect(try Support.bytes(after) == before)
        }
    }

    @Test("an item made of the Exif item's bytes (construction method 2) would change with it: pair refuses, in place and into -o DIR, and changes nothing")
    func itemMadeOfTheExifItemIsRefused() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try HEIFRelayout(ilocVersion: 1, itemOffsetOf: .exif).build(from: HEIFFile.open(path: Self.heicFixture))
        let still = dir.appendingPathComponent("IMG_0002.HEIC").path
        try Data(bytes).write(to: URL(fileURLWithPath: still))
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_0002.MOV")
        let movieBefore = try Support.bytes(movie)
        let file = try HEIFFile.open(path: still)
        let exifID = try #require(file.exifItemID)
        let built = try #require(file.locations.items.first { $0.constructionMethod == .itemOffset })
        for outputDirectory in [nil, dir.appendingPathComponent("out").path] {
            if let outputDirectory { try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true) }
            var options = PairOptions()
            options.identifier = .given(ContentIdentifier.random())
            options.outputDirectory = outputDirectory
            #expect {
                try PairOperation.run(still: still, movie: movie, options: options)
            } throws: { error in
                "\(error)".contains("item \(built.itemID) is made of the bytes of item \(exifID), which this edit replaces")
            }
            #expect(try Support.bytes(still) == bytes && (try Support.bytes(movie)) == movieBefore)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["IMG_0002.HEIC", "IMG_0002.MOV"] + (outputDirectory == nil ? [] : ["out"]))
            if let outputDirectory { #expect(try FileManager.default.contentsOfDirectory(atPath: outputDirectory).isEmpty) }
        }
    }

    @Test("a grid made by heif-enc (thumbnail grid) round-trips", .requires(.heifEnc))
    func heifEncGrid() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("thumb.heic").path
        let r = try Support.run(Support.tool("heif-enc")!, ["-q", "30", "-t", "64", "-o", out, Support.fixture("still-exif-icc-xmp.jpg")])
        try #require(r.status == 0, "heif-enc: \(r.err)")
        let report = try Inspector.inspect(path: out)
        #expect(report.heif?.items.contains { $0.role == .thumbnail } == true)
        #expect(report.still?.makerNote == InspectReport.MakerNote.none)
        try Self.pairAndCheck(stillBytes: try Support.bytes(out), name: "thumb.heic")
    }

    /// The chroma format of the coded image (`hvcC`), as heif-enc was told to write it: what
    /// `inspect` reports as the still's subsampling and colour space.
    @Test("inspect reads a HEIC's subsampling from hvcC: 4:0:0 (a grey PNG), 4:2:0, 4:2:2, 4:4:4", .requires(.heifEnc, .ffmpeg))
    func subsamplingFromHvcC() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let heifEnc = try Support.requireTool("heif-enc"), ffmpeg = try Support.requireTool("ffmpeg")
        for (name, filter) in [("colour", "format=rgb24"), ("grey", "format=gray")] {
            let png = dir.appendingPathComponent(name + ".png").path
            try #require(try Support.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=64x48", "-vf", filter, "-frames:v", "1", png]).status == 0)
        }
        let cases = [("grey", "420", "4:0:0", "Gray"), ("colour", "420", "4:2:0", "YCbCr"), ("colour", "422", "4:2:2", "YCbCr"), ("colour", "444", "4:4:4", "YCbCr")]
        for (source, chroma, subsampling, colorSpace) in cases {
            let out = dir.appendingPathComponent("\(source)-\(chroma).heic").path
            let r = try Support.run(heifEnc, ["-q", "50", "-p", "chroma=\(chroma)", "-o", out, dir.appendingPathComponent(source + ".png").path])
            try #require(r.status == 0, "heif-enc: \(r.err)")
            let still = try #require(try Inspector.inspect(path: out).still)
            #expect(still.subsampling == subsampling && still.colorSpace == colorSpace, "\(source) \(chroma): \(still.subsampling) \(still.colorSpace)")
        }
    }

    @Test("a foreign MakerNote in a HEIC is refused, and the file is left untouched")
    func foreignMakerNoteRefused() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let heifEnc = try Support.requireTool("heif-enc")
        let still = dir.appendingPathComponent("canon.heic").path
        try #require(try Support.run(heifEnc, ["-q", "30", "-o", still, Support.fixture("still-foreign-makernote.jpg")]).status == 0)
        let before = try Support.bytes(still)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let error = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(error?.category == .refused)
        #expect(error?.reason.contains("Canon") == true)
        #expect(try Support.bytes(still) == before)
        var options = PairOptions()
        options.replaceForeignMakerNote = true
        #expect(try PairOperation.run(still: still, movie: movie, options: options).status == .paired)
        #expect(try StillReading.contentIdentifier(path: still) != nil)
    }

    @Test("hostile HEIFs: one error naming the file, nothing written")
    func hostileLeftUntouched() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try Support.bytes(Self.heicFixture)
        let file = try HEIFFile.open(path: Self.heicFixture)
        let movieBytes = try Support.bytes(Support.fixture("movie-moov-last.mov"))
        var cases: [[UInt8]] = []
        for cut in stride(from: 0, to: good.count, by: 97) { cases.append(Array(good[..<cut])) }
        var past = good
        let iloc = try #require(file.meta.child("iloc"))
        past[Int(try #require(iloc.originalOffset)) + 8 + 4 + 2 + 2 + 2 + 2 + 2] = 0x7F  // first item's base/extent offset high byte
        cases.append(past)
        for (i, bytes) in cases.enumerated() {
            let still = dir.appendingPathComponent("bad\(i).heic").path
            try Data(bytes).write(to: URL(fileURLWithPath: still))
            let movie = dir.appendingPathComponent("bad\(i).mov").path
            try Data(movieBytes).write(to: URL(fileURLWithPath: movie))
            let error = #expect(throws: LivePhotoError.self, "case \(i)") { try PairOperation.run(still: still, movie: movie) }
            #expect(error?.path == still)
            #expect(error?.reason.contains("\n") == false)
            #expect(try Support.bytes(still) == bytes)
            #expect(try Support.bytes(movie) == movieBytes)
        }
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("inspect and scan see HEIC stills; scan pairs IMG.HEIC with IMG_HEVC.MOV by name, then by identifier")
    func inspectAndScan() throws {
        let report = try Inspector.inspect(path: Self.heicFixture)
        #expect(report.format == .heic)
        #expect(report.still?.contentIdentifier == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19")
        #expect(report.still?.width == 320 && report.still?.height == 240)
        #expect(report.heif?.primary.type == "hvc1")
        #expect(report.heif?.primary.rotation == 0 && report.heif?.primary.mirror == nil, "no irot or imir: as stored")
        #expect(report.heif?.items.map(\.role) == [.primary, .exif])
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Support.copy(Self.heicFixture, to: dir, as: "IMG_0001.heif")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_0001_HEVC.MOV")
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.findings.map(\.finding) == [.candidate])
        _ = BatchOperations.self
        let still = dir.appendingPathComponent("IMG_0001.heif").path
        let pairs = try PairOperation.run(still: still, movie: dir.appendingPathComponent("IMG_0001_HEVC.MOV").path)
        #expect(pairs.identifier == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", "the still's identifier is reused")
        #expect(try Support.bytes(still) == Support.bytes(Self.heicFixture), "a HEIC that already holds the identifier is not written")
        #expect(LibraryScanner.scan([dir.path], jobs: 1).findings.map(\.finding) == [.paired])
    }

    @Test("verify --strict on a HEIC: aspect ratio from ispe/irot, still-decodes by libheif")
    func verifyStrict() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Self.heicFixture, to: dir, as: "a.heic")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        _ = try PairOperation.run(still: still, movie: movie)
        let report = try Verifier.verify(still: still, movie: movie, strict: true)
        let decodes = try #require(report.checks.first { $0.name == .stillDecodes })
        #expect(decodes.notChecked == nil && decodes.passed, "\(decodes.detail)")
        let aspect = try #require(report.checks.first { $0.name == .aspectRatio })
        #expect(aspect.passed, "320x240 still, 320x240 video: \(aspect.detail)")
        #expect(report.valid)
    }
}

@Suite("HEIC writer: prepared, then committed or aborted")
struct HEICWriterSafetyTests {
    @Test("an in-place edit that is prepared and aborted leaves the file byte for byte; a rewrite leaves no temporary file",
          arguments: [false, true])
    func abortRestores(_ dropExif: Bool) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try HEIFFile.open(path: HEICPairTests.heicFixture)
        let bytes = try HEIFRelayout(dropExif: dropExif).build(from: source)
        let still = dir.appendingPathComponent("IMG.HEIC").path
        try Data(bytes).write(to: URL(fileURLWithPath: still))
        let prepared = try HEICIdentifierWriter.prepare(sourcePath: still, targetPath: still, identifier: ContentIdentifier.random(),
                                                        replaceForeignMakerNote: false)
        #expect(prepared.addedItem == dropExif)
        if !dropExif { #expect(try Support.bytes(still).count > bytes.count, "prepared: the new EXIF is appended, not yet referenced") }
        #expect(try StillReading.contentIdentifier(path: still) == (dropExif ? nil : "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"))
        prepared.write.abort()
        #expect(try Support.bytes(still) == bytes)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("an in-place edit interrupted after its append (never committed) is cleaned up by a rerun")
    func interruptedEditRecovers() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG.HEIC")
        let original = try Support.bytes(still)
        do {
            // Prepared (appended and fsynced), then the process "dies": neither commit nor abort.
            let prepared = try HEICIdentifierWriter.prepare(sourcePath: still, targetPath: still, identifier: ContentIdentifier.random(),
                                                            replaceForeignMakerNote: false)
            _ = prepared
        }
        let leftover = try Support.bytes(still)
        #expect(leftover.count > original.count && Array(leftover.prefix(original.count)) == original)
        #expect(try StillReading.contentIdentifier(path: still) == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", "the leftover is invisible")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        var options = PairOptions()
        options.identifier = .fresh
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(try StillReading.contentIdentifier(path: still) == result.identifier)
        // The leftover was cut before the new edit: the file is the original plus at most one new box.
        let after = try Support.bytes(still)
        #expect(after.count <= leftover.count)
        #expect(try HEIFFile.open(path: still).topLevel.boxes.filter { $0.type == "mdat" }.count <= 2)
    }
}
