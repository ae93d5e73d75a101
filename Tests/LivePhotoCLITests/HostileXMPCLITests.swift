import Foundation
import Testing
import TestSupport

/// Hostile XMP through `convert --to motion`, the command that must rewrite a still's XMP.
@Suite("livephoto on hostile XMP")
struct HostileXMPCLITests {
    static func still(xml: String, in dir: URL) throws -> String {
        let payload = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + Array(xml.utf8)
        let segment = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.fixture("still-apple-makernote.jpg"))))
        let path = dir.appendingPathComponent("IMG.JPG").path
        try Data(OtherMakerLayouts.inserting(segment, into: jpeg)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let body = "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
        + "<rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:source>&e;</dc:source></rdf:Description></rdf:RDF></x:xmpmeta>"

    /// An entity naming a local file (`<!ENTITY e SYSTEM "file:///...">`) was read into the
    /// packet by XMLDocument and written into the Motion Photo: a hostile still could copy a
    /// server's files into its output. A DTD is refused; nothing is written.
    @Test func anEntityNamingALocalFileIsRefused() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let secret = dir.appendingPathComponent("secret.txt")
        try Data("SECRET-CONTENT-7F3A".utf8).write(to: secret)
        let xml = "<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><!DOCTYPE x:xmpmeta [<!ENTITY e SYSTEM \"file://\(secret.path)\">]>" + Self.body
        let still = try Self.still(xml: xml, in: dir)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try CLITests.livephoto("convert", "--to", "motion", "-q", "-o", out.path, still, movie)
        #expect(run.status == 3, "\(run.err)")
        #expect(run.err == "livephoto: \(still): the XMP holds a document type declaration (DOCTYPE), which XMP does not allow in XMP at offset 50\n", "\(run.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// Content after the root element: XMLDocument dropped it and printed libxml2's complaint
    /// (three lines, not ours) on stderr. Now one line names the file, the problem and its line.
    @Test func contentAfterTheRootIsOneErrorLine() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let xml = Self.body.replacingOccurrences(of: "&e;", with: "kept") + "\nk<b/>"
        let still = try Self.still(xml: xml, in: dir)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let run = try CLITests.livephoto("convert", "--to", "motion", "-q", "-o", dir.path, still, movie)
        #expect(run.status == 3)
        #expect(run.err == "livephoto: \(still): the XMP is not well-formed XML (line 2) in XMP at offset 0\n", "\(run.err)")
    }
}
