#ifndef CFILECOPY_H
#define CFILECOPY_H
#include <sys/types.h>
#include <stddef.h>
/* listxattr/getxattr/fsetxattr for FileMetadata (Swift's Glibc module leaves sys/xattr.h out). */
#include <sys/xattr.h>

/// copy_file_range(2) at explicit input and output offsets (both advanced by the bytes copied),
/// like pwrite: the output's file position is never used; -1 and errno on failure.
/// (glibc declares it only under _GNU_SOURCE, which Swift's Glibc module does not set.)
ssize_t livephoto_copy_file_range(int fd_in, long long *offset_in, int fd_out, long long *offset_out, size_t length);

/// syncfs(2): writes back the file system holding fd; -1 and errno on failure (also _GNU_SOURCE).
int livephoto_syncfs(int fd);

/// sync_file_range(2) with SYNC_FILE_RANGE_WRITE over the whole file: starts writing its dirty
/// pages back without waiting (no durability by itself; a later fsync/syncfs waits less).
int livephoto_start_writeback(int fd);

#endif
