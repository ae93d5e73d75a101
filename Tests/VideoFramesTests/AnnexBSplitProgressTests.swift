import Testing
@testable import VideoFrames

/// Splitting an Annex B stream walks it byte by byte past everything that is not a start code:
/// a stream that begins with payload, a zero byte before a start code, or holds no start code at
/// all is split to its end (each split runs under the pipeline tests' 60 s watchdog, so a walk
/// that stops advancing fails instead of hanging the suite).
@Suite("Annex B split: every byte that is no start code is stepped over")
struct AnnexBSplitProgressTests {
    @Test("payload first, a 4-byte start code, no start code at all: split to the end, units as written",
          arguments: [([0x40, 0x01, 0, 0, 1, 0x42, 0x01], [[0x42, 0x01]]), ([0, 0, 0, 1, 0x40, 0x01, 0xAA], [[0x40, 0x01, 0xAA]]),
                      ([0x26, 0x01, 0xAF, 0x80], []), ([0, 0, 0, 0, 0], [])] as [([UInt8], [[UInt8]])])
    func splitReachesTheEnd(_ stream: [UInt8], _ units: [[UInt8]]) {
        let split = TwoStagePipelineTests.finishes { HEVCNALUnits.splitAnnexB(stream).map(Array.init) }
        #expect(split == units, "\(stream)")
    }
}
