import Testing
@testable import ISOBMFF

/// The transform item is always nine 64-bit values (a 3x3 matrix), whatever the matrix handed
/// in: a shorter one is padded with zeros, a longer one cut to its first nine.
struct StillImageTransformLengthTests {
    @Test("a matrix of 0 to 12 values is written as exactly nine", arguments: 0...12)
    func nineValues(_ count: Int) throws {
        let matrix = (0..<count).map { Double($0) + 0.5 }
        let items = StillImageTransform(matrix: matrix, width: 4, height: 3).items()
        let read = try #require(try StillImageTransform.read(sample: items, transformID: StillImageTransform.transformKeyID,
                                                             dimensionsID: StillImageTransform.dimensionsKeyID, path: "s"))
        let expected = Array(matrix.prefix(9)) + [Double](repeating: 0, count: max(0, 9 - count))
        #expect(read.matrix == expected && read.width == 4 && read.height == 3)
    }
}
