import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// An `stsz` of one size for every sample (a copied PCM track's) is written as ISO/IEC
/// 14496-12 8.7.3.2 lays it out: version 0 and flags 0 by default, the constant size, then the
/// sample count it was given, and no table, whatever that size is (1 byte included).
@Suite("stsz with a constant size: default version and flags 0, the given count, no table")
struct ConstantSampleSizeBoxWriteTests {
    @Test("4-byte samples, 3 of them: 0 0 0 0, size 4, count 3")
    func defaultHeaderAndCount() {
        let box = SampleSizeBox(constantSize: 4, sampleCount: 3)
        #expect(box.version == 0 && box.flags == 0)
        #expect(box.atom().payload == [0, 0, 0, 0] + Support.u32(4) + Support.u32(3))
    }

    @Test("1-byte samples keep their count: size 1, count 5, read back the same", arguments: [1, 2] as [UInt32])
    func smallConstantSizeKeepsCount(_ size: UInt32) throws {
        let box = SampleSizeBox(constantSize: size, sampleCount: 5)
        #expect(box.atom().payload == [0, 0, 0, 0] + Support.u32(size) + Support.u32(5))
        let back = try SampleSizeBox(box.atom(), path: "stsz")
        #expect(back.constantSize == size && back.sampleCount == 5 && back.sizes.isEmpty)
    }
}
