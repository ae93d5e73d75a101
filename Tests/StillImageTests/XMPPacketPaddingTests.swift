import Testing
import Foundation
import BinaryIO
import PropertyBased
import TestSupport
@testable import StillImage

/// Writers pad XMP packets with NULs and whitespace (libxml2 refuses trailing NULs, so they
/// are cut before parsing), and a damaged file can hand the reader any few bytes.
@Suite("XMP packet: padding cut, a padding-only packet empty, short packets refused, never a trap")
struct XMPPacketPaddingTests {
    static let padding: [UInt8] = [0x00, 0x20, 0x0A, 0x0D, 0x09]

    @Test("any mix of NUL, space, LF, CR and TAB after the packet: read as the packet itself")
    func paddedPacketReadsTheSame() async {
        let plain = Array(XMPPacketTests.xml.utf8)
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...64)) { seed, count in
            var rng = SplitMix64(seed: UInt64(seed))
            let pad = (0..<count).map { _ in Self.padding[Int(rng.next() % 5)] }
            do {
                let packet = try XMPPacket(xml: plain + pad)
                #expect(packet.value(XMPPacketTests.camera) == "1", "seed \(seed)")
                #expect(packet.xmlBytes(wrapped: false) == (try XMPPacket(xml: plain)).xmlBytes(wrapped: false), "seed \(seed): \(pad)")
            } catch {
                Issue.record("seed \(seed), padding \(pad): \(error)")
            }
        }
    }

    /// A packet reserved and never filled (Live → Motion on such a still crashed in
    /// XMLDocument): no properties, and it takes new ones like the empty packet.
    @Test("nothing but padding, or nothing: read as an empty packet that takes properties")
    func paddingOnlyIsEmpty() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...64)) { seed, count in
            var rng = SplitMix64(seed: UInt64(seed))
            let pad = (0..<count).map { _ in Self.padding[Int(rng.next() % 5)] }
            do {
                let packet = try XMPPacket(xml: pad)
                #expect(packet.value(XMPPacketTests.camera) == nil && packet.containerDirectory() == nil, "\(pad)")
                packet.set(XMPPacketTests.camera, "1")
                #expect(try XMPPacket.fromSegmentPayload(packet.segmentPayload()).value(XMPPacketTests.camera) == "1")
            } catch {
                Issue.record("padding \(pad): \(error)")
            }
        }
    }

    @Test("every other packet of one or two bytes: a ParseError, never a trap")
    func shortPacketsAreRefused() {
        let padding = Set(Self.padding)
        for a in (0...255).map(UInt8.init) where !padding.contains(a) {
            #expect(throws: ParseError.self, "byte \(a)") { try XMPPacket(xml: [a]) }
            for b in Self.padding + [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "x")] {
                #expect(throws: ParseError.self, "bytes \(a), \(b)") { try XMPPacket(xml: [a, b]) }
            }
        }
        for b in [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "x")] {
            #expect(throws: ParseError.self, "a NUL before \(b)") { try XMPPacket(xml: [0, b]) }
        }
        #expect(throws: ParseError.self, "a NUL inside") { try XMPPacket(xml: Array("<a>".utf8) + [0] + Array("</a>".utf8)) }
        #expect(throws: ParseError.self, "a leading NUL") { try XMPPacket(xml: [0] + Array(XMPPacketTests.xml.utf8)) }
    }
}
