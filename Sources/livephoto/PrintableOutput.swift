import BinaryIO

/// Everything this target prints goes through here: a path holding bytes that are not valid
/// UTF-8 shows them as `\xNN` (`PathText.printable`), so output is valid UTF-8 and says which
/// bytes the name has. This shadows the standard `print` inside the target, so no printed
/// line can skip it; JSON is made printable before (`Console.json`) and passes unchanged.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    CommandOutput.write(PathText.printable(items.map { "\($0)" }.joined(separator: separator)) + terminator, to: .standardOutput)
}

/// Text whose every part was already made printable (`Console.jsonLine`, `PathText.printable`),
/// written as it is: a large `scan --json` need not be searched for escapes twice.
func printAlreadyPrintable(_ text: String) {
    CommandOutput.write(text, to: .standardOutput)
}
