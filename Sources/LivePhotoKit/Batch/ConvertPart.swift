/// One folder's share of `convert DIR`: its files the scan could not read first, then Motion
/// Photos without a video, then the conversions, handed on once they are durable.
public typealias ConvertPart = FolderPart<ConvertResult>
