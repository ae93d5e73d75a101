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

    /// The `cfgv` values of the iOS 18.2 camera (iPhone 15 Plus, corpus `iphone-livephoto-ios18`).
    static func cameraConfiguration() throws -> [UInt8] {
        let list: [String: Any] = [
            "LivePhotoMetadataSetupDataVersion": 1,
            "SystemVersion": ["ProductBuildVersion": "22C152", "ProductName": "iPhone OS", "ProductVersion": "18.2"],
            "FrameworkVersions": ["H13ISPServices": "9.304", "CoreMotion": "2953.0.30", "CMCaptureCore": "587.62.18",
                                  "H10ISPServices": "21.0", "CoreMedia": "3185.18.1.3"],
        ]
        return Array(try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0))
    }
}
