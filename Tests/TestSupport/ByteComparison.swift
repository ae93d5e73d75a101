extension Support {
    /// Where two large byte arrays first differ, or nil when they are equal. `#expect(a == b)`
    /// on megabytes of pixels makes the test library diff the arrays when they differ, which
    /// takes minutes and gigabytes; this names the first difference instead.
    public static func firstDifference(_ ours: [UInt8], _ theirs: [UInt8]) -> String? {
        if let i = zip(ours, theirs).lazy.enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "byte \(i) of \(ours.count) is \(ours[i]), not \(theirs[i])"
        }
        return ours.count == theirs.count ? nil : "\(ours.count) bytes, not \(theirs.count)"
    }
}
