package io.jazmin.spring.data.core;

import io.jazmin.error.JazminKeyException;

/**
 * A write asked of a shared file that is opened with an access key (a holder's key), refused
 * before the file is touched: an access key reads the rows and columns its grant opens, and only
 * the owner key changes the file. Writing with it anyway could only produce a file less encrypted,
 * less shared or smaller than the owner's. The holder sends changes to the owner instead: a change
 * file ({@link io.jazmin.ChangeFiles#writeChanges}, when the file's package allows edits) that the
 * owner applies. Raised by every write of {@link FileAccess} and, when a definition already says an
 * access-key file is to be written (created when missing, compacted after writes), when the
 * definition is made. Names the file, never the key.
 */
public class AccessKeyWriteException extends JazminKeyException {
    /** What was asked of the file. */
    public enum Write {
        /** A change of rows (save, insert, delete) or of embedded files. */
        CHANGE("a change of its rows or files"),
        /** A compaction on demand. */
        COMPACTION("a compaction"),
        /** The definition asks for the file to be created when missing. */
        CREATE_IF_MISSING("creating it when missing (create-if-missing)"),
        /** The definition asks for the file to be compacted after writes. */
        COMPACTION_THRESHOLD("compacting it after writes (a compaction threshold)");

        private final String text;

        Write(String text) {
            this.text = text;
        }

        /** What was asked, as the message says it. */
        public String text() {
            return text;
        }
    }

    private final String fileName;
    private final Write write;

    /**
     * @param fileName the configured name of the file
     * @param write    what was asked
     */
    public AccessKeyWriteException(String fileName, Write write) {
        super("JAZMIN file '" + fileName + "' is a shared file opened with an access key, which may only read the "
                + "rows and columns its grant opens: " + write.text() + " is refused, since only the owner key "
                + "changes the file. Send the changes to the owner (as a change file, "
                + "io.jazmin.ChangeFiles.writeChanges, when the file's package allows edits), or configure the "
                + "owner key to write");
        this.fileName = fileName;
        this.write = write;
    }

    /** The configured name of the file. */
    public String getFileName() {
        return fileName;
    }

    /** What was asked of the file. */
    public Write getWrite() {
        return write;
    }
}
