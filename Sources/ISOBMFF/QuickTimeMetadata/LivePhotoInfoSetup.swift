import Foundation
import BinaryIO

/// The setup box (`setu`) of the live-photo-info key declaration, as the camera writes it: a
/// `cfgv` binary property list (setup data version, system and framework versions) and `dims`
/// (the capture size, 32-bit width and height). Read and written from this one definition;
/// boxes it does not model are kept in order.
public struct LivePhotoInfoSetup: Sendable, Equatable {
    public enum Box: Sendable, Equatable {
        case configuration([UInt8])
        case dimensions(width: UInt32, height: UInt32)
        case other(type: FourCC, payload: [UInt8])
    }

    public var boxes: [Box]

    public init(boxes: [Box]) { self.boxes = boxes }

    /// Our setup: the property list the iOS 18.2 camera writes (copied: iOS is reported to
    /// accept templates that carry it) and the video's size.
    public init(width: UInt32, height: UInt32) throws {
        boxes = [.configuration(try Self.cameraConfiguration()), .dimensions(width: width, height: height)]
    }

    /// Parses the payload of `setu`: boxes, each bounds-checked against the payload.
    public init(payload: [UInt8], path: String) throws {
        var r = ByteReader(payload, path: path)
        var list: [Box] = []
        while r.remaining > 0 {
            let size = try r.readUInt32()
            let type = try r.readFourCC()
            guard size >= 8, Int(size) - 8 <= r.remaining else {
                throw ParseError(.invalidValue, "box '\(type)' of \(size) bytes does not fit its setup box", path: path + "/\(type)", offset: r.fileOffset - 8)
            }
            let body = try r.readBytes(Int(size) - 8)
            switch type {
            case "cfgv": list.append(.configuration(body))
            case "dims":
                guard body.count == 8 else { throw ParseError(.invalidValue, "dims holds \(body.count) bytes, not 8", path: path + "/dims", offset: r.fileOffset - UInt64(body.count)) }
                var d = ByteReader(body, path: path + "/dims")
                list.append(.dimensions(width: try d.readUInt32(), height: try d.readUInt32()))
            default: list.append(.other(type: type, payload: body))
            }
        }
        boxes = list
    }

    public var configuration: [UInt8]? { boxes.lazy.compactMap { if case .configuration(let c) = $0 { c } else { nil } }.first }
    public var dimensions: (width: UInt32, height: UInt32)? {
        boxes.lazy.compactMap { if case .dimensions(let w, let h) = $0 { (w, h) } else { nil } }.first
    }

    /// `LivePhotoMetadataSetupDataVersion` of the `cfgv` property list; nil when there is none
    /// or it is not a binary property list holding that number.
    public var setupDataVersion: Int? {
        guard let c = configuration, c.starts(with: Array("bplist00".utf8)),
              let list = try? PropertyListSerialization.propertyList(from: Data(c), format: nil) as? [String: Any] else { return nil }
        return list["LivePhotoMetadataSetupDataVersion"] as? Int
    }

    public func atom() -> Atom {
        Atom(type: "setu", children: boxes.map { box in
            switch box {
            case .configuration(let c): return Atom(type: "cfgv", payload: c)
            case .dimensions(let w, let h):
                var d = ByteWriter(capacity: 8); d.u32(w); d.u32(h)
                return Atom(type: "dims", payload: d.bytes)
            case .other(let type, let payload): return Atom(type: type, payload: payload)
            }
        })
    }

    /// The `cfgv` the iOS 18.2 camera writes (iPhone 15 Plus, corpus `iphone-livephoto-ios18`):
    /// setup data version 1, system 18.2 (22C152) and its capture frameworks' versions. Its own
    /// bytes, not a dictionary serialized here: Foundation orders a dictionary's keys by hash,
    /// which changes from process to process, so every run would write other bytes.
    static func cameraConfiguration() throws -> [UInt8] {
        let digits = Array(cameraConfigurationHex)
        return try stride(from: 0, to: digits.count, by: 2).map { i in
            guard i + 1 < digits.count, let byte = UInt8(String(digits[i...i + 1]), radix: 16) else {
                throw ParseError(.invalidValue, "the camera's cfgv template is not hexadecimal")
            }
            return byte
        }
    }

    static let cameraConfigurationHex =
        "62706c6973743030d301020304050c5f10214c69766550686f746f4d6574616461746153657475704461746156657273" +
        "696f6e5d53797374656d56657273696f6e5f10114672616d65776f726b56657273696f6e731001d3060708090a0b5f10" +
        "1350726f647563744275696c6456657273696f6e5b50726f647563744e616d655e50726f6475637456657273696f6e56" +
        "323243313532596950686f6e65204f535431382e32d50d0e0f101112131415165e48313349535053657276696365735a" +
        "436f72654d6f74696f6e5d434d43617074757265436f72655e483130495350536572766963657359436f72654d656469" +
        "6155392e33303459323935332e302e3330593538372e36322e31385432312e305b333138352e31382e312e330008000f" +
        "0033004100550057005e00740080008f009600a000a500b000bf00ca00d800e700f100f70101010b0110000000000000" +
        "020100000000000000170000000000000000000000000000011c"
}
