/// What an auxiliary image (`auxl` → the image it belongs to) holds, told by its `auxC` type URN.
/// Apple, ISO 23008-12 and MPEG give several URNs for the same meaning; each is one case here.
public enum AuxiliaryImageKind: String, Codable, Equatable, Sendable, CaseIterable {
    case hdrGainMap = "hdr-gain-map"
    case depth
    case disparity
    case alpha
    /// Apple's portrait mattes (person, skin, hair, teeth, glasses, sky).
    case matte
    case other

    public init(auxiliaryType urn: String) {
        let lower = urn.lowercased()
        if lower.contains("hdrgainmap") || lower.contains("gainmap") { self = .hdrGainMap }
        else if lower.contains("matte") { self = .matte }
        else if lower.hasSuffix(":alpha") || lower.contains("aux:alpha") { self = .alpha }
        else if lower.contains("disparity") { self = .disparity }
        else if lower.contains("depth") { self = .depth }
        else { self = .other }
    }

    /// How `inspect` names it.
    public var description: String {
        switch self {
        case .hdrGainMap: return "HDR gain map"
        case .depth: return "depth map"
        case .disparity: return "disparity map"
        case .alpha: return "alpha plane"
        case .matte: return "portrait matte"
        case .other: return "auxiliary image"
        }
    }
}
