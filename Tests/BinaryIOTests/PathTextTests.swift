import Foundation
import Testing
import PropertyBased
@testable import BinaryIO

/// Path text (`PathText`): any name's bytes survive the trip through a `String` exactly, reach
/// the kernel as those bytes, and print as valid UTF-8 with `\xNN` escapes.
@Suite("path text: names as exact bytes")
struct PathTextTests {
    /// One piece of a name from one random number: a raw byte (often not valid UTF-8), a valid
    /// scalar of 1 to 4 bytes, a scalar of the reserved block itself, or a backslash.
    static func piece(_ n: Int) -> [UInt8] {
        let value = n / 4
        switch n % 4 {
        case 0: return [UInt8(truncatingIfNeeded: value)]
        case 1:
            let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
            let range = ranges[value % ranges.count]
            let scalar = Unicode.Scalar(range.lowerBound + UInt32(value / ranges.count % Int(range.count)))!
            return Array(String(scalar).utf8)
        case 2: return Array(String(Unicode.Scalar(PathText.reservedBlock.lowerBound + UInt32(value % 256))!).utf8)
        default: return [UInt8(ascii: "\\")]
        }
    }

    static let names = Gen.int(in: 0...Int.max).array(of: 0...24).map { $0.flatMap(piece) }

    @Test("bytes → path text → bytes is the identity, for any byte string")
    func roundTrip() async {
        await propertyCheck(count: 500, input: Self.names) { bytes in await Support.failingOnThrow {
            let text = PathText.string(fromPathBytes: bytes)
            #expect(PathText.bytes(of: text) == bytes)
            PathText.withFileSystemPath(text) { c in #expect(Array(UnsafeRawBufferPointer(start: c, count: strlen(c))) == bytes.prefix { $0 != 0 }) }
            // Printed, the name is valid UTF-8 and has no reserved scalar left.
            let shown = PathText.printable(text)
            #expect(!PathText.holdsEncodedBytes(shown))
            #expect(String(validating: Array(shown.utf8), as: UTF8.self) != nil)
        } }
    }

    @Test("valid UTF-8 without reserved scalars is its own path text; everything else is escaped byte by byte")
    func encoding() {
        #expect(PathText.string(fromPathBytes: Array("été/IMG_1.JPG".utf8)) == "été/IMG_1.JPG")
        let latin1 = PathText.string(fromPathBytes: Array("caf".utf8) + [0xE9])
        #expect(latin1.unicodeScalars.map(\.value) == [0x63, 0x61, 0x66, 0x10FFE9])
        // A name that really holds U+10FF41 keeps its four bytes, each escaped.
        let reserved = PathText.string(fromPathBytes: [0xF4, 0x8F, 0xBD, 0x81])
        #expect(reserved.unicodeScalars.map(\.value) == [0x10FFF4, 0x10FF8F, 0x10FFBD, 0x10FF81])
        // An emoji (another plane-16-free 4-byte scalar) stays itself.
        #expect(PathText.string(fromPathBytes: Array("😀".utf8)) == "😀")
    }

    @Test("printed names: \\xNN for each byte, backslashes doubled only in names that show escapes")
    func printing() {
        #expect(PathText.escaped(Array("IMG_1.JPG".utf8)) == "IMG_1.JPG")
        #expect(PathText.escaped([0x61, 0xFF, 0x2E, 0x6A]) == "a\\xff.j")
        #expect(PathText.escaped([0xC3]) == "\\xc3")                 // a truncated sequence
        #expect(PathText.escaped([0xE2, 0x82, 0xAC, 0xFE]) == "€\\xfe")
        #expect(PathText.escaped([0x5C, 0xFF]) == "\\\\\\xff")
        #expect(PathText.escaped([0x5C, 0x61]) == "\\a")
        #expect(PathText.escaped([0xF4, 0x8F, 0xBD, 0x81]) == "\\xf4\\x8f\\xbd\\x81")
    }

    @Test("JSON with escaped names stays valid JSON whose values are the printable names")
    func printableJSON() async throws {
        await propertyCheck(count: 200, input: Self.names) { bytes in await Support.failingOnThrow {
            let name = PathText.string(fromPathBytes: bytes.filter { $0 != 0 })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let json = String(decoding: try encoder.encode(["still": name, "other": "a\\b\"c"]), as: UTF8.self)
            let shown = PathText.printable(json: json)
            #expect(!PathText.holdsEncodedBytes(shown))
            // JSONDecoder, not JSONSerialization: the latter drops a U+FEFF inside a string value
            // (a name that is only a byte-order mark came back empty: a flaky failure in CI).
            let doc: [String: String]? = try JSONDecoder().decode([String: String].self, from: Data(shown.utf8))
            #expect(doc?["still"] == PathText.printable(name))
            #expect(doc?["other"] == "a\\b\"c")
        } }
    }

    @Test("a name that is only a byte-order mark prints as itself inside JSON")
    func byteOrderMarkName() throws {
        let name = PathText.string(fromPathBytes: [0xEF, 0xBB, 0xBF])
        let json = String(decoding: try JSONEncoder().encode(["still": name]), as: UTF8.self)
        let doc = try JSONDecoder().decode([String: String].self, from: Data(PathText.printable(json: json).utf8))
        #expect(doc["still"]?.unicodeScalars.map(\.value) == [0xFEFF])
    }

    @Test("a file created under any name is found by readdir and opened, stat'ed, renamed and removed under it")
    func fileSystemRoundTrip() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-names-\(UUID().uuidString)").path
        #expect(FileSystemCalls.mkdir(dir, 0o700) == 0)
        defer { FileSystemCalls.removeFolder(dir) }
        await propertyCheck(count: 150, input: Self.names) { raw in await Support.failingOnThrow {
            // A name is any bytes but NUL and '/', at most 255 of them, and not "." or "..".
            let bytes = Array(([UInt8(ascii: "n")] + raw.filter { $0 != 0 && $0 != UInt8(ascii: "/") }).prefix(200))
            let created = Array(dir.utf8) + [UInt8(ascii: "/")] + bytes + [0]
            let fd = created.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { Glibc.open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) } }
            #expect(fd >= 0)
            close(fd)
            let listed = FileSystemCalls.directoryEntries(dir) ?? []
            #expect(listed.map(PathText.bytes(of:)) == [bytes])
            let path = PathComponents.appending(listed[0], to: dir)
            #expect(FileSystemCalls.exists(path))
            let moved = path + ".moved"
            #expect(FileSystemCalls.rename(path, moved) == 0)
            #expect(FileSystemCalls.directoryEntries(dir)?.map(PathText.bytes(of:)) == [bytes + Array(".moved".utf8)])
            #expect(FileSystemCalls.unlink(moved) == 0)
        } }
    }

    @Test("path components split at '/' and '.' scalars and keep every other scalar")
    func components() {
        let name = PathText.string(fromPathBytes: Array("/d".utf8) + [0xFE] + Array("/x".utf8) + [0xFF] + Array(".mp4".utf8))
        #expect(PathText.bytes(of: PathComponents.directory(of: name)) == Array("/d".utf8) + [0xFE])
        #expect(PathText.bytes(of: PathComponents.lastComponent(name)) == Array("x".utf8) + [0xFF] + Array(".mp4".utf8))
        #expect(PathComponents.pathExtension(name) == "mp4")
        #expect(PathText.bytes(of: PathComponents.deletingExtension(name)) == Array("/d".utf8) + [0xFE] + Array("/x".utf8) + [0xFF])
        #expect(PathComponents.directory(of: "a.jpg") == ".")
        #expect(PathComponents.directory(of: "/a.jpg") == "/")
        #expect(PathComponents.pathExtension(".hidden") == "")
        #expect(PathComponents.absolute("x/./y/../z.jpg", currentDirectory: "/w") == "/w/x/z.jpg")
        // A combining mark after '/' does not hide it (characters would).
        #expect(PathComponents.lastComponent("a/\u{301}b") == "\u{301}b")
    }
}
