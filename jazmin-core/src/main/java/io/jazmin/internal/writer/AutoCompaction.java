package io.jazmin.internal.writer;

import io.jazmin.error.JazminIoException;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.StorageReport;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.options.AutoCompact;
import io.jazmin.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Whether an append just committed brings the file past a threshold of its {@link AutoCompact}
 * option: the new version's storage report (catalog only, no chunk read), checked by the appender
 * while it still holds the writer lock.
 */
final class AutoCompaction {
    private AutoCompaction() {
    }

    static boolean due(Path path, WriteOptions options) {
        AutoCompact thresholds = options.autoCompact();
        if (!thresholds.enabled()) {
            return false;
        }
        try (ByteSource source = ByteSource.open(path)) {
            OpenedFile file = FileOpener.open(source, Rewriter.readOptions(options));
            try {
                return thresholds.isDue(StorageReport.of(file, source.size()));
            } finally {
                if (file.cipher() != null) {
                    file.cipher().close();
                }
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot read the storage of", path, e);
        }
    }
}
