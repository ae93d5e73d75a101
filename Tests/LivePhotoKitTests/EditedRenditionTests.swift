import Testing
@testable import LivePhotoKit

/// `IMG_E` + a digit, in any case, marks an edited rendition; one byte either side of any
/// range in that rule (a letter's case, the digits 0...9) must not.
@Suite("edited renditions: IMG_E and a digit, any case")
struct EditedRenditionTests {
    static func expectedEdited(_ name: [UInt8]) -> Bool {
        guard name.count > 5 else { return false }
        let upper = name.prefix(5).map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        return upper == Array("IMG_E".utf8) && (0x30...0x39).contains(name[5])
    }

    @Test("every byte in every place of IMG_E1.MOV: edited exactly when the rule says so")
    func everyByteInEveryPlace() {
        let base = Array("IMG_E1.MOV".utf8)
        for place in 0..<6 {
            for code in 0...127 {
                var name = base
                name[place] = UInt8(code)
                let text = String(decoding: name, as: UTF8.self)
                #expect(EditedRendition.isEdited("/some/folder/" + text) == Self.expectedEdited(name), "\(text.debugDescription)")
            }
        }
    }

    @Test("the stem must go on past IMG_E; the folder's name does not count")
    func shortNamesAndFolders() {
        #expect(!EditedRendition.isEdited("IMG_E"))
        #expect(EditedRendition.isEdited("IMG_E7"))
        #expect(EditedRendition.isEdited("img_e7.heic"))
        #expect(!EditedRendition.isEdited("/IMG_E1/IMG_1.HEIC"))
        #expect(EditedRendition.mayPair("IMG_E1.HEIC", "img_e1.mov") && EditedRendition.mayPair("IMG_1.HEIC", "IMG_1.MOV"))
        #expect(!EditedRendition.mayPair("IMG_E1.HEIC", "IMG_1.MOV") && !EditedRendition.mayPair("IMG_1.HEIC", "IMG_E1.MOV"))
    }
}
