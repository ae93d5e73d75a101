import Foundation
import Testing

/// Decoded pixels of a HEIF file through pillow-heif (a current libheif): one SHA-256 per image
/// (the primary, then its auxiliary images, depth images and thumbnails, as libheif lists
/// them), so two files can be compared image by image.
public enum HEIFDecoder {
    static let script = """
    import hashlib, sys, pillow_heif
    pillow_heif.register_heif_opener()
    f = pillow_heif.open_heif(sys.argv[1], convert_hdr_to_8bit=False)
    def digest(name, im):
        print(name, im.size[0], im.size[1], im.mode, hashlib.sha256(bytes(im.data)).hexdigest())
    for i, im in enumerate(f):
        digest("image%d" % i, im)
        for kind, ids in sorted(im.info.get("aux", {}).items()):
            for n, aux_id in enumerate(ids):
                digest("aux:%s:%d" % (kind, n), im.get_aux_image(aux_id))
        for n, depth in enumerate(im.info.get("depth_images", [])):
            digest("depth%d" % n, depth)
        for n, thumb in enumerate(im.info.get("thumbnails", [])):
            print("thumbnail%d" % n, thumb)
    """

    /// "name width height mode sha256" per decoded image.
    public static func digests(_ path: String) throws -> [String] {
        try Support.require(.pillowHEIF)
        let r = try Support.run(Support.tool("python3")!, ["-c", script, path])
        guard r.status == 0 else { throw ReaderFailure(reader: "pillow-heif", file: path, result: r) }
        return r.out.split(separator: "\n").map(String.init)
    }
}

extension Support {
    /// Whether python3 can import `module`.
    public static func canImport(pythonModule module: String) -> Bool {
        guard let python = tool("python3"), let r = try? run(python, ["-c", "import \(module)"]) else { return false }
        return r.status == 0
    }
}
