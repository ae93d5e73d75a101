import BinaryIO
import ISOBMFF
import StillImage

/// Reads a still or a movie (told apart by content) into an `InspectReport`.
public enum Inspector {
    public static func inspect(path: String) throws -> InspectReport {
        do {
            let source = try FileSource(path: path)
            guard source.size > 0 else { throw LivePhotoError(path: path, reason: "empty file", category: .unreadable) }
            switch try FileKind.detect(source) {
            case .jpeg:
                let info = try StillImageReader.read(path: path)
                var report = InspectReport(path: path, kind: .still, format: .jpeg, still: stillReport(info), movie: nil)
                report.addMotionPhoto(warnings: info.warnings) { try MotionPhotoSummary.read(source) }
                return report
            case .heic:
                let heic = try HEICStill(source: source)
                let info = try heic.info(path: path)
                var report = InspectReport(path: path, kind: .still, format: .heic, still: stillReport(info), movie: nil)
                report.heif = try HEIFReport.make(heic.file)
                report.addMotionPhoto(warnings: heic.file.warnings + info.warnings) { try MotionPhotoSummary.readHEIC(source) }
                return report
            case .quickTimeMovie, .mp4Movie:
                let file = try MovieFile(source: source)
                var report = InspectReport(path: path, kind: .movie, format: file.isQuickTime ? .quickTimeMovie : .mp4Movie, still: nil, movie: try movieReport(file))
                let warnings = file.warnings
                report.warnings = warnings.isEmpty ? nil : warnings
                return report
            case .unknown:
                throw LivePhotoError(path: path, reason: "not a JPEG/HEIC still or a QuickTime/MP4 movie", category: .unreadable)
            }
        } catch {
            throw LivePhotoError.wrap(error, path: path)
        }
    }

    public static func stillReport(_ info: StillImageInfo) -> InspectReport.StillReport {
        var maker: String? = nil
        if case .foreign(let m) = info.makerNote { maker = m }
        return InspectReport.StillReport(width: info.width, height: info.height, subsampling: info.subsampling, colorSpace: info.colorSpace,
                                         exif: info.hasEXIF, makerNote: .init(info.makerNote), makerNoteMaker: maker, contentIdentifier: info.contentIdentifier,
                                         make: info.make, model: info.model, orientation: info.orientation)
    }

    public static func movieReport(_ file: MovieFile) throws -> InspectReport.MovieReport {
        let movie = file.movie
        let ts = movie.header.timescale
        let tracks = movie.tracks.map { t -> InspectReport.TrackReport in
            let entry = t.sampleEntries.first
            return InspectReport.TrackReport(id: t.trackID, handler: t.handler.handlerType.description, codec: entry?.format.description,
                                             width: entry?.width, height: entry?.height, timescale: t.mediaHeader.timescale,
                                             durationSeconds: t.durationSeconds(movieTimescale: ts), sampleCount: t.sampleTable.sampleCount)
        }
        var metadata: [InspectReport.MetadataEntry] = []
        for source in [movie.metadata, movie.userDataMetadata] {
            for item in source?.items ?? [] where item.key != Movie.contentIdentifierKey {
                metadata.append(.init(key: item.key, value: item.decoded.description))
            }
        }
        var still: InspectReport.StillImageTimeReport? = nil
        if let track = movie.stillImageTimeTracks.first {
            let reading = try StillImageTimeTrack.read(track, in: file)
            still = .init(trackId: track.trackID, presentationTime: reading.presentationTime, value: reading.value, describes: track.references["cdsc"] ?? [])
        }
        return InspectReport.MovieReport(brand: file.majorBrand?.description, durationSeconds: movie.durationSeconds, timescale: ts,
                                         moovPosition: file.moovBeforeMedia ? .beforeMedia : .afterMedia, tracks: tracks,
                                         contentIdentifier: movie.contentIdentifier, metadata: metadata, stillImageTime: still,
                                         stillImageTimeTrackCount: movie.stillImageTimeTracks.count)
    }
}

extension InspectReport {
    /// Sets the still's warnings and its Motion Photo summary. A still that says it is a Motion
    /// Photo but whose video cannot be read is still inspected: the reason becomes a warning;
    /// one whose video is not there at all is reported as such (`motionPhotoVideoMissing`).
    mutating func addMotionPhoto(warnings stillWarnings: [String], _ read: () throws -> MotionPhotoSummary?) {
        var all = stillWarnings
        do {
            motionPhoto = try read()
        } catch let missing as MotionPhotoVideoMissing {
            motionPhotoVideoMissing = missing.reason
        } catch {
            all.append("a Motion Photo whose video cannot be read: \((error as? LivePhotoError)?.reason ?? String(describing: error))")
        }
        warnings = all.isEmpty ? nil : all
    }
}
