package io.jazmin.reader;

import io.jazmin.JazminFormatException;
import io.jazmin.ReadOptions;
import io.jazmin.catalog.Header;
import io.jazmin.catalog.TableEntry;
import io.jazmin.convert.JsonTexts;
import io.jazmin.crypto.DecryptionSetup;
import io.jazmin.crypto.SectionCipher;
import io.jazmin.wire.ByteSource;
import io.jazmin.wire.SectionReader;
import java.util.HashSet;
import java.util.Set;

/**
 * Opens a file version: finds its trailer, matches the secret with the preamble, reads and checks
 * the header (spec §1.12, §1.26, §1.29). Nothing else is read.
 */
public final class FileOpener {
    private FileOpener() {
    }

    public static OpenedFile open(ByteSource source, ReadOptions options) {
        FileVersion version = VersionLocator.locate(source);
        SectionCipher cipher = DecryptionSetup.forFile(version.preamble(), options);
        try {
            SectionReader sections = new SectionReader(source, version.trailerOffset(), cipher);
            Header header = Header.decode(sections.read(SectionIds.header(), version.trailer().headerOffset(),
                    version.trailer().headerLength()));
            if (cipher != null) {
                cipher.keys().useKeyring(header.keyring());
            }
            ReaderFeatures.check(header.readerFeatures());
            checkHeader(header);
            return new OpenedFile(source, version, header, sections, cipher);
        } catch (RuntimeException e) {
            if (cipher != null) {
                cipher.close();
            }
            throw e;
        }
    }

    private static void checkHeader(Header header) {
        if (header.tables().isEmpty()) {
            throw new JazminFormatException("the header lists no tables");
        }
        JsonTexts.requireObjectFromFile(header.metadata(), "file metadata");
        Set<String> names = new HashSet<>();
        for (TableEntry t : header.tables()) {
            if (!names.add(t.name())) {
                throw new JazminFormatException("table name '" + t.name() + "' is repeated");
            }
        }
    }
}
