import BinaryIO
import ISOBMFF
import StillImage

/// `still-decodes` for a HEIC: libheif decodes the primary image (every tile of a grid) and the
/// decoded size must be the one the file declares (`ispe` after `irot`, what `verify` compares
/// with the video). Reading the file is ours; the pixels are libheif's.
enum HEICDecodeCheck {
    /// The whole file is handed to libheif; beyond this it is refused rather than read.
    static let maximumFileSize: UInt64 = 512 << 20

    enum Outcome: Equatable {
        /// Decoded at the expected size; `note` says what had to be hidden from libheif.
        case decoded(width: Int, height: Int, note: String?)
        case failed(String)
        /// libheif cannot be loaded: the decode was not tried.
        case notChecked(String)
    }

    static func run(path: String, expectedWidth: Int, expectedHeight: Int) -> Outcome {
        do {
            try LibHeif.load()
        } catch {
            return .notChecked("not checked: \(error)")
        }
        do {
            let source = try FileSource(path: path)
            guard source.size <= maximumFileSize else {
                return .failed("\(source.size) bytes is more than the \(maximumFileSize >> 20) MiB a full decode accepts")
            }
            var bytes = try source.read(at: 0, count: Int(source.size), path: "HEIC")
            var note: String? = nil
            var decoded: LibHeif.DecodedImage
            do {
                decoded = try LibHeif.decodePrimary(bytes)
            } catch let refusal as LibHeif.Failure {
                // libheif before 1.17 refuses a file whose metadata (`cdsc`) describes an item it
                // does not know as an image (iOS 18's `tmap`); metadata plays no part in the pixels.
                guard try hideMetadataReferences(in: &bytes, file: HEIFFile(source: source)) else { throw refusal }
                decoded = try LibHeif.decodePrimary(bytes)
                note = "libheif \(LibHeif.loadedVersion ?? "") refuses its metadata references (\(refusal.message)); decoded without them"
            }
            guard decoded.width == expectedWidth, decoded.height == expectedHeight else {
                return .failed("decoded \(decoded.width)x\(decoded.height), but the file declares \(expectedWidth)x\(expectedHeight)")
            }
            return .decoded(width: decoded.width, height: decoded.height, note: note)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Renames every `cdsc` reference box in this copy of the file (same size, nothing moves)
    /// so that libheif reads no metadata-to-image link. False when there is none to hide.
    static func hideMetadataReferences(in bytes: inout [UInt8], file: HEIFFile) throws -> Bool {
        guard let iref = file.meta.children?.first(where: { $0.type == "iref" }) else { return false }
        var hidden = false
        for child in try iref.registeredChildren(parent: "meta", path: "meta/iref", depth: 2) where child.type == "cdsc" {
            guard let offset = child.originalOffset, offset + 8 <= UInt64(bytes.count) else { continue }
            let type = Int(offset) + 4
            guard bytes[type..<type + 4].elementsEqual("cdsc".utf8) else { continue }
            bytes.replaceSubrange(type..<type + 4, with: "lpxx".utf8)
            hidden = true
        }
        return hidden
    }
}
