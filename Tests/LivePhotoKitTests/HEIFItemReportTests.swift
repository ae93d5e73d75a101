import Testing
import LivePhotoKit
import TestSupport

@Suite("inspect: HEIF auxiliary images by what they are")
struct HEIFItemReportTests {
    @Test("auxC URNs map to their kind", arguments: [
        ("urn:com:apple:photo:2020:aux:hdrgainmap", AuxiliaryImageKind.hdrGainMap),
        ("urn:iso:std:iso:ts:21496:-1", .other),
        ("urn:mpeg:hevc:2015:auxid:1", .other),
        ("urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", .alpha),
        ("urn:mpeg:hevc:2015:auxid:2", .other),
        ("urn:mpeg:mpegB:cicp:systems:auxiliary:depth", .depth),
        ("urn:com:apple:photo:2018:aux:portraiteffectsmatte", .matte),
        ("urn:com:apple:photo:2019:aux:semanticskinmatte", .matte),
        ("urn:com:apple:photo:2023:aux:semanticskymatte", .matte),
        ("urn:com:apple:photo:2018:aux:disparity", .disparity),
    ])
    func kinds(urn: String, kind: AuxiliaryImageKind) {
        #expect(AuxiliaryImageKind(auxiliaryType: urn) == kind)
    }

    @Test("iOS 18 HEIC: the HDR gain map grid is an auxiliary image (not a tile), the tmap item a tone map",
          .requires(.corpusFile("iphone-livephoto-ios18/IMG_3853.HEIC")))
    func iOS18GainMap() throws {
        let report = try Inspector.inspect(path: Support.corpusFile("iphone-livephoto-ios18/IMG_3853.HEIC"))
        let heif = try #require(report.heif)
        let auxiliary = heif.items.filter { $0.role == .auxiliary }
        #expect(auxiliary.count == 1)
        let gainMap = try #require(auxiliary.first)
        #expect(gainMap.id == 63 && gainMap.type == "grid" && gainMap.auxiliaryKind == .hdrGainMap)
        #expect(gainMap.auxiliaryType == "urn:com:apple:photo:2020:aux:hdrgainmap")
        #expect(gainMap.width == 2856 && gainMap.height == 2142 && gainMap.tiles == 15)
        #expect(heif.items.filter { $0.role == .toneMap }.map(\.id) == [66])
        // 45 primary tiles and 15 gain-map tiles.
        #expect(heif.items.filter { $0.role == .tile }.count == 60)
        #expect(report.still?.contentIdentifier == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
    }
}
