import Testing

extension Support {
    /// Runs a property's body, recording an error it throws as a failure of the test.
    /// swift-property-based 2.0 (Swift 6.2 on) runs the body under `try?`: an error thrown out
    /// of it is dropped, so a property whose code under test throws would pass. Issues recorded
    /// inside (`#expect`, `#require`) count either way.
    public static func failingOnThrow(sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void) async {
        do { try await body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
    }
}
