import CAVCodec
import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// The codec contexts behind FFmpegDecoder and FFmpegEncoder: each is opened with the thread
/// count asked for, and given back (with the decoder's frame) when its owner is released: a
/// batch makes one decoder or encoder a file, in one long-lived process.
///
/// Counted by putting forwarding wrappers in the lazy-load table's context, frame and open
/// slots for the length of each test (serialized, so the tests never swap them at once): only
/// calls made on the test's own thread are recorded, so other tests' codecs running meanwhile
/// go through the wrappers unnoticed. The packet slots are left alone (FFmpegEncoderReleaseTests
/// counts those).
@Suite("libavcodec contexts: opened with the threads asked, freed on release", .serialized)
struct FFmpegContextLifecycleTests {
    static func encoderSettings(threads: Int) -> FFmpegEncoder.Settings {
        FFmpegEncoder.Settings(width: 64, height: 48, bitDepth: 8,
                               colour: FrameColour(matrix: 1, fullRange: false, primaries: 1, transfer: 1, bitDepth: 8, matrixSource: .bitstream),
                               timescale: 600, frameRate: 30, keyframeInterval: 30, quality: 28, preset: .ultrafast, threads: threads)
    }

    /// The ledger, its wrappers installed and recording calls on this thread (uninstall it after).
    fileprivate static func recordingLedger() throws -> ContextLedger {
        try FFmpegDecoder.requireLibraries()   // fills the table once; the wrappers go in after
        let ledger = ContextLedger.shared
        ledger.install(recordingOn: pthread_self())
        return ledger
    }

    @Test("10 decoders made and released: 10 contexts and 10 frames allocated on this thread, every one freed")
    func decodersFreeTheirContextAndFrame() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let configuration = try EncodedStreams.videoTrack(file).videoCodecConfiguration()
        let ledger = try Self.recordingLedger()
        defer { ledger.uninstall() }
        for _ in 0..<10 { _ = try FFmpegDecoder(configuration: configuration, threads: 1, workload: .singleFrame) }
        let (contexts, frames) = (ledger.contexts, ledger.frames)
        #expect(contexts.allocated == 10 && frames.allocated == 10, "one context and one frame a decoder")
        #expect(contexts.live == 0, "\(contexts.live) of \(contexts.allocated) contexts never freed")
        #expect(frames.live == 0, "\(frames.live) of \(frames.allocated) frames never freed")
    }

    @Test("5 encoders made and released: 5 contexts allocated on this thread, every one freed")
    func encodersFreeTheirContext() throws {
        let ledger = try Self.recordingLedger()
        defer { ledger.uninstall() }
        for _ in 0..<5 { _ = try FFmpegEncoder(Self.encoderSettings(threads: 1)) }
        let contexts = ledger.contexts
        #expect(contexts.allocated == 5, "one context an encoder")
        #expect(contexts.live == 0, "\(contexts.live) of \(contexts.allocated) contexts never freed")
    }

    @Test("libx265 is opened with the frame threads asked (3), or our choice for none asked")
    func encoderOpensWithItsThreadCount() throws {
        let ledger = try Self.recordingLedger()
        defer { ledger.uninstall() }
        _ = try FFmpegEncoder(Self.encoderSettings(threads: 3))
        _ = try FFmpegEncoder(Self.encoderSettings(threads: 0))
        let chosen = FFmpegEncoder.Settings.frameThreads(threads: 0, cores: ProcessInfo.processInfo.activeProcessorCount)
        #expect(ledger.openedThreadCounts == [3, chosen])
    }
}

/// Allocations and frees of one kind made on the recording thread.
private struct Tally {
    var allocated = 0
    var pointers: Set<UnsafeMutableRawPointer> = []
    var live: Int { pointers.count }
}

/// The contexts and frames allocated on one thread and not freed yet, and the thread counts
/// the contexts opened on it were given.
private final class ContextLedger: @unchecked Sendable {
    static let shared = ContextLedger()
    typealias AllocContext = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<AVCodecContext>?
    typealias FreeContext = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVCodecContext>?>?) -> Void
    typealias AllocFrame = @convention(c) () -> UnsafeMutablePointer<AVFrame>?
    typealias FreeFrame = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFrame>?>?) -> Void
    typealias Open = @convention(c) (UnsafeMutablePointer<AVCodecContext>?, OpaquePointer?, OpaquePointer?) -> Int32

    private let lock = NSLock()
    private var thread: pthread_t?
    private var contextTally = Tally(), frameTally = Tally()
    private var threadCounts: [Int32] = []
    private(set) var realAllocContext: AllocContext?
    private(set) var realFreeContext: FreeContext?
    private(set) var realAllocFrame: AllocFrame?
    private(set) var realFreeFrame: FreeFrame?
    private(set) var realOpen: Open?
    private var saved: [(slot: livephoto_ffmpeg_function, original: UnsafeMutableRawPointer?)] = []

    var contexts: Tally { lock.withLock { contextTally } }
    var frames: Tally { lock.withLock { frameTally } }
    var openedThreadCounts: [Int32] { lock.withLock { threadCounts } }

    private static func slot(_ f: livephoto_ffmpeg_function, _ body: (inout UnsafeMutableRawPointer?) -> Void) {
        withUnsafeMutablePointer(to: &livephoto_ffmpeg_functions) {
            $0.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: Int(LP_function_count.rawValue)) { body(&$0[Int(f.rawValue)]) }
        }
    }

    func install(recordingOn thread: pthread_t) {
        lock.withLock { self.thread = thread; contextTally = Tally(); frameTally = Tally(); threadCounts = [] }
        saved = []
        Self.slot(LP_avcodec_alloc_context3) { realAllocContext = unsafeBitCast($0, to: AllocContext.self); saved.append((LP_avcodec_alloc_context3, $0)); $0 = unsafeBitCast(countingAllocContext, to: UnsafeMutableRawPointer.self) }
        Self.slot(LP_avcodec_free_context) { realFreeContext = unsafeBitCast($0, to: FreeContext.self); saved.append((LP_avcodec_free_context, $0)); $0 = unsafeBitCast(countingFreeContext, to: UnsafeMutableRawPointer.self) }
        Self.slot(LP_av_frame_alloc) { realAllocFrame = unsafeBitCast($0, to: AllocFrame.self); saved.append((LP_av_frame_alloc, $0)); $0 = unsafeBitCast(countingAllocFrame, to: UnsafeMutableRawPointer.self) }
        Self.slot(LP_av_frame_free) { realFreeFrame = unsafeBitCast($0, to: FreeFrame.self); saved.append((LP_av_frame_free, $0)); $0 = unsafeBitCast(countingFreeFrame, to: UnsafeMutableRawPointer.self) }
        Self.slot(LP_avcodec_open2) { realOpen = unsafeBitCast($0, to: Open.self); saved.append((LP_avcodec_open2, $0)); $0 = unsafeBitCast(recordingOpen, to: UnsafeMutableRawPointer.self) }
    }

    func uninstall() {
        for (f, original) in saved.reversed() { Self.slot(f) { $0 = original } }
        saved = []
        lock.withLock { thread = nil }
    }

    private var onRecordingThread: Bool { thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }

    func allocatedContext(_ p: UnsafeMutableRawPointer) { lock.withLock { if onRecordingThread { contextTally.allocated += 1; contextTally.pointers.insert(p) } } }
    func freeingContext(_ p: UnsafeMutableRawPointer) { _ = lock.withLock { contextTally.pointers.remove(p) } }
    func allocatedFrame(_ p: UnsafeMutableRawPointer) { lock.withLock { if onRecordingThread { frameTally.allocated += 1; frameTally.pointers.insert(p) } } }
    func freeingFrame(_ p: UnsafeMutableRawPointer) { _ = lock.withLock { frameTally.pointers.remove(p) } }
    func opening(threadCount: Int32) { lock.withLock { if onRecordingThread { threadCounts.append(threadCount) } } }
}

private let countingAllocContext: ContextLedger.AllocContext = { codec in
    let context = ContextLedger.shared.realAllocContext!(codec)
    if let context { ContextLedger.shared.allocatedContext(UnsafeMutableRawPointer(context)) }
    return context
}

private let countingFreeContext: ContextLedger.FreeContext = { context in
    if let c = context?.pointee { ContextLedger.shared.freeingContext(UnsafeMutableRawPointer(c)) }
    ContextLedger.shared.realFreeContext!(context)
}

private let countingAllocFrame: ContextLedger.AllocFrame = {
    let frame = ContextLedger.shared.realAllocFrame!()
    if let frame { ContextLedger.shared.allocatedFrame(UnsafeMutableRawPointer(frame)) }
    return frame
}

private let countingFreeFrame: ContextLedger.FreeFrame = { frame in
    if let f = frame?.pointee { ContextLedger.shared.freeingFrame(UnsafeMutableRawPointer(f)) }
    ContextLedger.shared.realFreeFrame!(frame)
}

private let recordingOpen: ContextLedger.Open = { context, codec, options in
    if let context { ContextLedger.shared.opening(threadCount: context.pointee.thread_count) }
    return ContextLedger.shared.realOpen!(context, codec, options)
}
