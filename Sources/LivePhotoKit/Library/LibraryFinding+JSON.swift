extension LibraryFinding {
    /// The finding as one compact JSON object, the same bytes `JSONEncoder` writes with sorted
    /// keys; nil for a `motion-photo` finding, whose nested numbers are left to `JSONEncoder`.
    public var compactJSON: String? {
        guard motionPhoto == nil else { return nil }
        var object = CompactJSONObject()
        object.field("copies", copies)
        object.field("detail", detail)
        object.field("finding", finding.rawValue)
        object.field("identifier", identifier)
        object.field("matchedBy", matchedBy?.rawValue)
        object.field("matches", matches)
        object.field("movie", movie)
        object.field("movieIdentifier", movieIdentifier)
        object.field("still", still)
        object.field("stillIdentifier", stillIdentifier)
        return object.text
    }
}
