#define _GNU_SOURCE
#include <unistd.h>
#include "CFileCopy.h"

ssize_t livephoto_copy_file_range(int fd_in, long long *offset_in, int fd_out, size_t length) {
    loff_t off = (loff_t)*offset_in;
    ssize_t n = copy_file_range(fd_in, &off, fd_out, NULL, length, 0);
    *offset_in = (long long)off;
    return n;
}

int livephoto_syncfs(int fd) {
    return syncfs(fd);
}
