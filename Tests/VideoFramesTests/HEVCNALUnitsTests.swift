import Testing
import PropertyBased
import TestSupport
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

    /// Any units (as an encoder writes them: no 00 00 00/01/02 inside, never ending in 00),
    /// each after a 3- or 4-byte start code, with zero bytes after any of them and start codes
    /// with nothing after them between and at the end: split back into the same units,
    /// whatever their lengths (one byte included).
    @Test("any units joined by 3- and 4-byte start codes, with trailing zeros and empty start codes, split back into themselves")
    func annexBRoundTrip() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            let units: [[UInt8]] = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                var unit: [UInt8] = []
                for _ in 0..<Int.random(in: 1...12, using: &rng) {
                    // Zeros are common; a third zero in a row, or 01/02 after two, gets 03 first.
                    let byte: UInt8 = [0, 0, 1, 2, 3, 0x40, 0xFF][Int.random(in: 0...6, using: &rng)]
                    if unit.suffix(2) == [0, 0], byte <= 3 { unit.append(3) }
                    unit.append(byte)
                }
                if unit.last == 0 { unit.append(0x80) }   // the RBSP stop bit
                return unit
            }
            var stream: [UInt8] = []
            // A start code with nothing after it (before the next, or at the end) is no unit.
            func startCode() -> [UInt8] { Bool.random(using: &rng) ? [0, 0, 0, 1] : [0, 0, 1] }
            for unit in units {
                if Int.random(in: 0...3, using: &rng) == 0 { stream += startCode() }
                stream += startCode() + unit
                stream += [UInt8](repeating: 0, count: Int.random(in: 0...2, using: &rng))
            }
            if Bool.random(using: &rng) { stream += startCode() }
            #expect(HEVCNALUnits.splitAnnexB(stream).map(Array.init) == units, "seed \(seed): \(stream)")
        }
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
