import CAVCodec
import Foundation
import Testing
@testable import VideoFrames

/// A released FFmpegEncoder gives back the AVPacket it received its output in: every packet
/// allocated while encoders are made is freed by the time they are gone (a batch of
/// wallpapers makes one encoder each, in one long-lived process).
///
/// The packets are counted by putting a forwarding wrapper in the lazy-load table's
/// `av_packet_alloc`/`av_packet_free` slots for the length of the test: only allocations
/// made on the test's own thread are recorded, so other tests' decoders running meanwhile
/// go through the wrappers unnoticed.
@Suite("FFmpegEncoder: a released encoder frees its packet")
struct FFmpegEncoderReleaseTests {
    static let settings = FFmpegEncoder.Settings(
        width: 64, height: 48, bitDepth: 8,
        colour: FrameColour(matrix: 1, fullRange: false, primaries: 1, transfer: 1, bitDepth: 8, matrixSource: .bitstream),
        timescale: 600, frameRate: 30, keyframeInterval: 30, quality: 28, preset: .ultrafast, threads: 1)

    @Test("20 encoders made and released: 20 packets allocated on this thread, every one freed")
    func everyPacketFreed() throws {
        try FFmpegDecoder.requireLibraries()   // fills the table once; the wrappers go in after
        PacketLedger.shared.install(recordingOn: pthread_self())
        defer { PacketLedger.shared.uninstall() }
        for _ in 0..<20 { _ = try FFmpegEncoder(Self.settings) }
        let (allocated, live) = PacketLedger.shared.counts
        #expect(allocated == 20, "one packet an encoder")
        #expect(live == 0, "\(live) of \(allocated) packets never freed")
    }
}

/// The packets allocated on one thread, and those of them not freed yet.
private final class PacketLedger: @unchecked Sendable {
    static let shared = PacketLedger()
    typealias Alloc = @convention(c) () -> UnsafeMutablePointer<AVPacket>?
    typealias Free = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVPacket>?>?) -> Void

    private let lock = NSLock()
    private var thread: pthread_t?
    private var allocated = 0
    private var live: Set<UnsafeMutableRawPointer> = []
    private(set) var realAlloc: Alloc?
    private(set) var realFree: Free?

    var counts: (allocated: Int, live: Int) { lock.withLock { (allocated, live.count) } }

    private static func slot(_ f: livephoto_ffmpeg_function, _ body: (inout UnsafeMutableRawPointer?) -> Void) {
        withUnsafeMutablePointer(to: &livephoto_ffmpeg_functions) {
            $0.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: Int(LP_function_count.rawValue)) { body(&$0[Int(f.rawValue)]) }
        }
    }

    func install(recordingOn thread: pthread_t) {
        lock.withLock { self.thread = thread; allocated = 0; live = [] }
        Self.slot(LP_av_packet_alloc) { realAlloc = unsafeBitCast($0, to: Alloc.self); $0 = unsafeBitCast(countingAlloc, to: UnsafeMutableRawPointer.self) }
        Self.slot(LP_av_packet_free) { realFree = unsafeBitCast($0, to: Free.self); $0 = unsafeBitCast(countingFree, to: UnsafeMutableRawPointer.self) }
    }

    func uninstall() {
        Self.slot(LP_av_packet_alloc) { $0 = unsafeBitCast(realAlloc, to: UnsafeMutableRawPointer.self) }
        Self.slot(LP_av_packet_free) { $0 = unsafeBitCast(realFree, to: UnsafeMutableRawPointer.self) }
        lock.withLock { thread = nil }
    }

    func allocated(_ packet: UnsafeMutableRawPointer) {
        lock.withLock {
            guard let thread, pthread_equal(thread, pthread_self()) != 0 else { return }
            allocated += 1
            live.insert(packet)
        }
    }

    func freeing(_ packet: UnsafeMutableRawPointer) { _ = lock.withLock { live.remove(packet) } }
}

private let countingAlloc: PacketLedger.Alloc = {
    let packet = PacketLedger.shared.realAlloc!()
    if let packet { PacketLedger.shared.allocated(UnsafeMutableRawPointer(packet)) }
    return packet
}

private let countingFree: PacketLedger.Free = { packet in
    if let p = packet?.pointee { PacketLedger.shared.freeing(UnsafeMutableRawPointer(p)) }
    PacketLedger.shared.realFree!(packet)
}
