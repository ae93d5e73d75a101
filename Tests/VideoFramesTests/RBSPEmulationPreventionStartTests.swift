import Testing
@testable import VideoFrames

/// An emulation prevention byte is the 03 after two zero bytes of the payload (H.265 7.4.2):
/// counting zeros starts at nothing when the payload starts, and starts again after every
/// non-zero byte, so a 03 after one zero only (at the payload's start, or after a non-zero
/// byte) is payload and is kept.
@Suite("RBSP: a 03 after a single zero is payload")
struct RBSPEmulationPreventionStartTests {
    @Test("00 03 at the payload's start and after a non-zero byte: both 03s kept")
    func singleZeroThenThreeIsKept() {
        #expect(HEVCNALUnits.rbsp([0x42, 0x01, 0, 3, 5, 0, 3]) == [0, 3, 5, 0, 3])
    }

    @Test("the same bytes after 00 00: only the 03 that follows two zeros is dropped")
    func onlyTheThirdByteAfterTwoZerosIsDropped() {
        #expect(HEVCNALUnits.rbsp([0x42, 0x01, 0, 0, 3, 0, 3, 5, 0, 3]) == [0, 0, 0, 3, 5, 0, 3])
    }
}
