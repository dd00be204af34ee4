#define _GNU_SOURCE
#include "CAtomicSwap.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
#endif

int glimpse_exchange_paths(const char *from, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int glimpse_write_file(const char *path, const void *bytes, long count) {
    // A new file, never one already at `path`: that may be a link to the live gallery's file
    // (glimpse_link_if_same), which must not change. 0666: the umask decides, as for any file
    // a program creates.
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST && unlink(path) == 0) fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) return -errno;
    const char *next = bytes;
    while (count > 0) {
        ssize_t written = write(fd, next, (size_t)count);
        if (written < 0) {
            if (errno == EINTR) continue;
            int saved = errno;
            close(fd);
            return -saved;
        }
        next += written;
        count -= written;
    }
    return close(fd) == 0 ? 0 : -errno;
}

/// Whether the regular file open at `fd`, of `size` bytes, holds exactly `count` bytes equal to `bytes`.
static int glimpse_same_bytes(int fd, off_t size, const unsigned char *bytes, long count) {
    if (size != (off_t)count) return 0;
    unsigned char buffer[65536];
    long offset = 0;
    for (;;) {
        ssize_t got = read(fd, buffer, sizeof buffer);
        if (got < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        if (got == 0) return offset == count;
        if (got > count - offset || memcmp(buffer, bytes + offset, (size_t)got) != 0) return 0;
        offset += got;
    }
}

int glimpse_link_if_same(const char *previous, const char *path, const void *bytes, long count) {
    int fd = open(previous, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return 0;
    struct stat info;
    int same = fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && glimpse_same_bytes(fd, info.st_size, bytes, count);
    close(fd);
    if (!same) return 0;
    if (link(previous, path) == 0) return 1;
    if (errno == EEXIST && unlink(path) == 0 && link(previous, path) == 0) return 1;
    return 0;
}

int glimpse_sync_file_system(const char *path) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -errno;
#if defined(__linux__)
    int result = syncfs(fd);
#else
    int result = fsync(fd);
    sync();
#endif
    int saved = result == 0 ? 0 : errno;
    close(fd);
    return -saved;
}

static int glimpse_remove_entry(const char *path, const struct stat *info, int type, struct FTW *walk) {
    (void)info;
    (void)walk;
    int result = (type == FTW_DP) ? rmdir(path) : unlink(path);
    return (result == 0 || errno == ENOENT) ? 0 : -1;
}

int glimpse_remove_tree(const char *path) {
    // Depth first, without following symbolic links: a link is removed, never what it points to.
    return nftw(path, glimpse_remove_entry, 32, FTW_DEPTH | FTW_PHYS);
}
