package io.jazmin.internal.changefile;

import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.options.ReadOptions;
import java.nio.file.Path;
import java.time.Instant;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A change file opened for planning: its one table of changes and the description its metadata
 * holds ({@link ChangeFileFormat#META}).
 */
final class ChangeFile implements AutoCloseable {
    private final OpenedFile file;
    private final TableReader table;

    private ChangeFile(OpenedFile file, TableReader table) {
        this.file = file;
        this.table = table;
    }

    /** Opens the change file at {@code path} with the secret in {@code options}. */
    static ChangeFile open(Path path, ReadOptions options) {
        OpenedFile file = FileOpener.open(path, options);
        try {
            if (file.header().tables().size() != 1) {
                throw new JazminValidationException("This is not a change file (version 1): it has "
                        + file.header().tables().size() + " tables");
            }
            return new ChangeFile(file, new TableReader(file.table(0), options.parallelism()));
        } catch (RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /** The changes, one row each. */
    TableReader table() {
        return table;
    }

    /** When the change file was written (its header's creation time). */
    Instant writtenAt() {
        return Instant.ofEpochMilli(file.header().created());
    }

    /**
     * The change file's description: the sender, the file and table it was made for, the key.
     *
     * @throws JazminValidationException when the file is no change file of this version
     */
    JsonNode description() {
        JsonNode meta;
        try {
            meta = ChangeFileFormat.JSON.readTree(file.metadata()).get(ChangeFileFormat.META);
        } catch (JacksonException e) {
            meta = null;
        }
        if (meta == null || meta.path("version").asInt(0) != ChangeFileFormat.VERSION) {
            throw new JazminValidationException("This is not a change file (version 1)");
        }
        return meta;
    }

    @Override
    public void close() {
        file.close();
    }
}
