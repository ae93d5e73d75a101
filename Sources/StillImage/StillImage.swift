import BinaryIO
