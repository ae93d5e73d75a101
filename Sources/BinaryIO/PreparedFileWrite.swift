/// A file edit that is written and fsynced but not yet in effect: `commit()` puts it in place,
/// `abort()` undoes it. Lets an operation prepare several files before committing any.
public protocol PreparedFileWrite: AnyObject {
    func commit() throws
    func abort()
}

extension AtomicFileWriter: PreparedFileWrite {
    public func abort() { discard() }
}
