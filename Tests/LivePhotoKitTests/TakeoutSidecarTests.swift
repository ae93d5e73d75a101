import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

@Suite("Takeout sidecars: every name Takeout writes, read leniently, never trusted blindly")
struct TakeoutSidecarTests {
    /// Stems from 1 to 70 characters (names past Takeout's 51-character cut), some with
    /// non-ASCII letters and characters outside the BMP.
    static let stem = Gen.int(in: 0...Int.max).array(of: 1...70).map { numbers in
        String(numbers.map { n -> Character in
            let pool: [Character] = Array("IMG_0123456789abcdefXYZ-. ") + ["é", "ß", "😀", "ñ"]
            return pool[n % pool.count]
        }).trimmingCharacters(in: .whitespaces)
    }
    static let extensions = ["JPG", "jpg", "HEIC", "jpeg", "MP.jpg"]

    /// The sidecar name Takeout writes for `original` (+ a collision's "(n)"): `form` 0 plain
    /// `.json`, 1 `.supplemental-metadata.json`, 2 `supplemental-metadata` cut short; the
    /// whole name then cut to 51 characters with `.json` kept.
    static func takeoutName(original: String, collision: String, form: Int, shortSuffix: Int) -> String {
        let suffix = [".json", ".supplemental-metadata.json", "." + "supplemental-metadata".prefix(shortSuffix) + ".json"][form]
        let base = String(suffix.dropLast(5))
        let room = 51 - 5 - collision.count
        let full = original + base
        return (full.count > room ? String(full.prefix(room)) : full) + collision + ".json"
    }

    @Test("every Takeout form of a still's sidecar name, cut at 51 characters or not, is among the still's candidates")
    func everyFormIsACandidate() async {
        await propertyCheck(count: 600, input: Self.stem, Gen.nearEnds(in: 0...4), Gen.nearEnds(in: 0...3), Gen.nearEnds(in: 0...2), Gen.nearEnds(in: 1...20)) {
            stem, ext, copy, form, shortSuffix in
            guard !stem.isEmpty else { return }
            let original = stem + "." + Self.extensions[ext]
            let collision = copy == 0 ? "" : "(\(copy))"
            let still = copy == 0 ? original : stem + collision + "." + Self.extensions[ext]
            let sidecar = Self.takeoutName(original: original, collision: collision, form: form, shortSuffix: shortSuffix)
            let names = TakeoutSidecarName.candidates(forStill: still).map(\.name)
            #expect(names.contains(sidecar), "\(still): \(sidecar) not in \(names)")
            #expect(names.allSatisfy { $0.hasSuffix(".json") })
            #expect(Set(names).count == names.count)
        }
    }

    @Test("a collision's sidecar is never the original's, and the original's never a collision's")
    func collisionsStayApart() async {
        await propertyCheck(count: 300, input: Self.stem, Gen.nearEnds(in: 1...30)) { stem, copy in
            guard !stem.isEmpty, !stem.hasSuffix(")") else { return }
            let original = stem + ".JPG", copyName = stem + "(\(copy)).JPG"
            let copyNames = Set(TakeoutSidecarName.candidates(forStill: copyName).map(\.name))
            let originalNames = Set(TakeoutSidecarName.candidates(forStill: original).map(\.name))
            #expect(!copyNames.contains(original + ".json") && !copyNames.contains(original + ".supplemental-metadata.json"))
            #expect(!originalNames.contains(where: { $0.contains("(\(copy))") }))
        }
    }

    /// A collision's suffix is 1 to 4 ASCII digits in parentheses, after some name, before an
    /// extension (the last one, or an inner one) or at the end.
    @Test("collision suffixes: (1) to (9999) split off; no digits, five digits, other characters or no name before them are no collision")
    func collisionSuffixForms() {
        let split: [(String, String, String)] = [
            ("IMG_1(1).JPG", "IMG_1.JPG", "(1)"), ("IMG_1(9999).JPG", "IMG_1.JPG", "(9999)"), ("IMG(0123).HEIC", "IMG.HEIC", "(0123)"),
            ("PXL_1(12).MP.jpg", "PXL_1.MP.jpg", "(12)"), ("notes(7)", "notes", "(7)"),
        ]
        for (name, original, collision) in split {
            #expect(TakeoutSidecarName.collisionSuffix(of: name) == (original, collision), "\(name)")
        }
        for name in ["IMG_1(12345).JPG", "IMG_1().JPG", "IMG_1(1a).JPG", "IMG_1(١).JPG", "(1).JPG", "IMG_1(1.JPG", "IMG_1.JPG"] {
            #expect(TakeoutSidecarName.collisionSuffix(of: name) == (name, ""), "\(name)")
        }
    }

    @Test("the forms seen in exports", arguments: [
        ("IMG_1234.JPG", "IMG_1234.JPG.json"),
        ("IMG_1234.JPG", "IMG_1234.JPG.supplemental-metadata.json"),
        ("IMG_1234.JPG", "IMG_1234.JPG.supplemental-metad.json"),
        ("IMG_1234.JPG", "IMG_1234.JPG.suppl.json"),
        ("IMG_1234(1).JPG", "IMG_1234.JPG(1).json"),
        ("IMG_1234(1).JPG", "IMG_1234.JPG.supplemental-metadata(1).json"),
        ("IMG_1234(1).JPG", "IMG_1234(1).JPG.json"),
        ("PXL_20230601_120000123.RAW-01.MP.COVER.jpg", "PXL_20230601_120000123.RAW-01.MP.COVER.jpg.sup.json"),
        ("Screenshot_20230601-120000_Some Longer App Name.jpg", "Screenshot_20230601-120000_Some Longer App Nam.json"),
    ])
    func seenForms(still: String, sidecar: String) {
        #expect(TakeoutSidecarName.candidates(forStill: still).map(\.name).contains(sidecar))
    }

    func write(_ text: String, _ name: String, in folder: TempDir) throws -> String {
        try folder.write(name, Array(text.utf8))
    }

    @Test("photoTakenTime.timestamp (a string, or a number) is the still's capture time, UTC; EXIF wins when it has one")
    func readsTime() throws {
        let folder = try TempDir()
        let still = try folder.write("IMG_1234.JPG", Support.bytes(Support.fixture("still-no-exif.jpg")))
        _ = try write(#"{"title":"IMG_1234.JPG","creationTime":{"timestamp":"1700000000"},"photoTakenTime":{"timestamp":"1685620800","formatted":"1 Jun 2023"}}"#,
                      "IMG_1234.JPG.supplemental-metadata.json", in: folder)
        let lookup = StillCaptureTime.read(still: still)
        #expect(lookup.found?.time == CaptureTime(wallClock: 1_685_620_800, utcOffset: 0))
        #expect(lookup.found?.source == .takeoutSidecar(folder.path("IMG_1234.JPG.supplemental-metadata.json")))
        let exif = CaptureTime(wallClock: 1_000_000_000, utcOffset: 3600)
        #expect(StillCaptureTime.lookup(still: still, exif: exif).found == StillCaptureTime(time: exif, source: .exif))
        #expect(TakeoutSidecar.seconds(1_685_620_800) == 1_685_620_800)
        #expect(TakeoutSidecar.seconds(true) == nil && TakeoutSidecar.seconds("0") == nil && TakeoutSidecar.seconds("1.5") == nil)
        #expect(TakeoutSidecar.seconds("-5") == nil && TakeoutSidecar.seconds("999999999999") == nil)
        // The bounds themselves: the first second after the epoch is a time; 10000-01-01 is not, the second before it is.
        #expect(TakeoutSidecar.seconds("1") == 1 && TakeoutSidecar.seconds(1) == 1)
        #expect(TakeoutSidecar.seconds("253402300800") == nil && TakeoutSidecar.seconds("253402300799") == 253_402_300_799)
    }

    @Test("a sidecar found under a cut name whose title names another file is not this still's")
    func cutNameTitleChecked() throws {
        let folder = try TempDir()
        let long = String(repeating: "a", count: 50)
        let still = try folder.write(long + "1.JPG", Support.bytes(Support.fixture("still-no-exif.jpg")))
        let cut = String((long + "1.JPG").prefix(46)) + ".json"
        _ = try write(#"{"title":"\#(long)2.JPG","photoTakenTime":{"timestamp":"1685620800"}}"#, cut, in: folder)
        #expect(StillCaptureTime.read(still: still).found == nil)
        _ = try write(#"{"title":"\#(long)1.JPG","photoTakenTime":{"timestamp":"1685620800"}}"#, cut, in: folder)
        #expect(StillCaptureTime.read(still: still).found?.time.absolute == 1_685_620_800)
    }

    /// Each hostile sidecar and the reason given (deep nesting made here, so a test case's name stays short).
    static let hostileSidecars: [(String, String)] = [
        ("", "not JSON"), ("{", "not JSON"), ("[1,2]", "not a JSON object"), ("\"text\"", "not a JSON object"),
        (String(repeating: "[", count: 100_000), "not JSON"), (String(repeating: "{\"a\":", count: 50_000), "not JSON"),
        ("\u{FF}\u{FE}{}", "not JSON"), ("{\"photoTakenTime\":{\"timestamp\":\"16856208", "not JSON"),
    ]

    @Test("hostile sidecars are passed over with a note, never a crash", arguments: 0..<8)
    func hostile(index: Int) throws {
        let (text, reason) = Self.hostileSidecars[index]
        let folder = try TempDir()
        let still = try folder.write("IMG_1.JPG", Support.bytes(Support.fixture("still-no-exif.jpg")))
        _ = try write(text, "IMG_1.JPG.json", in: folder)
        let lookup = StillCaptureTime.read(still: still)
        #expect(lookup.found == nil)
        #expect(lookup.notes == ["Takeout sidecar IMG_1.JPG.json passed over: \(reason)"])
    }

    @Test("a sidecar over 1 MiB is refused unread, one of exactly 1 MiB read; a folder or an odd time is no capture time")
    func bounds() throws {
        let folder = try TempDir()
        let still = try folder.write("IMG_2.JPG", Support.bytes(Support.fixture("still-no-exif.jpg")))
        let big = #"{"photoTakenTime":{"timestamp":"1685620800"},"pad":""# + String(repeating: " ", count: 1 << 20) + #""}"#
        _ = try write(big, "IMG_2.JPG.json", in: folder)
        let lookup = StillCaptureTime.read(still: still)
        #expect(lookup.found == nil && lookup.notes.count == 1 && lookup.notes[0].contains("more than a Takeout sidecar's 1048576"))
        // Exactly 1 MiB is still a sidecar, read for its time.
        let head = #"{"photoTakenTime":{"timestamp":"1685620800"},"pad":""#, tail = #""}"#
        let exact = head + String(repeating: " ", count: (1 << 20) - head.utf8.count - tail.utf8.count) + tail
        _ = try write(exact, "IMG_2.JPG.json", in: folder)
        #expect(StillCaptureTime.read(still: still).found != nil)
        try FileManager.default.removeItem(atPath: folder.path("IMG_2.JPG.json"))
        try FileManager.default.createDirectory(atPath: folder.path("IMG_2.JPG.json"), withIntermediateDirectories: false)
        _ = try write(#"{"photoTakenTime":{"timestamp":{"x":1}}}"#, "IMG_2.JPG.supplemental-metadata.json", in: folder)
        let odd = StillCaptureTime.read(still: still)
        #expect(odd.found == nil && odd.notes.count == 1)
    }
}
