extension LibraryFinding {
    /// This finding with what a killed `pair` left beside its files named in `detail` (after
    /// any detail it had): a journal or temporary files beside a pair that reads fine would
    /// otherwise go unseen until `verify`. Findings without leftovers are returned as they are.
    /// An unreadable movie's own reason already names its journal (`ScannedFile`).
    func naming(_ leftovers: [String: InterruptedPairLeftovers]) -> LibraryFinding {
        guard !leftovers.isEmpty else { return self }
        var found = [still, movie].compactMap { $0.flatMap { leftovers[$0] } }.reduce(InterruptedPairLeftovers(), +)
        if finding == .unreadable { found.journal = nil }
        guard let note = found.description else { return self }
        var named = self
        named.detail = [detail, note].compactMap { $0 }.joined(separator: "; ")
        return named
    }
}
