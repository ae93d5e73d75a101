// Fuzz target: the JPEG still reader: segment walk, libjpeg-turbo header, EXIF TIFF walk,
// libexif, MakerNote classification and the Apple MakerNote; plus the fast identifier path.
// seeds: *.jpg
import BinaryIO
import StillImage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStillImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = FuzzInput.file(data, size, name: "input.jpg")
    do {
        let info = try StillImageReader.read(path: path)
        _ = info.contentIdentifier
    } catch is ParseError {
    } catch {
        fatalError("untyped error from read: \(error)")
    }
    do {
        _ = try StillImageReader.contentIdentifier(path: path)
    } catch is ParseError {
    } catch {
        fatalError("untyped error from contentIdentifier: \(error)")
    }
    return 0
}
