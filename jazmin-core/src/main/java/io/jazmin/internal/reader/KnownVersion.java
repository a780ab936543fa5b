package io.jazmin.internal.reader;

import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.wire.Preamble;
import java.util.Arrays;

/**
 * A file version as its writer left it: where its trailer is, what the trailer and the preamble
 * hold, and the header the writer encoded, so the writer's next change of the file can take the
 * header from here instead of reading and decoding it again ({@link FileOpener#open(
 * io.jazmin.internal.wire.ByteSource, io.jazmin.options.ReadOptions, KnownVersion)}).
 */
public record KnownVersion(FileVersion version, Header header) {

    /**
     * Whether {@code located} (the version a reader finds in the file now) is this one: the same
     * trailer at the same offset, after the same preamble (file id, salt, flags). A full rewrite
     * draws a new file id, and an append moves the trailer; the caller has also checked that the
     * file on disk is the one it wrote ({@code io.jazmin.source.FileStamp}) under its writer lock.
     */
    public boolean describes(FileVersion located) {
        Preamble mine = version.preamble();
        Preamble found = located.preamble();
        return !located.recovered() && located.trailerOffset() == version.trailerOffset()
                && located.trailer().equals(version.trailer()) && found.flags() == mine.flags()
                && found.kdfIterations() == mine.kdfIterations() && Arrays.equals(found.fileId(), mine.fileId())
                && Arrays.equals(found.salt(), mine.salt());
    }
}
