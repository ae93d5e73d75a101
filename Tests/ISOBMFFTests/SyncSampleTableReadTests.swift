import Foundation
import Testing
import BinaryIO
import TestSupport
import PropertyBased
@testable import ISOBMFF

/// `stss` as read: sample numbers from 1, strictly increasing, become 0-based indices; a 0, a
/// number repeated or one going back is damage (a decoder started there would start on a
/// sample that is not where the table says) and is refused, naming the box.
@Suite("stss: sync sample numbers as read")
struct SyncSampleTableReadTests {
    /// A built video track of eight samples, sync at 0, 2, 4 and 6, its `stss` numbers replaced.
    static func track(numbers: [UInt32]) throws -> Track {
        let built = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                  timescale: 600, samples: (0..<8).map { .init(bytes: [UInt8($0)], duration: 20, isSync: $0 % 2 == 0, compositionOffset: 0) })
        var bytes = built.track(trackID: 1, movieTimescale: 600).atom().serialized()
        let type = try #require(bytes.indices.dropLast(3).first { Array(bytes[$0..<$0 + 4]) == Array("stss".utf8) })
        #expect(Support.readU32(bytes, at: type + 8) == 4)
        for (i, n) in numbers.enumerated() { Support.putU32(n, at: type + 12 + 4 * i, in: &bytes) }
        return try Track(try Support.parseAtom(bytes), index: 1, path: "trak")
    }

    /// Four numbers from the first and three steps (-1: one back, 0: repeated), up to the
    /// largest number a table can hold.
    @Test("numbers from 1, strictly increasing, are read as indices; any other list is refused")
    func increasingFromOne() async throws {
        let step = Gen.nearEnds(in: -1...3)
        await propertyCheck(count: 300, input: Gen.nearEnds(in: 0...Int(UInt32.max) - 9), step, step, step) { first, s1, s2, s3 in
            await Support.failingOnThrow {
                let numbers = [0, s1, s1 + s2, s1 + s2 + s3].map { UInt32(max(0, first + $0)) }
                let (a, _, _, _) = (numbers[0], numbers[1], numbers[2], numbers[3])
                let valid = a >= 1 && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }
                let track = try Self.track(numbers: numbers)
                if valid {
                    #expect(try SyncSampleTable(track: track).syncSamples == numbers.map { Int($0) - 1 })
                } else {
                    let error = #expect(throws: ParseError.self) { _ = try SyncSampleTable(track: track) }
                    #expect(error?.kind == .invalidValue && error?.message == "sync sample numbers not increasing from 1" && error?.path == "trak/mdia/minf/stbl/stss",
                            "\(numbers): \(String(describing: error))")
                }
            }
        }
    }

    @Test("a number repeated, a 0 or a step back is refused", arguments: [[1, 1, 2, 3], [1, 3, 3, 5], [0, 1, 2, 3], [1, 3, 2, 5], [1, 3, 5, 5]] as [[UInt32]])
    func refused(_ numbers: [UInt32]) throws {
        let track = try Self.track(numbers: numbers)
        #expect(throws: ParseError.self) { _ = try SyncSampleTable(track: track) }
    }
}
