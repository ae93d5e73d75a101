import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit
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
        #expect(heif.primary.rotation == 0 && heif.primary.tiles == 45)
    }
}

@Suite("inspect: Motion Photos are named, a missing video is said")
struct InspectMotionPhotoTests {
    @Test("every valid synthetic Motion Photo is reported with its variant and video length; every broken one is inspected, its video missing",
          .requires(.python3))
    func syntheticMotionPhotos() throws {
        let (dir, manifest) = try MotionPhotoFixtures.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, entry) in manifest.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".jpg") {
            let report = try Inspector.inspect(path: dir.appendingPathComponent(name).path)
            if entry.broken != nil {
                #expect(report.motionPhoto == nil, "\(name)")
                // A Samsung trailer without a video record promises nothing: no warning.
                if name.contains("trailer-without-video") { #expect(report.warnings == nil); continue }
                // Lengths or offsets that do not lead to an MP4: the video is missing, said as such.
                #expect(report.motionPhotoVideoMissing != nil && report.warnings == nil, "\(name): \(report.warnings ?? [])")
            } else if let video = entry.video {
                let motion = try #require(report.motionPhoto, "\(name)")
                #expect(motion.videoBytes == video[1], "\(name)")  // [offset, length]
            }
        }
    }

    @Test("corpus Motion Photos: the Pixel and the Samsung HEIC", .requires(.corpusFile("pixel-motion/PXL_20200710_061629144.MP.jpg"),
                                                                        .corpusFile("samsung-motion/samsung-one-ui-6.heic")))
    func corpusMotionPhotos() throws {
        let pixel = try Inspector.inspect(path: Support.corpusFile("pixel-motion/PXL_20200710_061629144.MP.jpg"))
        #expect(pixel.motionPhoto?.variant == .google && pixel.motionPhoto?.videoBytes == 1_317_283)
        let samsung = try Inspector.inspect(path: Support.corpusFile("samsung-motion/samsung-one-ui-6.heic"))
        #expect(samsung.motionPhoto?.variant == .samsungHEIC && samsung.motionPhoto?.videoBytes == 3_226_469)
        // Its primary is stored landscape with `irot` 3 quarter turns (exiftool: Rotation 270).
        #expect(samsung.heif?.primary.rotation == 270 && samsung.heif?.primary.width == 4000)
    }
}
