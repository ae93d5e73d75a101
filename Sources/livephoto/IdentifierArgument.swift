import ArgumentParser
import LivePhotoKit

/// `--id UUID`, checked while the arguments are parsed: a bad one is a usage error (exit 2)
/// before anything is read, and the command gets the canonical upper-case form.
enum IdentifierArgument {
    @Sendable static func parse(_ value: String) throws -> String {
        guard let id = ContentIdentifier.normalized(value) else {
            throw ValidationError("not a UUID (8-4-4-4-12 hexadecimal digits)")
        }
        return id
    }
}
