package io.jazmin.internal.wire;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Real paths of files, asked for on every write (the writer lock) and every open of a file (its
 * {@link DiskIdentity}): resolving one costs a system call per folder of the path. A path found to
 * be its own real path (no link, no other letter case on the way) is remembered and given back as
 * it is; other paths are resolved each time, since a link may be changed to point elsewhere.
 */
public final class RealPaths {
    /** Absolute paths found to be their own real paths; cleared when large. */
    private static final Set<Path> OWN = ConcurrentHashMap.newKeySet();
    private static final int KEPT = 4096;

    private RealPaths() {
    }

    /**
     * The real path of the existing file or folder {@code path}.
     *
     * @throws IOException when it does not exist or cannot be resolved
     */
    public static Path of(Path path) throws IOException {
        Path absolute = path.toAbsolutePath();
        if (OWN.contains(absolute)) {
            return absolute;
        }
        Path real = absolute.toRealPath();
        if (real.equals(absolute)) {
            if (OWN.size() >= KEPT) {
                OWN.clear();
            }
            OWN.add(absolute);
        }
        return real;
    }
}
