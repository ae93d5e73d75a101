#!/usr/bin/env bash
# make mutants: applies each one-line mutation below, one at a time, to a scratch copy of the
# tree (never the working tree), builds, runs the tests that should notice, reverts, and prints
# the kill rate. A mutant the tests do not kill is a hole in the test net: the run then exits 1.
# Not part of `make test` or CI (each mutant is a rebuild).
#
#   MUTANTS_DIR  the scratch copy (kept between runs so its .build is reused);
#                default ${TMPDIR:-/tmp}/livephoto-mutants
#   MUTANTS      a regular expression: only the mutants whose name matches
#   MUTANTS_RANDOM=N [MUTANTS_SEED=S]
#                instead of the list: N one-line mutants drawn with the seed from every
#                module by operator (scripts/mutants-random.py says which), each run against
#                its module's tests (then the test targets above its module, before it counts as a survivor);
#                the last line is `killed X of Y`; exit 1 below 85% killed
#   MUTANTS_TIMEOUT  seconds a random mutant's test run may take before it is stopped (1800)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${MUTANTS_DIR:-${TMPDIR:-/tmp}/livephoto-mutants}
SWIFT=${SWIFT:-swift}
only=${MUTANTS:-.}

# name | file | the exact text (found exactly once; \n for a line break; \x7c for a `|`, which parts the fields) | what it becomes | tests that must fail (swift test --filter)
MUTANT_LIST='
lower-case-identifier|Sources/LivePhotoKit/Common/ContentIdentifier.swift|UUID().uuidString.uppercased()|UUID().uuidString.lowercased()|MovieInvariantsTests
dry-run-foreign-makernote|Sources/LivePhotoKit/Pair/PairPlanner.swift|= stillInfo.makerNote, !options.replaceForeignMakerNote {|= stillInfo.makerNote, !options.replaceForeignMakerNote, !options.dryRun {|PairSafetyTests
udta-identifier|Sources/ISOBMFF/Writing/MovieMetadataEdit.swift|            try MetadataStringEdit.set(value, forKey: key, in: meta, path: "moov/udta/meta")|            _ = meta|MovieInvariantsTests
next-track-id|Sources/ISOBMFF/Writing/MovieTrackEdit.swift|setNextTrackID(trackID + 1, in: plan)|_ = trackID|MovieInvariantsTests
track-past-movie-end|Sources/ISOBMFF/Writing/StillImageTimeTrackEdit.swift|if start < movieTicks, start + duration > movieTicks {|if start < movieTicks, start > movieTicks {|MovieInvariantsTests
pair-first-still-track-kept|Sources/LivePhotoKit/Pair/LivePhotoMovieEdit.swift|var removedTracks: [Track] { Array(existing.tracks.dropFirst()) }|var removedTracks: [Track] { Array(existing.tracks.dropLast()) }|StillImageTimeKeepTests
pair-movie-unchanged|Sources/LivePhotoKit/Pair/LivePhotoMovieEdit.swift|return placement == .keep && existing.tracks.count == 1|return placement == .keep|StillImageTimeKeepTests
convert-still-tick|Sources/LivePhotoKit/MotionPhoto/MotionPhotoToLivePhoto.swift|placement: .at(tick: stillTime.tick, sampleDuration|placement: .at(tick: stillTime.tick - 1, sampleDuration|MotionToLiveStillTimeTests
convert-other-tracks-disabled|Sources/LivePhotoKit/MotionPhoto/MotionPhotoToLivePhoto.swift|disabledTracks: tracks.playedOthers)|disabledTracks: [])|PixelMotionPhotoTests
sample-value|Sources/ISOBMFF/QuickTimeMetadata/StillImageTimeTrack.swift|w.u8(UInt8(bitPattern: value))|w.u8(UInt8(bitPattern: value &+ 1))|PairRoundTripTests
offset-shift|Sources/ISOBMFF/Writing/MovieLayout.swift|return offsets[i] + (old - h.offset)|return offsets[i] + (old - h.offset) + 1|MovieInvariantsTests
tref|Sources/ISOBMFF/QuickTimeMetadata/TimedMetadataTrack.swift|track.references = [.init(type: "cdsc", trackIDs: [describes])]|track.references = [.init(type: "cdep", trackIDs: [describes])]|PairRoundTripTests
identifier-locale|Sources/ISOBMFF/QuickTimeMetadata/MetadataStringEdit.swift|box.payload = data.atom().payload|box.payload = MetadataItemList.DataBox(typeField: 1, value: newValue).atom().payload|MetadataStringEditTests
rename|Sources/BinaryIO/AtomicFileWriter.swift|if FileSystemCalls.rename(temporaryPath, targetPath) != 0 {|if FileSystemCalls.rename(temporaryPath, targetPath + ".mutant") != 0 {|PairRoundTripTests
identifiers-equal|Sources/LivePhotoKit/Verify/Verifier.swift|stillID != nil && stillID == movieID,|stillID != nil,|VerifyTests
pair-still-time-kept|Sources/LivePhotoKit/Pair/PairStillTime.swift|if choice == .middle, let tick = existing.usableTick {|if choice != .middle, let tick = existing.usableTick {|StillImageTimeKeepTests
pair-write-method|Sources/LivePhotoKit/Pair/MovieWriteMethod.swift|guard faststart else { return (TailAppendMovieWrite.applies(to: file) ? .tailAppend : .rewrite, nil) }|guard faststart else { return (.rewrite, nil) }|PairRoundTripTests
pair-still-kind|Sources/LivePhotoKit/Pair/PairPlanner.swift|return (stillInfo, heic.map { .heic($0) } ?? .jpeg)|return (stillInfo, .jpeg)|HEICPairTests
convert-still-time|Sources/ISOBMFF/Movie/FrameTiming.swift|return index { FrameTiming.product($0, time.scale) > point }|return index { FrameTiming.product($0, time.scale) >= point }|FrameTimingExactTimeTests
layout-settle|Sources/ISOBMFF/Writing/AbsoluteOffsetTable.swift|if outcome == assumption { return }|if true { return }|MovieEdgeCaseTests
heif-second-item-offset|Sources/ISOBMFF/Writing/HEIFItemEditLayout.swift|let position = start + UInt64(w.count + header.count)|let position = start + UInt64(header.count)|HEIFMultiItemEditTests
scan-next-one-candidate|Sources/livephoto/ScanCommand.swift|if byName > 0 {|if byName > 1 {|ExportRepairCLITests
new-track-id-taken|Sources/ISOBMFF/Writing/MovieTrackEdit.swift|return (usedIDs.max() ?? 0) + 1|return trackID|NextTrackIDTests
extended-xmp-merge|Sources/LivePhotoKit/MotionPhoto/JPEGLiveToMotionPhoto.swift|if payloads.count > 1 && hasExtended {|if payloads.count > 2 && hasExtended {|MotionPhotoExtendedXMPTests
exif-next-offset-cut|Sources/StillImage/EXIF/ExifTIFF.swift|let next: UInt32 = r.remaining >= 4 ? try r.readUInt32() : 0|let next: UInt32 = r.remaining >= 3 ? try r.readUInt32() : 0|ExifNextIFDOffsetTests
make-movie-unchanged-text|Sources/livephoto/MakeCommand.swift|if result.movieWrite == .none {|if !(result.movieWrite == .none) {|MakeTextOutputTests
fourcc-latin1|Sources/BinaryIO/FourCC.swift|v = (v << 8)|v = (v << 9)|FourCCLiteralTests
exif-cut-next-field|Sources/StillImage/EXIF/ExifMakerNotePatch.swift|Array(tiff.tiff[at ..< at + 4]) : [0, 0, 0, 0]|Array(tiff.tiff[at ..< at + 4]) : [0, 0, 1, 0]|ExifPatchNextFieldTests
audio-delay-shown-edit|Sources/ISOBMFF/Writing/CopiedAudioTrack.swift|entries.prefix { $0.mediaTime < 0 }|entries.prefix { $0.mediaTime <= 0 }|CopiedAudioDelayTests
sef-name-fills-record|Sources/StillImage/JPEG/SamsungSEFTrailer.swift|guard nameLength <= 256, 8 + nameLength <= length else {|guard nameLength <= 256, 9 + nameLength <= length else {|JPEGTrailerTests
wallpaper-movie-dims-stored|Sources/ISOBMFF/Writing/WallpaperMovie.swift|let (width, height) = (video.configuration.width, video.configuration.height)|let (width, height) = (video.configuration.height, video.configuration.width)|WallpaperMovieTests
output-folder-walked|Sources/LivePhotoKit/Library/DirectoryWalker.swift|}) where sub.identity != outputFolder {|}) {|OutputFolderWalkTests
movie-tail-folder-permission|Sources/LivePhotoKit/Pair/PairPlan.swift|var movieInPlaceTail: Bool { method == .tailAppend }|var movieInPlaceTail: Bool { method != .tailAppend }|PairSafetyTests
large-size-error-offset|Sources/ISOBMFF/Movie/FullBoxReader.swift|(usedLargeSize ? 8 : 0))|(usedLargeSize ? 9 : 0))|SyntheticBoxTests
batch-pair-still-written|Sources/LivePhotoKit/Batch/BatchOperations.swift|BatchOutcome(still: r.stillOutput, movie: r.movieOutput|BatchOutcome(still: still, movie: r.movieOutput|OutputFolderWalkTests
pitm-built-flags|Sources/ISOBMFF/Items/PrimaryItemBox.swift|version = itemID > 0xFFFF ? 1 : 0; flags = 0;|version = itemID > 0xFFFF ? 1 : 0; flags = 1;|BoxCodecTests
fault-count-floor|Sources/BinaryIO/FaultInjection.swift|max(1, Int(parts[1]) ?? 1)|max(0, Int(parts[1]) ?? 1)|FaultInjectionPlanTests
makernote-next-field-cut|Sources/StillImage/EXIF/AppleMakerNoteEdit.swift|12 * layout.entries.count + 4|12 * layout.entries.count + 3|AppleMakerNoteNextFieldTests
progress-left-unknown|Sources/LivePhotoKit/Library/ProgressReporter.swift|let left = rate > 0 ? Double(total - done) / rate : 0|let left = rate > 0 ? Double(total - done) / rate : 1|progressLine
still-track-tick-one|Sources/ISOBMFF/QuickTimeMetadata/StillImageTimeTrack.swift|if stillTick > 0 { edits.append|if stillTick > 1 { edits.append|EditListTests
zone-hours-bound|Sources/LivePhotoKit/Common/CaptureTime.swift|let h = number(digits[0..<2]), h <= 18 else|let h = number(digits[0..<2]), h <= 19 else|zoneBounds
iloc-version-2-ids|Sources/ISOBMFF/Items/ItemLocationBox.swift|$0.itemID > 0xFFFF }) { version = 2 }|$0.itemID > 0xFFFF }) { version = 1 }|HEIFItemBoxTests
ftyp-last-brand|Sources/ISOBMFF/Boxes/FileTypeBox.swift|while r.remaining >= 4 { brands.append|while r.remaining >= 5 { brands.append|FixtureMovieTests
still-retry-from-first-sample|Sources/VideoFrames/StillFrameExtractor.swift|guard attempt == 0, start > 0, let earlier|guard attempt == 0, start > 1, let earlier|everyFrameOpenGOP
huawei-cover-microseconds|Sources/LivePhotoKit/MotionPhoto/MotionPhotoReader.swift|(0...Int64.max / 1000).contains|(0...Int64.max / 999).contains|coverTimeAtTheEdgeOfMicroseconds
new-ifd-later-value-offset|Sources/StillImage/EXIF/ExifMakerNotePatch.swift|valueAt = offset + 2 + 12 * entries.count + 4 + values.count|valueAt = offset + 3 + 12 * entries.count + 4 + values.count|BlockWriterTests
iloc-widen-nothing-to-hold|Sources/ISOBMFF/Items/ItemLocationBox.swift|let m = values.max() ?? 0|let m = values.max() ?? 1|ilocWideningWithNothingToHold
scan-duration-whole-seconds|Sources/LivePhotoKit/Library/ScannedFile.swift|guard timescale > 0 else { return nil }|guard timescale > 1 else { return nil }|ScannedDurationTests
jpeg-eoi-after-fill-bytes|Sources/StillImage/JPEG/JPEGImageEnd.swift|        guard start + 1 < bytes.count else { return nil }|        guard start + 2 < bytes.count else { return nil }|imageEndAfterFillBytes
scan-spans-unvalidated|Sources/ISOBMFF/Movie/MovieScanFacts.swift|        try root.validateTree()|        _ = root|MovieScanFactsTests
whole-second-media-timescale|Sources/ISOBMFF/Movie/Track.swift|(Int128(max(1, movieTimescale)), Int128(max(1, mediaHeader.timescale)))|(Int128(max(1, movieTimescale)), Int128(max(2, mediaHeader.timescale)))|wholeSecondMediaTimescale
heic-still-motion-photo-xmp|Sources/LivePhotoKit/MotionPhoto/HEICMotionPhotoStill.swift|xmp.integer(MotionPhotoXMP.motionPhoto) == 1 {|xmp.integer(MotionPhotoXMP.motionPhoto) == 2 {|motionToLiveKeepsEveryItemAndThePixels
grow-in-place-restored-after-failure|Sources/ISOBMFF/Writing/InPlaceMoovGrowth.swift|                restoredAfterFailure = true|                _ = 0|failedOverwriteRestoresBoth
moov-synced-before-journal-removed|Sources/ISOBMFF/Writing/InPlaceMoovGrowth.swift|try file.sync()|_ = 0|DurableWriteTests
folder-synced-after-rename|Sources/BinaryIO/AtomicFileWriter.swift|if dfd >= 0 { _ = fsync(dfd); close(dfd) }|if dfd >= 0 { close(dfd) }|DurableWriteTests
journal-synced-first|Sources/BinaryIO/OverwriteJournal.swift|            guard fsync(fd) == 0 else|            guard 0 == 0 else|DurableWriteTests
new-moov-synced-before-retire|Sources/ISOBMFF/Writing/TailAppendMovieWrite.swift|        try file?.syncData()|        _ = 0|DurableWriteTests
sample-ending-at-file-end|Sources/VideoFrames/VideoSampleBytes.swift|UInt64(range.size) <= file.source.size else {|UInt64(range.size) < file.source.size else {|VideoSampleBytesTests
iloc-v2-item-id-size|Sources/ISOBMFF/Items/ItemLocationBox.swift|let idSize = version < 2 ? 2 : 4|let idSize = version < 2 ? 2 : 3|ilocItemCountBound
copied-audio-whole-second-timescale|Sources/ISOBMFF/Writing/CopiedAudioTrack.swift|mediaTS = Int128(max(1, source.mediaHeader.timescale))|mediaTS = Int128(max(2, source.mediaHeader.timescale))|CopiedAudioDelayTests
sef-record-name-space|Sources/StillImage/JPEG/SamsungSEFTrailer.swift|nameBytes.filter { $0 >= 0x20 && $0 < 0x7F }|nameBytes.filter { $0 > 0x20 && $0 < 0x7F }|samsungRecordNamesKeepPrintableASCII
jpeg-end-window-first-byte|Sources/StillImage/JPEG/JPEGImageEnd.swift|            var i = 0|            var i = 1|imageEndOnAWindowsFirstByte
copied-audio-decode-time-runs|Sources/ISOBMFF/Writing/CopiedAudioTrack.swift|if index >= sample { break }|if index < sample { break }|CopiedAudioDecodeTimeTests
scanned-image-end-at-file-end|Sources/LivePhotoKit/MotionPhoto/ScannedImageEnd.swift|imageEnd <= source.size,|imageEnd < source.size,|anEndAtTheFilesLastByteIsCarried
jpeg-rewrite-old-exif-skipped|Sources/StillImage/JPEG/JPEGRewrite.swift|                pieces.append(.bytes(newExif))\n                cursor = s.endOffset|                pieces.append(.bytes(newExif))\n                _ = 0|JPEGRewriteTests
video-orientation-one-sample|Sources/ISOBMFF/QuickTimeMetadata/VideoOrientationTrack.swift|guard track.sampleTable.sampleCount > 0 else { return nil }|guard track.sampleTable.sampleCount > 1 else { return nil }|WallpaperStructureTests
copied-audio-stts-run-count|Sources/ISOBMFF/Writing/CopiedAudioTrack.swift|stts[stts.count - 1].count += 1|stts[stts.count - 1].count += 0|CopiedAudioDelayTests
gps-altitude-below-sea-level|Sources/StillImage/EXIF/CapturedStillExif.swift|[altitude < 0 ? 1 : 0]|[altitude >= 0 ? 1 : 0]|CapturedStillGPSTests
heif-meta-64-bit-header|Sources/ISOBMFF/Items/HEIFFile.swift|meta.usedLargeSize = metaHeader.headerSize == 16|meta.usedLargeSize = metaHeader.headerSize == 15|syntheticLayouts
fixed-fields-after-user-type|Sources/ISOBMFF/Boxes/ContainerRegistry.swift|let header = UInt64(8 + (userType == nil ? 0 : 16) + (usedLargeSize ? 8 : 0))|let header = UInt64(8 + (userType == nil ? 0 : 15) + (usedLargeSize ? 8 : 0))|fixedFieldsAfterEveryHeaderForm
journal-region-to-the-end|Sources/BinaryIO/OverwriteJournal.swift|length <= fileSize - offset else {|length < fileSize - offset else {|regionToTheEnd
journal-descriptor-closed|Sources/BinaryIO/OverwriteJournal.swift|            close(fd)\n            AtomicFileWriter.syncDirectory(of: journalPath)|            AtomicFileWriter.syncDirectory(of: journalPath)|OverwriteJournalDescriptorTests
wallpaper-start-option|Sources/livephoto/MakeCommand.swift|        options.wallpaperStart = start|        _ = 0|startChoosesTheSpan
size-zero-box-size-top-byte|Sources/ISOBMFF/Writing/TailAppendMovieWrite.swift|[UInt8(value >> 24), UInt8((value >> 16)|[UInt8(value >> 25), UInt8((value >> 16)|sizeZeroLargeMediaTailAppend
hevc-sub-layer-profile-bits|Sources/VideoFrames/HEVC/HEVCConfigurationRecord.swift|if profilePresent[i] { try r.skip(88) }|if profilePresent[i] { try r.skip(89) }|HEVCSubLayerSPSTests
motion-still-before-delayed-video|Sources/LivePhotoKit/MotionPhoto/MotionPhotoStillTime.swift|lastFrame(startingAtOrBefore: slack) ?? 0|lastFrame(startingAtOrBefore: slack) ?? 1|stillTrackMomentBeforeADelayedVideoTakesItsFirstFrame
optional-attribute-other-failure|Sources/BinaryIO/FileMetadata.swift|e == EINVAL) {|e != EINVAL) {|otherNamespacesFailForOtherReasons
heic-append-not-cut-back|Sources/ISOBMFF/Writing/HEIFTailAppendWrite.swift|file.cutToOriginalSize()\n            state = .finished|state = .finished|HEICTailAppendUndoTests
motion-still-no-tick-shown|Sources/LivePhotoKit/MotionPhoto/MotionPhotoStillTime.swift|guard timing.frame(containingMovieTick: placed.tick) != nil else {|guard timing.frameCount >= 0 else {|aLastFrameNoTickShowsIsAnErrorNamingTheTrack
identifier-candidate-matched-by|Sources/LivePhotoKit/Library/LibraryMatcher.swift|finding.matchedBy = .identifier\n                    findings.append(finding)|findings.append(finding)|LibraryIdentifierCandidateTests
hevc-444-colour-plane-flag|Sources/VideoFrames/HEVC/HEVCConfigurationRecord.swift|if chroma == 3 { try r.skip(1) }|if chroma == 2 { try r.skip(1) }|HEVCChromaFormatSPSTests
decoder-threads-left-to-us|Sources/VideoFrames/FFmpegDecoder.swift|guard threads <= 0 else {|guard threads < 0 else {|DecoderThreadCountTests
heic-still-exif-size-turned|Sources/LivePhotoKit/Make/MakeOperation.swift|exif.pixelWidth = frame.width|_ = 0|MakeHEICStillTests
copied-audio-only-empty-edits|Sources/ISOBMFF/Writing/CopiedAudioTrack.swift|delayEdits.count < entries.count else|delayEdits.count <= entries.count else|CopiedAudioDelayTests
zero-width-cluster-columns|Sources/livephoto/TerminalColumns.swift|if scalars.allSatisfy(isZeroWidth) { return 0 }|if scalars.allSatisfy(isZeroWidth) { return 1 }|ScanTableCLITests
temporary-name-nul|Sources/BinaryIO/FileSystemCalls.swift|template.prefix { $0 != 0 }|template.prefix { $0 != 1 }|TemporaryFileNameTests
jpeg-still-synced-before-commit|Sources/StillImage/StillIdentifierWriter.swift|try writer.sync()\n            try verifyWritten|try verifyWritten|DurableWriteTests
bitstream-transfer-first|Sources/VideoFrames/FrameColour.swift|let transfer = bitstreamTransfer != unspecified && bitstreamTransfer != 0|let transfer = bitstreamTransfer == unspecified && bitstreamTransfer != 0|FrameColourSourceTests
short-mdhd-language|Sources/ISOBMFF/Movie/MediaHeader.swift|if r.remaining >= 4 { language = try r.readUInt16()|if r.remaining >= 3 { language = try r.readUInt16()|BoxCodecTests
make-summary-zero-count|Sources/livephoto/MakeCommand.swift|tally.outcomes[s] ?? 0 }|tally.outcomes[s] ?? 1 }|MakeCLITests.folderSummary
help-exit-codes|Sources/livephoto/LivePhotoCommand.swift|3 a file is missing|4 a file is missing|CLITests.help
span-zero-type-box|Sources/ISOBMFF/Boxes/BoxSpan.swift|if type.rawValue == 0 && end - start == 4 {|if type.rawValue == 0 && end - start != 4 {|BoxSpanZeroTypeTests
heic-abort-puts-meta-back|Sources/ISOBMFF/Writing/HEIFTailAppendWrite.swift|            _ = try? file?.write(oldBytes, at: patchOffset)\n            file?.cutToOriginalSize()|            file?.cutToOriginalSize()|HEICTailAppendUndoTests
bitstream-matrix-first|Sources/VideoFrames/FrameColour.swift|if matrix == unspecified |if matrix != unspecified |FrameColourSourceTests
takeout-first-second|Sources/LivePhotoKit/Common/TakeoutSidecar.swift|seconds > 0, seconds < latestTimestamp|seconds > 1, seconds < latestTimestamp|TakeoutSidecarTests
uuid-hex-letters|Sources/LivePhotoKit/Common/ContentIdentifier.swift|(b >= 0x61 && b <= 0x66)|(b >= 0x61 && b <= 0x67)|ContentIdentifierFormTests
copy-fallback-from-offset|Sources/BinaryIO/AtomicFileWriter.swift|try write(try source.read(at: offset + copied, count: chunk))|try write(try source.read(at: copied, count: chunk))|CrossFileSystemCopyTests
span-largesize-low-word|Sources/ISOBMFF/Boxes/BoxSpan.swift|UInt64(BoxSpan.u32(buffer, at + 12))|UInt64(BoxSpan.u32(buffer, at + 13))|BoxSpanZeroTypeTests
wallpaper-one-second-video|Sources/LivePhotoKit/Make/WallpaperMake.swift|guard videoEnd - videoStart >= minimumSeconds * ts else {|guard videoEnd - videoStart > minimumSeconds * ts else {|WallpaperSpanTests
makernote-append-aligned|Sources/StillImage/EXIF/ExifMakerNotePatch.swift|keeping: protectedRanges(original, except: entry))\n        block.align()\n|keeping: protectedRanges(original, except: entry))\n|ExifPatchPropertyTests
annexb-two-zero-bytes|Sources/VideoFrames/HEVC/HEVCNALUnits.swift|bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1|bytes[i] == 0, bytes[i + 0] == 0, bytes[i + 2] == 1|HEVCNALUnitsTests
rgb-no-brightness|Sources/VideoFrames/RGBConversion.swift|jpegTable, 1, 0, 1 << 16, 1 << 16)|jpegTable, 1, 1, 1 << 16, 1 << 16)|StillFramePixelsTests
grey-components-config|Sources/StillImage/EXIF/RequiredExifTags.swift|facts.components == 1 ? [1, 0, 0, 0]|facts.components == 1 ? [2, 0, 0, 0]|ExifValidateTests
jfif-units-byte|Sources/StillImage/EXIF/RequiredExifTags.swift|let units = p[7]|let units = p[8]|ExifValidateTests
decimal-six-whole-digits|Sources/LivePhotoKit/Common/DecimalSeconds.swift|whole.count <= 6|whole.count < 6|WallpaperSpanTests
zone-hours-alone|Sources/LivePhotoKit/Common/CaptureTime.swift|guard digits.count == 2 |guard digits.count == 3 |CaptureTimeTests
floor-division-sign|Sources/ISOBMFF/Movie/FrameTiming.swift|(a % b != 0 && (a > 0) != (b > 0)) ? q - 1 : q|(a % b != 0 && (a > 1) != (b > 0)) ? q - 1 : q|FrameTimingTests
heic-abort-after-commit|Sources/ISOBMFF/Writing/HEIFTailAppendWrite.swift|            _ = try? file.sync()\n            file.cutToOriginalSize()\n|            _ = try? file.sync()\n|HEICTailAppendUndoTests
wallpaper-dims-stored|Sources/LivePhotoKit/Pair/WallpaperMovieEdit.swift|(UInt32(clamping: $0.storedWidth), UInt32(clamping: $0.storedHeight))|(UInt32(clamping: $0.width), UInt32(clamping: $0.height))|WallpaperCLITests
wallpaper-reference-stored|Sources/LivePhotoKit/Pair/WallpaperMovieEdit.swift|StillImageTransform(width: Float(structure.video?.storedWidth ?? 0), height: Float(structure.video?.storedHeight ?? 0))|StillImageTransform(width: Float(structure.video?.width ?? 0), height: Float(structure.video?.height ?? 0))|WallpaperCLITests
heif-display-size-turn|Sources/ISOBMFF/Items/HEIFFile.swift|return turns % 2 == 1 ?|return turns % 2 == 3 ?|HEIFItemBoxTests
scan-part-path-order|Sources/LivePhotoKit/Library/StreamingMatcher.swift|part.findings = LibraryMatcher.sortedByFirstFile(part.findings)|_ = part.findings|StreamingScanTests
stsc-trailing-run|Sources/ISOBMFF/Movie/SampleTable.swift|sample >= total else {|sample > total else {|SampleToChunkRunTests
sticky-movie-rewrite|Sources/LivePhotoKit/Pair/PairOperation.swift|if replaced.movie && outputs.movie == moviePath|if !replaced.movie && outputs.movie == moviePath|StickyFolderTests
no-jobs-one-worker|Sources/LivePhotoKit/Library/ParallelWork.swift|for _ in 0..<max(1, workers) {|for _ in 0..<max(0, workers) {|ParallelFeedTests
identifier-order-case|Sources/LivePhotoKit/Library/FileKey.swift|b.low, b.isLowercase ? 1 : 0)|b.low, b.isLowercase ? 0 : 0)|StreamingKeysTests
next-track-id-hint-kept|Sources/ISOBMFF/Writing/MovieTrackEdit.swift|if trackID == 0 |if trackID != 0 |NextTrackIDTests
wallpaper-audio-media-dates|Sources/ISOBMFF/Writing/CopiedAudioTrack.swift|media.creationTime = 0; media.modificationTime = 0|media.creationTime = 0; media.modificationTime = 1|WallpaperMovieDatesTests
wallpaper-source-dates|Sources/ISOBMFF/Writing/WallpaperMovie.swift|        MovieTimesEdit.setUnsetHeaderTimes(creation: creationTime, modification: modificationTime, in: image.moov)|        _ = image|WallpaperMovieDatesTests
gmin-op-color-padded-zero|Sources/ISOBMFF/Movie/BaseMediaInfo.swift|max(opColor.count, 3) { w.u16(0) }|max(opColor.count, 3) { w.u16(1) }|GenericTrackBoxCodecTests
leftover-unknown-type-maybe-link|Sources/LivePhotoKit/Library/InterruptedPairLeftovers+Scan.swift|type == UInt8(DT_UNKNOWN) ? .maybeLink|type == UInt8(DT_REG) ? .maybeLink|FolderLeftoverSignsTests
convert-sync-error-names-movie|Sources/LivePhotoKit/MotionPhoto/MotionPhotoToLivePhoto.swift|LivePhotoError.wrap(error, path: names[1], category: .refused)|LivePhotoError.wrap(error, path: names[0], category: .refused)|outputSyncFails
encoder-vui-range|Sources/VideoFrames/FFmpegEncoder.swift|        context.pointee.color_range = colour.fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG|        _ = colour|vuiSaysTheSourceColour
wallpaper-audio-track-two|Sources/ISOBMFF/Writing/WallpaperMovie.swift|            audio.track.header.trackID = 2|            _ = 0|trackIDsAreTheCameras
file-kind-jpeg-three-bytes|Sources/LivePhotoKit/Common/FileKind.swift|if head.count >= 3 && head[0] == 0xFF|if head.count >= 2 && head[0] == 0xFF|FileKindTests
xmp-padding-cut-at-its-byte|Sources/StillImage/XMP/XMPPacket.swift|xml[end - 1] == 0x0D|xml[end - 2] == 0x0D|XMPPacketPaddingTests
heif-extent-may-start-at-end|Sources/ISOBMFF/Items/HEIFFile.swift|guard !o1, relative <= size else {|guard !o1, relative < size else {|HEIFItemRangeTests
same-samples-first-counts|Sources/LivePhotoKit/Pair/ExistingOutputs.swift|where i >= 0 && i < rx.count|where i > 0 && i < rx.count|SameSamplesTests
product-saturates-signed|Sources/ISOBMFF/Movie/FrameTiming.swift|return overflow ? ((a < 0) != (b < 0)|return overflow ? ((a >= 0) != (b < 0)|FrameTimingProductTests
verify-size-tkhd-height|Sources/LivePhotoKit/Verify/MovieVerifyFacts.swift|var h = video.header.height > 0 ?|var h = video.header.height <= 0 ?|MovieVerifyFactsSizeTests
make-still-makernote|Sources/StillImage/EXIF/CapturedStillExif.swift|tiff.exif.append(.undefined(ExifTIFF.makerNoteTag, AppleMakerNote.minimal(contentIdentifier: contentIdentifier).serialized()))|_ = AppleMakerNote.minimal(contentIdentifier: contentIdentifier)|CapturedStillMakerNoteTests
remove-video-had-directory|Sources/LivePhotoKit/MotionPhoto/MotionPhotoToLivePhoto.swift|let had = directory != nil|let had = directory == nil|RemoveVideoTests
same-folder-slash-after|Sources/LivePhotoKit/Library/InterruptedPairLeftovers+Scan.swift|p[f.count] == slash,|p[f.count] != slash,|FolderLeftoverSignsTests
xmp-built-element-namespace|Sources/StillImage/XMP/XMPPacket.swift|return e.resolveNamespace(forName: name)?.stringValue|return nil|directorySetTwiceIsOneDirectory
extended-xmp-moves-attributes|Sources/StillImage/XMP/XMPPacket.swift|                d.removeAttribute(forName: name)|                _ = name|attributePropertiesMove
std-descriptors-filled|Sources/livephoto/StandardDescriptors.swift|            _ = open("/dev/null", O_RDWR)|            _ = 0|StandardDescriptorsCLITests
opened-minus-one|Sources/BinaryIO/FileSystemCalls.swift|{ fd == -1 ? nil : fd }|{ fd <= 0 ? nil : fd }|OpenedDescriptorTests
make-again-paired-movie|Sources/LivePhotoKit/Make/MakeOperation.swift|                pairedFile = other|                _ = other|mp4MadeAgainReportsThePairedMovie
huawei-cinemagraph-fills-room|Sources/StillImage/JPEG/HuaweiLiveTrailer.swift|guard length >= 4, length <= fields - videoOffset else {|guard length >= 4, length < fields - videoOffset else {|cinemagraphSizeAtTheRoom
sef-name-length-bound|Sources/StillImage/JPEG/SamsungSEFTrailer.swift|guard nameLength <= 256,|guard nameLength <= 257,|samsungRecordNameLengthBound
batch-make-threads-lone-movie|Sources/LivePhotoKit/Batch/BatchMake.swift|if jobs > 1 && count > 1 {|if jobs > 1 && count > 0 {|BatchMakeThreadsTests
prefetch-whole-head|Sources/BinaryIO/FileSource.swift|n <= UInt64(head.count), offset|n < UInt64(head.count), offset|FileSourcePrefetchTests
jpeg-header-keeps-adobe|Sources/StillImage/JPEG/JPEGHeaderInfo.swift|segment.isAPP(14)|segment.isAPP(13)|adobeTransform
make-still-create-date|Sources/StillImage/EXIF/CapturedStillExif.swift|            tiff.exif.append(.ascii(0x9004, dateTimeOriginal))|            _ = 0|mvhdDate
box-header-compact-at-limit|Sources/ISOBMFF/Boxes/BoxHeader.swift|let compact = payloadSize + 8 <= UInt64(UInt32.max)|let compact = payloadSize + 8 < UInt64(UInt32.max)|BoxHeaderBytesTests
make-default-quality|Sources/LivePhotoKit/Make/MakeOptions.swift|    public var quality = 92|    public var quality = 93|defaultEncoding
motion-xmp-packet-without-flag|Sources/LivePhotoKit/MotionPhoto/MotionPhotoXMPPackets.swift|found.motion == nil { found.motion = (packet|found.motion != nil { found.motion = (packet|OtherMakerMotionPhotoTests
identifier-key-irreflexive|Sources/LivePhotoKit/Library/FileKey.swift|b.low, b.isLowercase ? 1 : 0)|b.low, b.isLowercase ? 2 : 0)|StreamingKeysTests
still-open-gop-retry|Sources/VideoFrames/StillFrameExtractor.swift|for attempt in 0..<2 {|for attempt in 0..<1 {|openGOPLeadingPictures
wallpaper-open-gop-retry|Sources/VideoFrames/SourceFrames.swift|if earlierGOP, start > 0|if false, start > 0|spanStartingOnOpenGOPLeadingPictures
still-backup-name-taken|Sources/LivePhotoKit/Pair/StillBackup.swift|if errno != EEXIST { break }|if errno == EEXIST { break }|stillBackupNameTaken
wallpaper-playback-intent-value|Sources/ISOBMFF/QuickTimeMetadata/LivePhotoMovieKeys.swift|ourValue: int64(1), everyCamera: false)|ourValue: int64(2), everyCamera: false)|LivePhotoMovieKeysTests
stop-request-polled|Sources/LivePhotoKit/Common/StopRequest.swift|        if requested == 0 { requested = poll() }|        if requested == 1 { requested = poll() }|StopRequestTests
heic-chroma-format|Sources/LivePhotoKit/Common/HEICStill.swift|switch hvcC[16] & 3 {|switch hvcC[16] & 4 {|subsamplingFromHvcC
capture-time-leap-second|Sources/LivePhotoKit/Common/CaptureTime.swift|mi < 60, s < 61 else|mi < 60, s < 62 else|CaptureTimeFieldBoundsTests
libexif-orientation-short|Sources/StillImage/EXIF/ExifBlock.swift|e.pointee.format == EXIF_FORMAT_SHORT,|e.pointee.format != EXIF_FORMAT_SHORT,|LibexifOrientationTests
jpeg-error-names-segment|Sources/StillImage/JPEG/JPEGStructure.swift|            error.path = path()|            _ = 0|cutInTheLengthField
remove-video-keeps-gain-map-directory|Sources/LivePhotoKit/MotionPhoto/MotionPhotoToLivePhoto.swift|kept.contains(where: { $0.semantic == MotionPhotoXMP.Semantic.gainMap })|kept.contains(where: { $0.semantic != MotionPhotoXMP.Semantic.gainMap })|gainMapKept
metadata-items-stray-byte|Sources/ISOBMFF/QuickTimeMetadata/StillImageTransform.swift|        while r.remaining > 0 {|        while r.remaining > 1 {|hostileRecords
folder-budget-starts-empty|Sources/LivePhotoKit/Library/OpenFolder.swift|    private var used = 0|    private var used = 1|DescriptorBudgetTests
last-edit-zero-from-media-start|Sources/ISOBMFF/Movie/FrameTiming.swift|if length == 0, n == edits.count - 1, edit.mediaTime >= 0,|if length == 0, n == edits.count - 1, edit.mediaTime > 0,|lastEditOfDurationZero
owned-frame-freed|Sources/VideoFrames/DecodedFrame.swift|        lp_av_frame_free(&f)|        _ = f|OwnedFrameTests
wallpaper-default-keyframe-interval|Sources/VideoFrames/WallpaperVideoEncoder.swift|        public var keyframeInterval: Int = 30|        public var keyframeInterval: Int = 31|defaultKeyframeInterval
span-validate-depth|Sources/ISOBMFF/Boxes/BoxSpan.swift|try BoxSpan.validate(buffer, baseOffset: baseOffset, children: (payloadStart + prefixLength)..<end, parentType: type, depth: depth + 1)|try BoxSpan.validate(buffer, baseOffset: baseOffset, children: (payloadStart + prefixLength)..<end, parentType: type, depth: depth + 2)|BoxSpanDepthTests
zone-offset-minutes-bound|Sources/LivePhotoKit/Common/CaptureTime.swift|guard let m, m < 60 else { return nil }|guard let m, m < 59 else { return nil }|CaptureTimeZoneBoundTests
zone-offset-hours-bound|Sources/LivePhotoKit/Common/CaptureTime.swift|let h = number(digits[0..<2]), h <= 18 else { return nil }|let h = number(digits[0..<2]), h <= 17 else { return nil }|CaptureTimeZoneBoundTests
verify-size-from-header-at-one|Sources/LivePhotoKit/Verify/MovieVerifyFacts.swift|var w = video.header.width > 0 ? video.header.width : Double(entry.width ?? 0)|var w = video.header.width > 1 ? video.header.width : Double(entry.width ?? 0)|MovieVerifyFactsSizeTests
rendition-clash-still-identifier|Sources/LivePhotoKit/Library/LibraryMatcher.swift|movie: f.role == .movie ? f.path : nil, identifier: id, stillIdentifier: f.role == .still ? id : nil,|movie: f.role == .movie ? f.path : nil, identifier: id, stillIdentifier: f.role != .still ? id : nil,|renditionsByIdentifier
still-facts-unsized-height|Sources/StillImage/StillHeaderFacts.swift|var facts = StillHeaderFacts(contentIdentifier: nil, width: 0, height: 0, orientation: nil)|var facts = StillHeaderFacts(contentIdentifier: nil, width: 0, height: 1, orientation: nil)|StillHeaderFactsSizeTests
dref-entry-flags|Sources/ISOBMFF/Movie/DataReference.swift|UInt32(b[2]) << 8|UInt32(b[2]) << 9|dataReferenceEntryFields
journal-header-only-complete|Sources/BinaryIO/OverwriteJournal.swift|guard source.size >= UInt64(headerSize),|guard source.size > UInt64(headerSize),|headerOnlyJournal
stsz-constant-default-version|Sources/ISOBMFF/Movie/SampleSizeBox.swift|public init(version: UInt8 = 0, flags: UInt32 = 0, constantSize: UInt32|public init(version: UInt8 = 1, flags: UInt32 = 0, constantSize: UInt32|StillImageTimeTrackLayoutTests
encoder-limited-range|Sources/VideoFrames/EncoderFrameConverter.swift|let range: Int32 = colour.fullRange ? 1 : 0|let range: Int32 = colour.fullRange ? 1 : 1|rgbSourceIsConvertedToTheRangeTheStreamSays
tiff-odd-value-pad-zero|Sources/StillImage/EXIF/TIFFDirectoryWriter.swift|if e.value.count & 1 == 1 { area.append(0) }|if e.value.count & 1 == 1 { area.append(1) }|TIFFDirectoryWriterLayoutTests
vivo-id-trailing-nul|Sources/StillImage/JPEG/VivoLivePhotoTrailer.swift|while end > 0, [0, 0x0A, 0x0D, 0x20].contains(bytes[end - 1]) { end -= 1 }|while end > 0, [1, 0x0A, 0x0D, 0x20].contains(bytes[end - 1]) { end -= 1 }|paddingAfterTheAlbumIdIsIgnored
motion-still-last-frame|Sources/LivePhotoKit/MotionPhoto/MotionPhotoStillTime.swift|let last = timing.frameCount - 1|let last = timing.frameCount - 2|onlyATimestampPastTheLastFrameIsSaidToLiePastTheVideo
encoder-threads-none-asked|Sources/VideoFrames/FFmpegEncoder.swift|guard threads <= 0 else { return Int32(clamping: threads) }|guard threads < 0 else { return Int32(clamping: threads) }|leftToUsTwoOnlyWhereLibx265WouldRunOne
make-cli-subsampling|Sources/livephoto/MakeCommand.swift|options.subsampling = subsampling|_ = subsampling|subsamplingAndQuality
make-cli-quality|Sources/livephoto/MakeCommand.swift|options.quality = quality|_ = quality|subsamplingAndQuality
heic-item-made-of-items|Sources/LivePhotoKit/HEIC/HEICIdentifierWriter.swift|guard item.constructionMethod != .itemOffset else { continue }|guard item.constructionMethod == .itemOffset else { continue }|syntheticLayouts
heif-open-item-made-of-items|Sources/ISOBMFF/Items/HEIFFile.swift|for item in locations.items where item.constructionMethod != .itemOffset { _ = try dataRanges(of: item) }|for item in locations.items { _ = try dataRanges(of: item) }|syntheticLayouts
heif-edit-item-made-of-edited|Sources/ISOBMFF/Writing/HEIFItemEditLayout.swift|if let built = iloc.items.first(where: { $0.constructionMethod == .itemOffset && iref.targets(of: $0.itemID, type: "iloc").contains(id) }) {|if let built = iloc.items.first(where: { $0.constructionMethod == .itemOffset && iref.targets(of: $0.itemID, type: "iloc").contains(id + 1) }) {|itemMadeOfTheExifItemIsRefused
jpeg-marker-sof-bound|Sources/StillImage/JPEG/JPEGMarker.swift|m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC|m >= 0xC0 && m <= 0xCE && m != 0xC4 && m != 0xC8 && m != 0xCC|JPEGMarkerClassTests
ipma-id-size|Sources/ISOBMFF/Items/ItemPropertiesBox.swift|let idSize = version < 1 ? 2 : 4|let idSize = version < 1 ? 2 : 5|ipmaSmallestEntries
tally-unreadable-once|Sources/LivePhotoKit/Batch/BatchPart.swift|} else { unreadableFiles += 1 }|} else { unreadableFiles += 2 }|tallyCountsPairsAndUnreadableFiles
verify-busy-refused|Sources/LivePhotoKit/Common/LivePhotoError.swift|public var readFailureStatus: ExitStatus { category == .refused ? .refused : .unreadable }|public var readFailureStatus: ExitStatus { category != .refused ? .refused : .unreadable }|verifyFolderWaitIsHonoured
verify-dir-wait|Sources/LivePhotoKit/Batch/BatchOperations.swift|decodeStill: strict, lockWait: lockWait))|decodeStill: strict))|verifyFolderWaitIsHonoured
reported-seconds-shift|Sources/LivePhotoKit/MotionPhoto/ReportedSeconds.swift|guard (0..<120).contains(shift) else {|guard (0..<119).contains(shift) else {|everyShift
convert-wait|Sources/LivePhotoKit/MotionPhoto/LivePhotoToMotionPhoto.swift|mode: options.dryRun ? .shared : .exclusive, wait: options.lockWait, stop: nil)|mode: options.dryRun ? .shared : .exclusive, wait: FileLockSet.defaultWait, stop: nil)|convertWaitIsHonoured
journal-length-bound|Sources/BinaryIO/OverwriteJournal.swift|guard source.size >= UInt64(headerSize), source.size - UInt64(headerSize) <= maximumLength else {|guard source.size >= UInt64(headerSize), source.size - UInt64(headerSize) < maximumLength else {|lengthBound
new-video-vmhd|Sources/ISOBMFF/Writing/NewVideoTrack.swift|w.u32(1); w.u16(0x40); w.u16(0x8000); w.u16(0x8000); w.u16(0x8000)|_ = 0 // dropped|videoMediaHeader
in-place-edit-fd-zero|Sources/BinaryIO/InPlaceFileEdit.swift|if descriptor >= 0 { Glibc.close(descriptor) }|if descriptor >= 1 { Glibc.close(descriptor) }|closesDescriptorZero
block-writer-pad-zero|Sources/StillImage/EXIF/ExifMakerNotePatch.swift|mutating func align() { if bytes.count & 1 == 1 { bytes.append(0) } }|mutating func align() { if bytes.count & 1 == 1 { bytes.append(1) } }|outOfLineValuesLandWhereTheirEntriesPoint
xmp-prefix-number|Sources/StillImage/XMP/XMPPacket.swift|var n = 1|var n = 2|takenPrefixGetsTheNextNumber
heif-new-item-id-from-zero|Sources/ISOBMFF/Writing/HEIFItemEditLayout.swift|let top = max(iinf.entries.map(\.itemID).max() ?? 0, iloc.items.map(\.itemID).max() ?? 0)|let top = max(iinf.entries.map(\.itemID).max() ?? 0, iloc.items.map(\.itemID).max() ?? 1)|newItemIDAfterTheHighest
heic-live-holds-image|Sources/LivePhotoKit/MotionPhoto/HEICLiveToMotionPhoto.swift|(try? HEIFItemsKept.check(original: file, writtenPath: path, changed: Set([xmpItemID].compactMap { $0 }))) != nil|(try? HEIFItemsKept.check(original: file, writtenPath: path, changed: Set([xmpItemID].compactMap { $0 }))) == nil|liveToMotionRunAgainFindsItsOwnHEIC
heic-items-kept-read-back|Sources/LivePhotoKit/MotionPhoto/HEIFItemsKept.swift|try check(original: original, written: HEIFFile.open(path: writtenPath), changed: changed)|_ = writtenPath|motionToLiveRunAgainFindsItsOwnHEICStill
motion-holds-heic-image|Sources/LivePhotoKit/MotionPhoto/MotionPhotoToLivePhoto.swift|return (try? HEIFItemsKept.check(original: heic.still, writtenPath: stillPath, changed: changed)) != nil|return (try? HEIFItemsKept.check(original: heic.still, writtenPath: stillPath, changed: changed)) == nil|motionToLiveRunAgainFindsItsOwnHEICStill
convert-batch-sync-fails-all|Sources/LivePhotoKit/Batch/ConvertBatch.swift|guard r.status == .converted else { return r }|guard r.status != .converted else { return r }|folderOutputSyncFails
convert-batch-sync-error-named|Sources/LivePhotoKit/Batch/ConvertBatch.swift|failed.error = LivePhotoError.wrap(error, path: r.still ?? r.motionPhoto ?? r.input, category: .refused).description|_ = 0|folderOutputSyncFails
live-photo-info-record-equal|Sources/ISOBMFF/QuickTimeMetadata/LivePhotoInfoRecord.swift|a.entryCounts?.second == b.entryCounts?.second|a.entryCounts?.second != b.entryCounts?.second|equalOnlyWhenVersionAndBothCountsAre
mp4-gets-ftyp-first|Sources/ISOBMFF/Writing/WholeFileMovieWriter.swift|pieces.append(.atom(ftyp))|_ = ftyp|theEmbeddedMP4StartsWithAnISOFileType
growth-abort-removes-journal|Sources/ISOBMFF/Writing/InPlaceMoovGrowth.swift|guard state == .prepared else { return }|guard state != .prepared else { return }|abortAfterPrepare
heic-still-abort-on-stop|Sources/LivePhotoKit/Pair/PairCommit.swift|still.write.abort()|_ = 0|heicStopBeforeCommit
atom-fourcc-second-byte|Sources/ISOBMFF/Boxes/AtomParser.swift|UInt32(bytes[s + 1]) << 16 \x7c UInt32(bytes[s + 2]) << 8|UInt32(bytes[s + 2]) << 16 \x7c UInt32(bytes[s + 2]) << 8|metaForms
split-video-identifier|Sources/LivePhotoKit/MotionPhoto/SplitVideoConversion.swift|result.identifier = paired.identifier|_ = 0|takeoutConvert
transform-nine-values|Sources/ISOBMFF/QuickTimeMetadata/StillImageTransform.swift|for _ in matrix.count..<max(matrix.count, 9) { matrixBytes.u64(0) }|for _ in matrix.count..<max(matrix.count, 8) { matrixBytes.u64(0) }|nineValues
heic-verify-other-items|Sources/LivePhotoKit/HEIC/HEICIdentifierWriter.swift|for item in sourceFile.locations.items where item.itemID != editedItem|for item in sourceFile.locations.items where item.itemID == editedItem|HEICVerifyWrittenTests
heic-patch-last-meta-byte|Sources/ISOBMFF/Writing/HEIFTailAppendWrite.swift|var last = old.count - 1|var last = old.count - 2|HEICMetaLastBytePatchTests
heic-verify-read-back|Sources/LivePhotoKit/HEIC/HEICIdentifierWriter.swift|try verifyWritten(sourceFile: sourceFile, written: HEICStill(path: writtenPath), exifItem: editedItem, identifier: identifier)|_ = writtenPath|HEICVerifyWrittenTests
full-decode-size-limit|Sources/StillImage/JPEG/TurboJPEGFullDecode.swift|guard source.size <= maxFullDecodeFileSize else {|guard source.size < maxFullDecodeFileSize else {|exactlyTheLimitIsRead
wallpaper-fps-zero|Sources/LivePhotoKit/Verify/WallpaperChecks.swift|seconds > 0 ? Double(frames) / seconds : 0|seconds > 0 ? Double(frames) / seconds : 1|framesOverSeconds
libheif-encode-side-limit|Sources/StillImage/HEIF/LibHeifEncode.swift|height <= 1 << 16, pixels.count|height <= 2 << 16, pixels.count|LibHeifTests
'

# The scratch copy: every file git knows or would add (mtimes kept, so the build is incremental).
mkdir -p "$scratch"
rm -rf "$scratch/Sources" "$scratch/Tests"
(cd "$repo" && git ls-files -z -co --exclude-standard | tar --null -T - -cf -) | tar -xf - -C "$scratch"
mkdir -p "$scratch/.mutant-logs"
cd "$scratch"

# Replaces the one occurrence of $2 in file $1 by $3; fails when it is not there exactly once
# (the list has gone stale against the code).
apply() {
    python3 - "$1" "$2" "$3" <<'EOF'
import sys
path, old, new = (a.replace("\\n", "\n").replace("\\x7c", "|") for a in sys.argv[1:4])   # `\n` in the list: a line break; `\x7c`: a `|`
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{path}: the mutated text occurs {text.count(old)} times, not once: {old}")
open(path, 'w').write(text.replace(old, new))
EOF
}

run_tests() { # filter, log
    "$SWIFT" test --skip-build --filter "$1" >>"$2" 2>&1
}

echo "mutants: building the unmutated copy in $scratch"
"$SWIFT" build --build-tests >"$scratch/.mutant-logs/baseline.log" 2>&1 || { echo "mutants: the unmutated tree does not build (see $scratch/.mutant-logs/baseline.log)"; exit 2; }

if [ -n "${MUTANTS_RANDOM:-}" ]; then
    # The whole suite must pass without the mutants, or a kill would mean nothing. A pass is
    # remembered for the exact tree (sources, tests, fixtures), so the next seed does not rerun it.
    tree=$(cd "$scratch" && find Package.swift Sources Tests Fixtures -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum | cut -c1-40)
    if [ "$(cat "$scratch/.mutant-logs/baseline-all.passed" 2>/dev/null)" != "$tree" ]; then
        rm -f "$scratch/.mutant-logs/baseline-all.passed"
        "$SWIFT" test --skip-build >"$scratch/.mutant-logs/baseline-all.log" 2>&1 || { echo "mutants: the suite fails on the unmutated tree (see $scratch/.mutant-logs/baseline-all.log)"; exit 2; }
        echo "$tree" >"$scratch/.mutant-logs/baseline-all.passed"
    fi
    exec python3 "$repo/scripts/mutants-random.py" "$MUTANTS_RANDOM" "${MUTANTS_SEED:-1}" "$SWIFT"
fi

# The tests must pass without the mutants, or a kill would mean nothing.
declare -A passing
while IFS='|' read -r name file from to filter; do
    # A `|` inside a text would shift the fields: the entry would mutate the wrong text.
    [[ "$filter" != *"|"* ]] || { echo "mutants: $name has more than five fields (a \`|\` in its text?)"; exit 2; }
    [ -n "$name" ] && [[ "$name" =~ $only ]] && [ -z "${passing[$filter]:-}" ] || continue
    log="$scratch/.mutant-logs/baseline-${filter//[^A-Za-z0-9]/_}.log"
    run_tests "$filter" "$log" || { echo "mutants: $filter fails on the unmutated tree (see $log)"; exit 2; }
    passing[$filter]=1
done <<<"$MUTANT_LIST"

total=0; killed=0; survivors=()
while IFS='|' read -r name file from to filter; do
    [ -n "$name" ] || continue
    [[ "$name" =~ $only ]] || continue
    log="$scratch/.mutant-logs/$name.log"
    : >"$log"
    apply "$file" "$from" "$to" || exit 2
    total=$((total + 1))
    if ! "$SWIFT" build --build-tests >>"$log" 2>&1; then
        result="does not compile (fix the list)"; survivors+=("$name")
    elif run_tests "$filter" "$log"; then
        result="SURVIVED"; survivors+=("$name")
    else
        result="killed"; killed=$((killed + 1))
    fi
    cp "$repo/$file" "$scratch/$file"
    printf '  %-28s %-40s %s\n' "$name" "$filter" "$result"
done <<<"$MUTANT_LIST"

# Leave the copy built as the tree is.
"$SWIFT" build --build-tests >/dev/null 2>&1 || true
echo "mutants: killed $killed of $total ($(( total ? 100 * killed / total : 0 ))%)"
[ ${#survivors[@]} -eq 0 ] || { echo "mutants: survived or broken: ${survivors[*]}"; exit 1; }
