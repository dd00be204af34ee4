#ifndef GLIMPSE_ATOMIC_SWAP_H
#define GLIMPSE_ATOMIC_SWAP_H

/// Atomically exchanges two paths (renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, or -1 with errno set (ENOSYS or EINVAL where the
/// kernel or file system cannot exchange).
int glimpse_exchange_paths(const char *from, const char *to);

/// Writes `count` bytes to a new file at `path`, without syncing it: a gallery is synced once,
/// whole, before it is swapped in (`glimpse_sync_file_system`). A file already at `path` is
/// replaced, never written into.
/// Returns 0 on success, or minus the errno (read here, not after the caller's cleanup).
int glimpse_write_file(const char *path, const void *bytes, long count);

/// Makes `path` a hard link to the regular file `previous` if that holds exactly the `count`
/// bytes at `bytes`: an unchanged page then costs no new file. Symbolic links are not followed
/// at `previous`. Returns 1 when linked; 0 when not (different, missing, or the link failed),
/// and the caller writes the file instead.
int glimpse_link_if_same(const char *previous, const char *path, const void *bytes, long count);

/// Flushes the file system that holds the folder `path` to disk (syncfs on Linux).
/// Returns 0 on success, or minus the errno.
int glimpse_sync_file_system(const char *path);

/// Removes `path` and everything under it, depth first, never following a symbolic link.
/// Returns 0 on success, or -1 with errno set.
int glimpse_remove_tree(const char *path);

#endif
