package io.jazmin.internal.writer;

import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.crypto.DecryptionSetup;
import io.jazmin.internal.reader.OpenedFile;

/**
 * What a writer checks before it changes a file, so it never silently loses what the file holds
 * (spec §1.26): no writer feature this library does not know (format 1.0 defines none), and for a
 * full rewrite, nothing the new version could not store.
 */
final class ChangeChecks {
    private ChangeChecks() {
    }

    /** Refuses a file that lists writer features: this library knows none, so it cannot preserve them. */
    static void knownWriterFeatures(Header header, String change) {
        if (!header.writerFeatures().isEmpty()) {
            throw new UnsupportedFeatureException(header.writerFeatures().get(0), "the file needs writer features "
                    + header.writerFeatures() + " that this library does not know: it cannot be " + change);
        }
    }

    /**
     * Refuses a rewrite of a shared file that is not opened with its owner key: only the owner
     * changes a shared file (spec §1.19), and only the owner sees everything a rewrite must keep.
     *
     * @throws JazminValidationException when the file is not access-controlled
     * @throws JazminKeyException        when an access key opened it
     */
    static void sharedRewritable(OpenedFile file, String change) {
        knownWriterFeatures(file.header(), change);
        if (file.grant() == null) {
            throw new JazminValidationException("the file is not access-controlled (shared): it has no grants, so it "
                    + "cannot be " + change);
        }
        if (!file.grant().owner()) {
            throw new JazminKeyException("only the owner key can change a shared file, not access key "
                    + file.grant().keyId() + ": the file cannot be " + change);
        }
    }

    /**
     * Refuses a full rewrite that would lose part of the file: unknown writer features, access
     * control (owner sections, partitioned tables), which rewrites cannot store yet.
     */
    static void rewritable(Header header, String change) {
        knownWriterFeatures(header, change);
        if (header.access() != null) {
            throw new UnsupportedFeatureException(DecryptionSetup.ACCESS_CONTROL, "the file has access-control "
                    + "sections (owner directory and catalog, grants, file groups) that a rewrite cannot keep yet: "
                    + "it cannot be " + change);
        }
        for (TableEntry t : header.tables()) {
            if (!t.partitionBy().isEmpty()) {
                throw new UnsupportedFeatureException(DecryptionSetup.ACCESS_CONTROL, "table '" + t.name()
                        + "' is partitioned by '" + t.partitionBy() + "', which a rewrite cannot keep yet: the file "
                        + "cannot be " + change);
            }
        }
    }
}
