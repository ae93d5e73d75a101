import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// The counts in summary lines: "1 file read", never "1 files read".
@Suite("counted nouns")
struct CountedNounTests {
    @Test("exactly one takes the singular; any other count, negative or huge, the plural; the number is printed as it is")
    func singularOnlyForOne() async {
        await propertyCheck(count: 200, input: Gen.nearEnds(in: Int.min...Int.max)) { n in
            let regular = CountedNoun.text(n, "file")
            let irregular = CountedNoun.text(n, "identifier mismatch", plural: "identifier mismatches")
            #expect(regular == (n == 1 ? "1 file" : "\(n) files"))
            #expect(irregular == (n == 1 ? "1 identifier mismatch" : "\(n) identifier mismatches"))
        }
        #expect(CountedNoun.text(1, "Live Photo") == "1 Live Photo")
        #expect(CountedNoun.text(0, "Live Photo") == "0 Live Photos")
    }
}
