import Testing
@testable import VideoFrames

@Suite("HEVCNALUnits")
struct HEVCNALUnitsTests {
    /// 3- and 4-byte start codes, zero bytes before a start code and at the end are not payload.
    @Test func annexBSplitsOnStartCodes() {
        let stream: [UInt8] = [0, 0, 0, 1, 0x40, 1, 0xAA, 0, 0, 1, 0x42, 1, 0, 0, 3, 0xBB, 0, 0, 0, 0, 1, 0x44, 1, 0x80, 0, 0]
        let units = HEVCNALUnits.splitAnnexB(stream).map(Array.init)
        #expect(units == [[0x40, 1, 0xAA], [0x42, 1, 0, 0, 3, 0xBB], [0x44, 1, 0x80]])
        #expect(units.map { HEVCNALUnits.type($0[...]) } == [32, 33, 34])
        #expect(HEVCNALUnits.lengthPrefixed(HEVCNALUnits.splitAnnexB(stream)) ==
                [0, 0, 0, 3, 0x40, 1, 0xAA, 0, 0, 0, 6, 0x42, 1, 0, 0, 3, 0xBB, 0, 0, 0, 3, 0x44, 1, 0x80])
    }

    /// Only 00 00 01 starts a unit: 00 xx 01 and xx 00 01 inside a unit are payload.
    @Test func nearStartCodesArePayload() {
        let stream: [UInt8] = [0, 0, 1, 0x40, 1, 0, 5, 1, 7, 0, 1, 0, 0, 1, 0x42, 1, 9]
        #expect(HEVCNALUnits.splitAnnexB(stream).map(Array.init) == [[0x40, 1, 0, 5, 1, 7, 0, 1], [0x42, 1, 9]])
    }

    /// Emulation prevention bytes (00 00 03) are removed from the RBSP, other 03s kept.
    @Test func rbspDropsEmulationPreventionBytes() {
        #expect(HEVCNALUnits.rbsp([0x42, 1, 0, 0, 3, 1, 3, 0, 0, 3, 0, 3]) == [0, 0, 1, 3, 0, 0, 0, 3])
    }

    /// ue(v): 1 → 0, 010 → 1, 011 → 2, 00100 → 3; past the end is an error.
    @Test func expGolombReadsAndStopsAtTheEnd() throws {
        var r = RBSPBitReader([0b1010_0110, 0b0100_0000])
        #expect(try r.unsignedExpGolomb() == 0)
        #expect(try r.unsignedExpGolomb() == 1)
        #expect(try r.unsignedExpGolomb() == 2)
        #expect(try r.unsignedExpGolomb() == 3)
        #expect(throws: (any Error).self) { try r.bits(8) }
    }
}
