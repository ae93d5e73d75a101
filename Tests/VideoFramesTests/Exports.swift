/// The shared test support (paths, temporary folders, processes, readers, `.requires`) for every file here.
@_exported import TestSupport
