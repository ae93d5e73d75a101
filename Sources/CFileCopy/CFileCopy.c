#define _GNU_SOURCE
#include <unistd.h>
#include <fcntl.h>
#include "CFileCopy.h"

ssize_t livephoto_copy_file_range(int fd_in, long long *offset_in, int fd_out, long long *offset_out, size_t length) {
    loff_t in = (loff_t)*offset_in, out = (loff_t)*offset_out;
    ssize_t n = copy_file_range(fd_in, &in, fd_out, &out, length, 0);
    *offset_in = (long long)in;
    *offset_out = (long long)out;
    return n;
}

int livephoto_syncfs(int fd) {
    return syncfs(fd);
}

int livephoto_start_writeback(int fd) {
    return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
}
