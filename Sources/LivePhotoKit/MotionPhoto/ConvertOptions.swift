import BinaryIO

/// How `convert` names, identifies and writes its outputs.
public struct ConvertOptions: Sendable {
    /// The Live Photo's identifier (Motion → Live): a fresh UUID unless given.
    public var identifier: PairOptions.IdentifierChoice = .automatic
    /// Write outputs into this directory instead of beside the input.
    public var outputDirectory: String? = nil
    public var dryRun = false
    /// Live → Motion: which phone gallery's own markers go beside Google's directory.
    public var gallery: MotionPhotoGallery = .google
    /// How long to wait for another run holding the input files, then give up as busy.
    public var lockWait: Double = FileLockSet.defaultWait
    /// Whether a conversion makes its outputs durable before it returns (`ConvertedOutput`);
    /// a batch turns this off and does it once at its end.
    var syncsOutputs = true

    public init() {}
}

/// The galleries a Live → Motion conversion can write for: every output has Google's
/// directory; the others add what that maker's gallery looks for (a JPEG still only).
public enum MotionPhotoGallery: String, Codable, CaseIterable, Sendable {
    case google
    /// The SEF trailer with a `MotionPhoto_Data` record (`SamsungSEFTrailer`).
    case samsung
    /// ColorOS: the `OpCamera` XMP properties and an EXIF `UserComment` of `oplus_<flags>`.
    case oppo
    /// EMUI/HarmonyOS: the `LIVE_` fields after the video (`HuaweiLiveTrailer`).
    case huawei
}

/// Which way a conversion goes.
public enum ConvertDirection: String, Codable, Sendable {
    case motionToLive = "motion-to-live"
    case liveToMotion = "live-to-motion"
}

public enum ConvertStatus: String, Codable, Sendable {
    case converted
    case dryRun = "dry-run"
    /// The outputs an earlier run made from this input are there already: nothing written.
    case alreadyConverted = "already-converted"
    case failed
    /// `convert DIR`: a file that could not be read as a still, a movie or a Motion Photo (not
    /// counted as one to convert).
    case unreadable
}

/// What one conversion did (or, with `--dry-run`, would do).
public struct ConvertResult: Codable, Equatable, Sendable {
    public var direction: ConvertDirection
    public var status: ConvertStatus
    /// Motion → Live: the Motion Photo; Live → Motion: the still.
    public var input: String
    /// Live → Motion: the movie; Motion → Live of a Motion Photo whose video was split off: that video.
    public var inputMovie: String?
    /// Motion → Live: the written still and movie; Live → Motion: the written Motion Photo (`motionPhoto`).
    public var still: String?
    public var movie: String?
    public var motionPhoto: String?
    /// The Motion Photo's layout (`google-motion-photo`, `microvideo`, `samsung`).
    public var variant: MotionPhoto.Variant?
    public var identifier: String?
    /// Where the still sits on the movie timeline (written in seconds).
    public var stillTime: ReportedSeconds?
    /// Bytes of the embedded video.
    public var videoBytes: UInt64?
    public var warnings: [String]?
    /// `failed` only: the one-line reason, naming the file.
    public var error: String?
    public var exitCode: ExitStatus

    public init(direction: ConvertDirection, status: ConvertStatus, input: String, exitCode: ExitStatus = .ok) {
        self.direction = direction; self.status = status; self.input = input; self.exitCode = exitCode
    }
}
