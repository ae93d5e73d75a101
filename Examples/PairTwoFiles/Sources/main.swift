import Foundation
import LivePhotoKit

// PairTwoFiles STILL MOVIE: binds the two into a Live Photo in place, then checks the result.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let still = arguments.first, let movie = arguments.last else {
    FileHandle.standardError.write(Data("usage: PairTwoFiles STILL MOVIE\n".utf8))
    exit(2)
}
do {
    let paired = try LivePhoto.pair(still: still, movie: movie)
    print("\(paired.status.rawValue): \(paired.stillOutput) + \(paired.movieOutput), identifier \(paired.identifier)")
    let report = try LivePhoto.verify(still: paired.stillOutput, movie: paired.movieOutput)
    print(report.valid ? "valid Live Photo" : "not valid: " + report.errors.map(\.name.rawValue).joined(separator: ", "))
    exit(report.valid ? 0 : 1)
} catch let error as LivePhotoError {
    FileHandle.standardError.write(Data("PairTwoFiles: \(error.path): \(error.reason)\n".utf8))
    exit(error.category.rawValue)
} catch {
    FileHandle.standardError.write(Data("PairTwoFiles: \(error)\n".utf8))
    exit(3)
}
