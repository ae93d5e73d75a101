/// An identifier as a streaming scan keeps it for every file: a UUID in its usual text form
/// (upper- or lowercase hex, as Apple writes it) as its 16 bytes, anything else as an index
/// into a table of texts. The text comes back exactly as it was read.
struct IdentifierKey: Hashable, Comparable {
    let high: UInt64
    let low: UInt64
    /// `low` is an index into the ledger's texts.
    let isText: Bool
    let isLowercase: Bool

    /// The 16 bytes of `text` when it is a UUID written in one case; nil otherwise.
    static func uuid(_ text: String) -> IdentifierKey? {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        var value: (UInt64, UInt64) = (0, 0)
        var digits = 0, lower = false, upper = false
        for (i, b) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard b == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = b - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = b - UInt8(ascii: "A") + 10; upper = true
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = b - UInt8(ascii: "a") + 10; lower = true
            default: return nil
            }
            if digits < 16 { value.0 = value.0 << 4 | UInt64(nibble) } else { value.1 = value.1 << 4 | UInt64(nibble) }
            digits += 1
        }
        // Mixed case would not come back as it was written: kept as text.
        guard !(lower && upper) else { return nil }
        return IdentifierKey(high: value.0, low: value.1, isText: false, isLowercase: lower)
    }

    static func text(_ index: Int) -> IdentifierKey { IdentifierKey(high: 0, low: UInt64(index), isText: true, isLowercase: false) }

    /// The UUID's text (not for `isText`).
    var uuidText: String {
        let digits = Array((isLowercase ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (half, value) in [high, low].enumerated() {
            for n in 0..<16 {
                let at = half * 16 + n
                if at == 8 || at == 12 || at == 16 || at == 20 { out.append(UInt8(ascii: "-")) }
                out.append(digits[Int(value >> (60 - 4 * UInt64(n)) & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Grouping order only (copies of one identifier next to each other), not text order.
    static func < (a: IdentifierKey, b: IdentifierKey) -> Bool {
        (a.isText ? 1 : 0, a.high, a.low, a.isLowercase ? 1 : 0) < (b.isText ? 1 : 0, b.high, b.low, b.isLowercase ? 1 : 0)
    }
}

/// What a streaming scan keeps of one file with an identifier once its folder is handed on
/// (24 bytes, and the name's bytes in the ledger's names): no path, no `String`.
struct FileKey {
    private let high: UInt64
    private let low: UInt64
    // One word: the name's offset in the ledger's names (bits 24..63), its length (bits 8..23)
    // and the flags below (bits 0..7). A library keeps one key a file with an identifier: a
    // separate folder index and offset made the key 32 bytes.
    private let place: UInt64

    private static let text: UInt64 = 1, lowercase: UInt64 = 2, movie: UInt64 = 4, pairedFlag: UInt64 = 8, heldFlag: UInt64 = 16, deferredFlag: UInt64 = 32
    /// Names the ledger can hold: 2^40 bytes (a terabyte of names is far beyond any memory).
    static let nameOffsetLimit: UInt64 = 1 << 40

    /// Paired inside its folder; in a folder held whole; open and waiting alone.
    enum State { case paired, held, deferred }

    /// `nameOffset` must be below `nameOffsetLimit` (the ledger checks it).
    init(_ id: IdentifierKey, nameOffset: UInt64, nameLength: UInt16, role: ScannedFile.Role, state: State) {
        high = id.high; low = id.low
        var f: UInt64 = (id.isText ? Self.text : 0) | (id.isLowercase ? Self.lowercase : 0) | (role == .movie ? Self.movie : 0)
        switch state {
        case .paired: f |= Self.pairedFlag
        case .held: f |= Self.heldFlag
        case .deferred: f |= Self.deferredFlag
        }
        place = nameOffset << 24 | UInt64(nameLength) << 8 | f
    }

    private var flags: UInt64 { place & 0xFF }
    /// Where the name's bytes start in the ledger's names, and how many there are.
    var nameOffset: UInt64 { place >> 24 }
    var nameLength: Int { Int(place >> 8 & 0xFFFF) }
    var identifier: IdentifierKey { IdentifierKey(high: high, low: low, isText: flags & Self.text != 0, isLowercase: flags & Self.lowercase != 0) }
    var role: ScannedFile.Role { flags & Self.movie != 0 ? .movie : .still }
    /// Paired inside its folder, in a folder already handed on.
    var paired: Bool { flags & Self.pairedFlag != 0 }
    /// In a folder the scan holds whole until the end (`OpenFiles.entangled`).
    var held: Bool { flags & Self.heldFlag != 0 }
    /// Open and alone: its finding waits for the end (`DeferredFile` keeps what matching reads of it).
    var deferred: Bool { flags & Self.deferredFlag != 0 }
}

/// What matching reads of an open file beyond its key, kept until the end: enough to make the
/// same `ScannedFile` again (its facts for `verify` aside: a pair found across folders is
/// verified from its files).
struct DeferredFile {
    // Packed (56 bytes, where optionals of `CaptureTime` and `Int64` took about 96): a library of
    // lone stills keeps one of these a file until the end. Presence lives in `present`'s bits.
    let key: UInt32
    /// A count of tracks; a file cannot hold 2^32 of them (each `trak` is at least 8 bytes).
    let stillImageTimeTracks: UInt32
    let format: FileKind
    private let present: UInt8
    private let captureWallClock: Int64, captureOffset: Int64
    private let headerWallClock: Int64, headerOffset: Int64
    private let duration: Int64

    private static let capture: UInt8 = 1, captureZone: UInt8 = 2, header: UInt8 = 4, headerZone: UInt8 = 8, hasDuration: UInt8 = 16

    init(key: Int, _ f: ScannedFile) {
        self.key = UInt32(key)
        format = f.format
        stillImageTimeTracks = UInt32(clamping: f.stillImageTimeTracks)
        var present: UInt8 = 0
        if f.captureTime != nil { present |= Self.capture }
        if f.captureTime?.utcOffset != nil { present |= Self.captureZone }
        if f.headerCreationTime != nil { present |= Self.header }
        if f.headerCreationTime?.utcOffset != nil { present |= Self.headerZone }
        if f.durationMilliseconds != nil { present |= Self.hasDuration }
        self.present = present
        captureWallClock = f.captureTime?.wallClock ?? 0; captureOffset = f.captureTime?.utcOffset ?? 0
        headerWallClock = f.headerCreationTime?.wallClock ?? 0; headerOffset = f.headerCreationTime?.utcOffset ?? 0
        duration = f.durationMilliseconds ?? 0
    }

    private func has(_ bit: UInt8) -> Bool { present & bit != 0 }

    var captureTime: CaptureTime? {
        has(Self.capture) ? CaptureTime(wallClock: captureWallClock, utcOffset: has(Self.captureZone) ? captureOffset : nil) : nil
    }
    var headerCreationTime: CaptureTime? {
        has(Self.header) ? CaptureTime(wallClock: headerWallClock, utcOffset: has(Self.headerZone) ? headerOffset : nil) : nil
    }
    var durationMilliseconds: Int64? { has(Self.hasDuration) ? duration : nil }

    func file(path: String, role: ScannedFile.Role, identifier: String) -> ScannedFile {
        var f = ScannedFile(path: path, role: role, format: format, identifier: identifier, stillImageTimeTracks: Int(stillImageTimeTracks), error: nil)
        f.captureTime = captureTime
        f.headerCreationTime = headerCreationTime
        f.durationMilliseconds = durationMilliseconds
        return f
    }
}
