import Testing
@testable import ISOBMFF

/// Two records read back are equal when their version and (for version 3) both entry counts
/// are; the counts are compared one by one (a tuple has no `==` of its own).
struct LivePhotoInfoRecordEqualityTests {
    /// A version 3 record with `first` and `second` zeroed entries.
    static func record(first: UInt32, second: UInt32) -> [UInt8] {
        func le(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        return le(3) + [UInt8](repeating: 0, count: 40) + le(first) + [UInt8](repeating: 0, count: 32 * Int(first))
            + le(second) + [UInt8](repeating: 0, count: 16 + 32 * Int(second) + 68)
    }

    @Test func equalOnlyWhenVersionAndBothCountsAre() throws {
        let shapes: [(UInt32, UInt32)] = [(0, 0), (1, 0), (0, 1), (2, 1)]
        let records = try shapes.map { try LivePhotoInfoRecord(Self.record(first: $0.0, second: $0.1), path: "s") }
        #expect(records[0] == (try LivePhotoInfoRecord(LivePhotoInfoRecord.neutral(), path: "s")))
        for (i, a) in records.enumerated() {
            #expect(a.entryCounts?.first == shapes[i].0 && a.entryCounts?.second == shapes[i].1)
            for (j, b) in records.enumerated() { #expect((a == b) == (i == j), "\(shapes[i]) vs \(shapes[j])") }
        }
        // Another version is kept without counts: equal to the same version only.
        let v2 = try LivePhotoInfoRecord([2, 0, 0, 0, 9], path: "s"), v4 = try LivePhotoInfoRecord([4, 0, 0, 0], path: "s")
        #expect(v2 == (try LivePhotoInfoRecord([2, 0, 0, 0], path: "s")) && v2 != v4 && v2 != records[0])
    }
}
