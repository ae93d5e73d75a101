@testable import StillImage
import Testing

@Suite("MakerNote classification")
struct MakerNoteKindTests {
    @Test func classify() {
        let apple = MakerNoteSamples.sample().serialized()
        #expect(MakerNoteKind.classify(makerNote: apple, make: "Canon") == .apple)
        #expect(MakerNoteKind.classify(makerNote: nil as [UInt8]?, make: "Apple") == MakerNoteKind.none)
        #expect(MakerNoteKind.classify(makerNote: [UInt8](), make: "Canon") == MakerNoteKind.none)
        #expect(MakerNoteKind.classify(makerNote: [0, 0, 0, 0], make: "Canon") == MakerNoteKind.none)
        #expect(MakerNoteKind.classify(makerNote: Array("Nikon\0\u{2}\u{10}\0\0MM".utf8), make: "NIKON CORPORATION") == .foreign(maker: "Nikon"))
        #expect(MakerNoteKind.classify(makerNote: Array("OLYMPUS\0II".utf8), make: nil) == .foreign(maker: "Olympus"))
        #expect(MakerNoteKind.classify(makerNote: Array("FUJIFILM\u{c}\0\0\0".utf8), make: nil) == .foreign(maker: "Fujifilm"))
        #expect(MakerNoteKind.classify(makerNote: Array("AOC\0MM".utf8), make: nil) == .foreign(maker: "Pentax"))
        // Bare-IFD notes (Canon, Samsung) are named from IFD0 Make.
        let bareIFD: [UInt8] = [0, 1, 0, 1, 0, 2, 0, 0, 0, 2, 0x41, 0, 0, 0, 0, 0]
        #expect(MakerNoteKind.classify(makerNote: bareIFD, make: "Canon") == .foreign(maker: "Canon"))
        #expect(MakerNoteKind.classify(makerNote: bareIFD, make: "samsung") == .foreign(maker: "Samsung"))
        #expect(MakerNoteKind.classify(makerNote: bareIFD, make: "  Acme Cam ") == .foreign(maker: "Acme Cam"))
        #expect(MakerNoteKind.classify(makerNote: bareIFD, make: nil) == .foreign(maker: "unknown"))
        #expect(MakerNoteKind.classify(makerNote: bareIFD, make: "") == .foreign(maker: "unknown"))
    }
}
