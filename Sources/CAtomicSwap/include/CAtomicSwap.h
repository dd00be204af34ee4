#ifndef GLIMPSE_ATOMIC_SWAP_H
#define GLIMPSE_ATOMIC_SWAP_H

/// Atomically exchanges two paths (renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, or -1 with errno set (ENOSYS or EINVAL where the
/// kernel or file system cannot exchange).
int glimpse_exchange_paths(const char *from, const char *to);

#endif
