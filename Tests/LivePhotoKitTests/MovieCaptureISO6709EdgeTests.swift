import Testing
@testable import LivePhotoKit

/// ISO 6709 as `make` reads a movie's location: a latitude alone (one number) is no location,
/// and the seconds of the ±DDMMSS form count as seconds (1/3600 of a degree each).
@Suite("make: ISO 6709 with one number, and with seconds")
struct MovieCaptureISO6709EdgeTests {
    @Test("one number, signed or not, with or without the slash: no location", arguments: ["+37.5/", "-37.5", "+4830.00/", "+403000/"])
    func oneNumber(_ text: String) {
        #expect(MovieCaptureMetadata.parseISO6709(text) == nil, "\(text)")
    }

    @Test("±DDMMSS with seconds: +403015-0741530 is 40° 30′ 15″ N, 74° 15′ 30″ W")
    func secondsCount() throws {
        let location = try #require(MovieCaptureMetadata.parseISO6709("+403015-0741530/"))
        #expect(abs(location.latitude - (40 + 30.0 / 60 + 15.0 / 3600)) < 1e-9, "\(location.latitude)")
        #expect(abs(location.longitude + (74 + 15.0 / 60 + 30.0 / 3600)) < 1e-9, "\(location.longitude)")
        #expect(location.altitude == nil)
    }
}
