// Fuzz target: the HEIF reader: top-level boxes, `meta` (hdlr, pitm, iinf/infe, iloc, iref,
// iprp/ipco/ipma, idat), every item's extents read back, and the primary image's size.
// seeds: *.heic
import BinaryIO
import ISOBMFF

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIFReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = FuzzInput.file(data, size, name: "input.heic")
    do {
        let file = try HEIFFile.open(path: path)
        for item in file.locations.items {
            _ = try? file.bytes(of: item, maximum: 1 << 20)
        }
        _ = try file.primaryDisplaySize()
    } catch is ParseError {
    } catch {
        fatalError("untyped error from the HEIF reader: \(error)")
    }
    return 0
}
