import BinaryIO
import Foundation
@testable import StillImage
import Testing

@Suite("Still image reader")
struct StillImageReaderTests {
    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func fixtures() throws {
        let apple = try StillImageReader.read(path: TestFiles.fixture("still-apple-makernote.jpg"))
        #expect(apple.width == 320 && apple.height == 240 && apple.subsampling == "4:2:0" && apple.colorSpace == "YCbCr")
        #expect(apple.hasEXIF && apple.makerNote == .apple && apple.make == "Apple" && apple.model == "iPhone 8")
        #expect(apple.orientation == nil)
        #expect(apple.contentIdentifier == MakerNoteSamples.fixtureIdentifier)

        if TestFiles.hasFixture("still-no-exif.jpg") {
            let none = try StillImageReader.read(path: TestFiles.fixture("still-no-exif.jpg"))
            #expect(!none.hasEXIF && none.makerNote == MakerNoteKind.none && none.contentIdentifier == nil && none.make == nil)
        }
        if TestFiles.hasFixture("still-foreign-makernote.jpg") {
            let canon = try StillImageReader.read(path: TestFiles.fixture("still-foreign-makernote.jpg"))
            #expect(canon.makerNote == .foreign(maker: "Canon") && canon.appleMakerNote == nil && canon.model == "Canon EOS 5D Mark IV")
        }
        if TestFiles.hasFixture("still-exif-icc-xmp.jpg") {
            let rich = try StillImageReader.read(path: TestFiles.fixture("still-exif-icc-xmp.jpg"))
            #expect(rich.orientation == 1 && rich.makerNote == MakerNoteKind.none && rich.make == "Apple")
        }
    }

    @Test(.requires(.corpusFile("iphone-jpeg/iphone6.jpg"), .corpusFile("iphone-jpeg/iphone7-small.jpg"), .corpusFile("avfoundation-pair/IMG.JPG")))
    func corpus() throws {
        let six = try StillImageReader.read(path: TestFiles.corpusFile("iphone-jpeg/iphone6.jpg"))
        #expect(six.width == 3264 && six.height == 2448 && six.subsampling == "4:2:0" && six.colorSpace == "YCbCr")
        #expect(six.make == "Apple" && six.model == "iPhone 6" && six.orientation == 1)
        #expect(six.makerNote == .apple && six.contentIdentifier == nil && six.appleMakerNote?.entries.count == 10)

        do {
            let seven = try StillImageReader.read(path: TestFiles.corpusFile("iphone-jpeg/iphone7-small.jpg"))
            #expect(seven.width == 8 && seven.height == 8 && seven.makerNote == .apple)
        }
        do {
            let img = try StillImageReader.read(path: TestFiles.corpusFile("avfoundation-pair/IMG.JPG"))
            #expect(img.contentIdentifier == "E5B787E0-7047-4A1A-9464-DCDFDAB14F25")
        }
    }

    @Test(.requires(.corpusFile("iphone-heic/IMG_2929.HEIC")))
    func heicIsNotAJPEG() throws {
        #expect {
            _ = try StillImageReader.read(path: TestFiles.corpusFile("iphone-heic/IMG_2929.HEIC"))
        } throws: { ($0 as? ParseError)?.kind == .unsupported && ($0 as? ParseError)?.message.hasPrefix("not a JPEG file") == true }
    }

    @Test func missingFileAndDirectory() throws {
        let dir = try TempDir()
        #expect { _ = try StillImageReader.read(path: dir.path("nope.jpg")) } throws: { ($0 as? ParseError)?.kind == .io }
        #expect { _ = try StillImageReader.read(path: dir.url.path) } throws: { ($0 as? ParseError)?.kind == .io }
    }

    @Test(.requires(.exiftool))
    func exiftoolHelperSeesTheTags() throws {
        let tags = try ExifTool.tags(TestFiles.fixture("still-apple-makernote.jpg"))
        #expect(tags.contains("IFD0:Make=Apple"))
        #expect(tags.contains("Apple:MediaGroupUUID=\(MakerNoteSamples.fixtureIdentifier)"))
        #expect(!tags.contains { $0.hasPrefix("System:") })
    }
}
