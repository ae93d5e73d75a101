/// One simple XMP property, named by its namespace URI (prefixes vary between writers:
/// Google writes `GCamera:`, others `Camera:` for the same namespace).
public struct XMPProperty: Hashable, Sendable {
    public let namespace: String
    /// The prefix declared when this property is added to a packet that has none for its namespace.
    public let preferredPrefix: String
    public let name: String

    public init(namespace: String, preferredPrefix: String, name: String) {
        self.namespace = namespace
        self.preferredPrefix = preferredPrefix
        self.name = name
    }
}

/// Namespaces used by Motion Photos and Ultra HDR.
public enum XMPNamespace {
    public static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    public static let xmpNote = "http://ns.adobe.com/xmp/note/"
    public static let googleCamera = "http://ns.google.com/photos/1.0/camera/"
    public static let container = "http://ns.google.com/photos/1.0/container/"
    public static let containerItem = "http://ns.google.com/photos/1.0/container/item/"
    /// OPPO / OnePlus / realme (`OpCamera:`): `VideoLength`, `MotionPhotoOwner`.
    public static let oplusCamera = "http://ns.oplus.com/photos/1.0/camera/"
    /// Xiaomi (`MiCamera:`): `XMPMeta` (watermark notes, not a video marker).
    public static let xiaomiCamera = "http://ns.xiaomi.com/photos/1.0/camera/"
}

/// One `Container:Item` of a `Container:Directory`: a media item stored in the file after the
/// primary image (or the primary itself), in file order.
public struct XMPContainerItem: Equatable, Sendable {
    public var semantic: String
    public var mime: String
    /// Bytes of the item; 0 or absent for the primary image.
    public var length: UInt64?
    /// Bytes after the item that belong to none (the primary's padding).
    public var padding: UInt64?

    public init(semantic: String, mime: String, length: UInt64? = nil, padding: UInt64? = nil) {
        self.semantic = semantic; self.mime = mime; self.length = length; self.padding = padding
    }
}
