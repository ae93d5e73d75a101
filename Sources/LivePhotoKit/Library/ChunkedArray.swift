/// An array kept in blocks of a fixed size: growing never copies what is there (a 12 MB array
/// of keys doubling would need 36 MB for a moment).
struct ChunkedArray<Element> {
    private static var blockSize: Int { 1 << 14 }
    private var blocks: [[Element]] = []
    private(set) var count = 0

    mutating func append(_ e: Element) {
        if count % Self.blockSize == 0 {
            blocks.append([])
            blocks[blocks.count - 1].reserveCapacity(Self.blockSize)
        }
        blocks[blocks.count - 1].append(e)
        count += 1
    }

    subscript(i: Int) -> Element { blocks[i / Self.blockSize][i % Self.blockSize] }
}
