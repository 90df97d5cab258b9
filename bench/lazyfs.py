"""A file system that loses what was not synced, for the power-loss bench (LazyFS's idea, in FUSE).

    python -m bench.lazyfs BACKING MOUNTPOINT

Mounts BACKING at MOUNTPOINT. Writes to a file are held in memory until the file is fsynced
(or fdatasynced); then its whole content goes to BACKING and is fsynced there. Killing this
process is the power cut: whatever was written and not synced is gone, and BACKING holds what a
disk would after the power came back. Creating, renaming and removing files go to BACKING at
once, as LazyFS does by default; only file data is lazy. Not modelled: a directory entry lost for
want of a directory fsync, writes reordered or torn within one file's unsynced data. The count of unsynced writes is kept
in MOUNTPOINT's sibling `lazyfs-stats.json` (so the bench can show what a cut dropped).

LazyFS itself is not packaged for Debian or PyPI, and this machine cannot fetch it: this is the
same model in a few dozen lines of fusepy (Debian's libfuse2 underneath).
"""

from __future__ import annotations

import errno
import json
import os
import sys
import threading
import time
from pathlib import Path

from fuse import FUSE, FuseOSError, Operations


class Lazy(Operations):
    def __init__(self, backing: str, stats: Path):
        self.backing = backing
        self.stats = stats
        self.dirty: dict[str, bytearray] = {}  # path -> the file's content as written, not yet synced
        self.writes: dict[str, int] = {}  # path -> writes since its last sync
        self._mutex = threading.Lock()

    def _real(self, path: str) -> str:
        return os.path.join(self.backing, path.lstrip("/"))

    def _content(self, path: str) -> bytearray:
        if path not in self.dirty:
            with open(self._real(path), "rb") as f:
                self.dirty[path] = bytearray(f.read())
        return self.dirty[path]

    def report(self) -> None:
        """What is unsynced, written beside the mount point ten times a second (a signal handler would
        not run while fuse_main holds the main thread)."""
        while True:
            with self._mutex:
                writes = dict(self.writes)
            tmp = self.stats.with_suffix(".tmp")
            tmp.write_text(json.dumps({"unsynced_writes": writes}))
            os.replace(tmp, self.stats)
            time.sleep(0.1)

    # --- metadata: straight to the backing directory ------------------------------------------------

    def getattr(self, path, fh=None):
        try:
            st = os.lstat(self._real(path))
        except OSError as e:
            raise FuseOSError(e.errno) from None
        attrs = {k: getattr(st, k) for k in ("st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink",
                                             "st_size", "st_uid")}
        with self._mutex:
            if path in self.dirty:
                attrs["st_size"] = len(self.dirty[path])
        return attrs

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._real(path))

    def access(self, path, amode):
        if not os.access(self._real(path), amode):
            raise FuseOSError(errno.EACCES)

    def chmod(self, path, mode):
        os.chmod(self._real(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self._real(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._real(path), times)

    def mkdir(self, path, mode):
        os.mkdir(self._real(path), mode)

    def rmdir(self, path):
        os.rmdir(self._real(path))

    def unlink(self, path):
        with self._mutex:
            self.dirty.pop(path, None)
            self.writes.pop(path, None)
        os.unlink(self._real(path))

    def rename(self, old, new):
        os.rename(self._real(old), self._real(new))
        with self._mutex:
            for held in (self.dirty, self.writes):
                if old in held:
                    held[new] = held.pop(old)
                else:
                    held.pop(new, None)

    def statfs(self, path):
        st = os.statvfs(self._real(path))
        return {k: getattr(st, k) for k in ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree",
                                            "f_files", "f_flag", "f_frsize", "f_namemax")}

    def create(self, path, mode, fi=None):
        os.close(os.open(self._real(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode))
        return 0

    def open(self, path, flags):
        if not os.path.exists(self._real(path)):
            raise FuseOSError(errno.ENOENT)
        if flags & os.O_TRUNC:
            self.truncate(path, 0)
        return 0

    # --- data: held until synced --------------------------------------------------------------------

    def read(self, path, size, offset, fh):
        with self._mutex:
            if path in self.dirty:
                return bytes(self.dirty[path][offset:offset + size])
        with open(self._real(path), "rb") as f:
            f.seek(offset)
            return f.read(size)

    def write(self, path, data, offset, fh):
        with self._mutex:
            content = self._content(path)
            if offset > len(content):
                content.extend(b"\0" * (offset - len(content)))
            content[offset:offset + len(data)] = data
            self.writes[path] = self.writes.get(path, 0) + 1
        return len(data)

    def truncate(self, path, length, fh=None):
        with self._mutex:
            content = self._content(path)
            del content[length:]
            content.extend(b"\0" * (length - len(content)))
            self.writes[path] = self.writes.get(path, 0) + 1

    def fsync(self, path, datasync, fh):
        with self._mutex:
            content = self.dirty.pop(path, None)
            self.writes.pop(path, None)
            if content is None:
                return 0
            fd = os.open(self._real(path), os.O_WRONLY)
            try:
                # In place, not truncated first: a cut during this write leaves the bytes that did not
                # change as they were, as a disk would (the changed ones may be half written).
                os.pwrite(fd, content, 0)
                os.ftruncate(fd, len(content))
                os.fsync(fd)
            finally:
                os.close(fd)
        return 0

    def flush(self, path, fh):
        return 0  # close() is not a sync: a disk's cache keeps the data until it is told to write it

    def release(self, path, fh):
        return 0

    def fsyncdir(self, path, datasync, fh):
        return 0  # metadata is written through already


def main(backing: str, mountpoint: str) -> None:
    lazy = Lazy(backing, Path(mountpoint).with_name("lazyfs-stats.json"))
    threading.Thread(target=lazy.report, daemon=True).start()
    # foreground, many threads (SQLite and the companion's threads reach it at once), no kernel
    # caching of attributes: sizes come from this process, which holds the unsynced writes.
    FUSE(lazy, mountpoint, foreground=True, nothreads=False, allow_other=False,
         attr_timeout=0, entry_timeout=0)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
