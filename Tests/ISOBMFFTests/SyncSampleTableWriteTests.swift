import Testing
import BinaryIO
@testable import ISOBMFF

/// `stss` as written (ISO/IEC 14496-12 8.6.2): version 0 and flags 0, the entry count, then
/// each sync sample's 1-based number, all big-endian 32-bit.
@Suite("stss: the bytes written")
struct SyncSampleTableWriteTests {
    @Test("sync samples 0 and 2: version/flags 0, count 2, numbers 1 and 3")
    func payloadBytes() throws {
        let atom = try #require(SyncSampleTable(syncSamples: [0, 2]).atom())
        #expect(atom.type == "stss")
        #expect(atom.payload == [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3])
    }

    @Test("no sync sample at all: version/flags 0 and a count of 0")
    func emptyList() throws {
        #expect(try #require(SyncSampleTable(syncSamples: []).atom()).payload == [0, 0, 0, 0, 0, 0, 0, 0])
    }
}
