/// One folder's share of `convert DIR`: its conversions, handed on once they are durable.
public typealias ConvertPart = FolderPart<ConvertResult>

extension FolderPart where Work == ConvertResult {
    public init(scan: LibraryScan, results: [ConvertResult]) { self.init(scan: scan, work: results) }

    /// Its files the scan could not read first, then Motion Photos without a video, then the
    /// conversions.
    public var results: [ConvertResult] {
        get { work }
        set { work = newValue }
    }
}
