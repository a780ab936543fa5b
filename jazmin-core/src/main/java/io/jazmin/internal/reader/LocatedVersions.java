package io.jazmin.internal.reader;

import io.jazmin.internal.wire.DiskIdentity;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The versions {@link VersionLocator} found, by the file on disk they were found in (its
 * {@link DiskIdentity}: file key, size and last-modified time), so that a warm open of an unchanged
 * file reads neither its preamble nor its trailer (issue 33). Process-wide, bounded (least recently
 * used dropped first), cleared with the shared chunk cache ({@code ReadCache.clear()}).
 *
 * <p>Why a remembered version is the one the file holds: an identity is only equal for the same bytes.
 * An append changes the size, the flag an append sets in the preamble changes the last-modified time, and
 * a replaced file has another file key. What is remembered was read while the file had the identity
 * (see {@link FileOpener#openReusingChannel}), and only versions found at the file's end: a version
 * found by scanning back past a torn append, or one visibly earlier than the file's (marked appended
 * without appends), is located again at each open, as its bytes may still be changing. (Where the
 * file system's clock is coarse, the flag set in the same tick as the file's last write keeps its
 * time; a version found after it is such an earlier one, and one found before it is still the
 * version the file's bytes end with.) A trailer
 * remembered was checked when it was located; everything it leads to is still checked (or comes from
 * the shared cache, checked when it was read).
 */
public final class LocatedVersions {
    /** Enough for the files a process reads over and over; a version is a few hundred bytes. */
    private static final int CAPACITY = 256;

    private static final LocatedVersions SHARED = new LocatedVersions();

    private final Map<DiskIdentity, FileVersion> versions = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<DiskIdentity, FileVersion> eldest) {
            return size() > CAPACITY;
        }
    };

    private LocatedVersions() {
    }

    /** The versions of this JVM. */
    public static LocatedVersions shared() {
        return SHARED;
    }

    /** The version found in the file {@code disk}, or {@code null}. */
    synchronized FileVersion find(DiskIdentity disk) {
        return versions.get(disk);
    }

    /** Remembers that {@code version} is the one the file {@code disk} holds. */
    synchronized void remember(DiskIdentity disk, FileVersion version) {
        versions.put(disk, version);
    }

    /** Forgets every version. */
    public synchronized void clear() {
        versions.clear();
    }
}
