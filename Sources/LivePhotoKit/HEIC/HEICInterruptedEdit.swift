import BinaryIO
import ISOBMFF

/// What an interrupted in-place HEIC edit leaves: our marker and its appended Exif `mdat`
/// (written and fsynced, but the commit never pointed `iloc` at it). Recognised by the marker
/// alone, and only while no item's bytes lie in the appended region: no reader can see those
/// bytes, so a rerun cuts them off. A last `mdat` without our marker is someone's, kept.
enum HEICInterruptedEdit {
    static func find(in file: HEIFFile) -> InterruptedAppend? {
        let located = file.locations.items.filter { $0.constructionMethod == .fileOffset }
        return InterruptedAppendRecovery.find(in: file.topLevel, source: file.source, appendedTypes: ["mdat"]) { start in
            located.contains { item in
                ((try? file.dataRanges(of: item)) ?? []).contains { $0.upperBound > start }
            }
        }
    }
}
