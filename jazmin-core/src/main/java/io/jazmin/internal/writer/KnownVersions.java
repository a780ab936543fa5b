package io.jazmin.internal.writer;

import io.jazmin.internal.reader.KnownVersion;
import io.jazmin.source.FileStamp;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The versions this process's appends left, by file, each with the file's {@link FileStamp} right
 * after its commit: the next append of the file, under its writer lock, takes the header from here
 * when the file is still as the append left it (same stamp, then the same trailer and preamble,
 * {@link KnownVersion#describes}), instead of reading and decoding the header that grows with every
 * append. Any other change of the file (another process, a rewrite, a compaction, a copy moved over
 * it) changes the stamp, and the header is read as usual. A few files are kept, the most recently
 * appended to.
 */
final class KnownVersions {
    /** How many files' versions are kept: an appended header holds a reference per append since the last full write. */
    private static final int FILES = 8;
    private static final Map<Path, Entry> KNOWN = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Entry> eldest) {
            return size() > FILES;
        }
    };

    private record Entry(FileStamp stamp, KnownVersion version) {
    }

    private KnownVersions() {
    }

    /**
     * The version this process left in {@code held}'s file, if the file still has the stamp it had
     * then; read under the lock, so no writer can commit between this check and the append.
     */
    static KnownVersion of(WriterLock held) {
        if (!held.isHeld()) {
            throw new IllegalStateException("a known version is used only under the file's writer lock");
        }
        Entry entry;
        synchronized (KNOWN) {
            entry = KNOWN.get(held.file());
        }
        if (entry == null) {
            return null;
        }
        Optional<FileStamp> now = FileStamp.find(held.file());
        return now.isPresent() && now.get().equals(entry.stamp()) ? entry.version() : null;
    }

    /** Keeps {@code version}, just committed to {@code held}'s file, with the file's stamp now. */
    static void remember(WriterLock held, KnownVersion version) {
        Optional<FileStamp> now = FileStamp.find(held.file());
        synchronized (KNOWN) {
            if (now.isPresent()) {
                KNOWN.put(held.file(), new Entry(now.get(), version));
            } else {
                KNOWN.remove(held.file());
            }
        }
    }

    /** Forgets {@code held}'s file: a change of it is under way. */
    static void forget(WriterLock held) {
        synchronized (KNOWN) {
            KNOWN.remove(held.file());
        }
    }
}
