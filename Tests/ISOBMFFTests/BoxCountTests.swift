import Testing
import PropertyBased
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// `BoxCount` counts boxes from their headers alone so a hostile `meta` (millions of tiny
/// boxes) is refused before a node is built for each: it must count exactly what a parse would
/// read, whatever header form each box has, and stop one past the limit.
@Suite("BoxCount: every header form counted as one box, stopping one past the limit")
struct BoxCountTests {
    /// Boxes of the given payload sizes and header forms (0: 32-bit, 1: largesize, 2: size 0,
    /// "to the end", used only for the last box).
    static func boxes(_ payloads: [Int], _ forms: [Int]) -> [UInt8] {
        var w = ByteWriter(capacity: 256)
        for (i, n) in payloads.enumerated() {
            let form = forms[i] == 2 && i != payloads.count - 1 ? 0 : forms[i]
            switch form {
            case 1: w.u32(1); w.append(Array("free".utf8)); w.u64(UInt64(16 + n))
            case 2: w.u32(0); w.append(Array("free".utf8))
            default: w.u32(UInt32(8 + n)); w.append(Array("free".utf8))
            }
            w.append([UInt8](repeating: UInt8(truncatingIfNeeded: i), count: n))
        }
        return w.bytes
    }

    @Test("n boxes count as n; with a limit below, limit + 1; a cut last box is not counted")
    func countsEveryForm() async {
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 0...20).array(of: 0...8), Gen.nearEnds(in: 0...2).array(of: 8...8), Gen.nearEnds(in: 0...9)) { payloads, forms, limit in
            let bytes = Self.boxes(payloads, forms)
            #expect(BoxCount.count(ByteReader(bytes), upTo: 100) == payloads.count, "\(payloads) \(forms)")
            #expect(BoxCount.count(ByteReader(bytes), upTo: limit) == min(payloads.count, limit + 1))
            #expect(throws: ParseError.self) { try BoxCount.require(ByteReader(bytes), atMost: payloads.count - 1, what: "boxes") }
            #expect(throws: Never.self) { try BoxCount.require(ByteReader(bytes), atMost: payloads.count, what: "boxes") }
            // The last box cut short (its size says more than is there): not a box.
            if !payloads.isEmpty, forms[payloads.count - 1] != 2 {
                #expect(BoxCount.count(ByteReader(Array(bytes.dropLast())), upTo: 100) == payloads.count - 1)
            }
        }
    }
}
