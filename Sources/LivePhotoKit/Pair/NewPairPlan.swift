import Foundation
import BinaryIO
import ISOBMFF

/// The variant of `PairPlan` that makes a new pair from one input left as it is (`convert`
/// Motion → Live): the identifier and the still time are decided, the movie edit is
/// `LivePhotoMovieEdit` on the movie already read, and the still's write is ready to prepare
/// from the input already read. `PairExecutor.create` writes both as new files, never over
/// an existing one.
struct NewPairPlan {
    /// The movie as read; the edit is applied to it when it is written.
    let movieFile: MovieFile
    let movieEdit: LivePhotoMovieEdit
    let stillTarget: String
    /// Nil when an earlier run placed the movie already: only the still is written.
    let movieTarget: String?
    /// The file whose permissions the outputs take.
    let modeFrom: String
    /// Writes the still to a temporary file beside `stillTarget` and reads it back; not yet in place.
    let prepareStill: () throws -> AtomicFileWriter
}

/// Puts a complete, checked temporary file under its target name, never over an existing file.
enum NewOutputFile {
    /// See `ConvertedOutput` for what is promised; the temporary name is removed.
    static func place(_ writer: AtomicFileWriter) throws {
        // The batch's one `syncfs` then finds most of the bytes on their way to the disk
        // already, written while the next files were converted.
        writer.startWriteback()
        if FileSystemCalls.link(writer.temporaryPath, writer.targetPath) != 0 {
            let e = errno
            writer.discard()
            throw e == EEXIST ? ParseError.system(.exists, message: "already exists; not overwritten") : ParseError.system(Errno(rawValue: e), "cannot create \(writer.targetPath)")
        }
        FaultInjection.reach(.convertOutputLinked)
        // Closes the file and removes the temporary name; the output keeps its own.
        writer.discard()
    }
}
