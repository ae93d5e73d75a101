import Testing
import BinaryIO
@testable import StillImage

/// The read-back of the ColorOS UserComment edit: the comment must be there, and every other
/// entry of IFD0 and of the Exif IFD as it was; each difference is refused with its message.
@Suite("OPLUS UserComment: the edited EXIF is checked before it is written")
struct OplusUserCommentCheckTests {
    static func payload() -> [UInt8] {
        var e = SyntheticEXIF()
        e.littleEndian = true
        e.ifd0 = [e.ascii(0x010F, "OPPO"), e.ascii(0x0110, "CPH2451"), e.short(0x0112, 1)]
        e.exif = [e.undefined(0x9000, Array("0231".utf8)), e.ascii(0x9003, "2024:05:06 07:08:09")]
        return e.payload
    }

    static func refusal(_ tiff: [UInt8], _ original: ExifTIFF, comment: [UInt8]) -> String? {
        (#expect(throws: ParseError.self) { try OplusUserComment.check(tiff, original: original, comment: comment) })?.message
    }

    @Test func eachDifferenceRefused() throws {
        let payload = Self.payload()
        let original = try ExifTIFF(payload: payload, payloadOffset: 0)
        let edited = try #require(try OplusUserComment.settingFlag(payload: payload, payloadOffset: 0))
        let tiff = Array(edited.dropFirst(ExifTIFF.exifHeaderLength))
        let comment = OplusUserComment.asciiCode + Array("oplus_\(OplusUserComment.motionPhotoFlag)".utf8)
        try OplusUserComment.check(tiff, original: original, comment: comment)

        #expect(Self.refusal(original.tiff, original, comment: comment) == "the new EXIF does not hold the UserComment; nothing was written")
        #expect(Self.refusal(tiff, original, comment: comment.dropLast() + [0x31]) == "the new EXIF does not hold the UserComment; nothing was written")
        let written = try ExifTIFF(tiff: tiff, tiffOffset: original.baseOffset, path: "w")
        for (tag, dir) in [(UInt16(0x0110), ExifTIFF.Directory.ifd0), (0x9003, .exif)] {
            let entry = try #require(written.entry(tag, in: dir))
            guard case .bytes(let value) = entry.value else { Issue.record("no value"); continue }
            var changed = tiff
            changed[value.lowerBound] ^= 0x01
            #expect(Self.refusal(changed, original, comment: comment) == "setting UserComment would change the \(dir.rawValue); nothing was written")
        }
    }
}
