package io.jazmin.spring.data.core;

import io.jazmin.error.JazminException;

/**
 * A write asked of a file configured by URL ({@link JazminFileDefinition#url()}), refused before
 * anything is sent: such a file is read with HTTP {@code Range} requests and published by whoever
 * serves it, so it is read-only here. Raised by every write of {@link FileAccess} (saves, deletes,
 * changes of embedded files, compaction) and, when a definition already says the file is to be written
 * (created when missing, compacted after writes), when the definition is made. Names the file and its
 * URL without user info or query, never a secret. Translated to Spring's
 * {@link org.springframework.dao.InvalidDataAccessResourceUsageException}.
 */
public class ReadOnlyFileException extends JazminException {
    /** What a definition asking for the file to be created when missing asks ({@link #getWrite()}). */
    public static final String CREATE_IF_MISSING = "creating it when missing";
    /** What a definition giving the file a compaction threshold asks ({@link #getWrite()}). */
    public static final String COMPACTION_THRESHOLD = "compacting it after writes (a compaction threshold)";

    private final String fileName;
    private final String location;
    private final String write;

    /**
     * @param fileName the configured name of the file
     * @param location its URL as messages may show it ({@link io.jazmin.source.HttpSource#nameOf})
     * @param write    what was asked, e.g. {@code "a save"}
     */
    public ReadOnlyFileException(String fileName, String location, String write) {
        super("JAZMIN file '" + fileName + "' is read from " + location + " and is read-only: " + write
                + " is refused. Publish a new version of the file where it is served (its readers see it on "
                + "their next read), or configure a path to write a local file");
        this.fileName = fileName;
        this.location = location;
        this.write = write;
    }

    /** The configured name of the file. */
    public String getFileName() {
        return fileName;
    }

    /** Where it is read from: its URL without user info or query. */
    public String getLocation() {
        return location;
    }

    /** What was asked of it, e.g. {@link #CREATE_IF_MISSING}. */
    public String getWrite() {
        return write;
    }
}
