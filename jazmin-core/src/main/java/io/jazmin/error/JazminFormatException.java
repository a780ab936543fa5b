package io.jazmin.error;

/**
 * The file is not a valid JAZMIN 1.0 file: truncated, damaged, or inconsistent. The message names
 * the section id and/or byte offset where the problem was found, when known.
 */
public class JazminFormatException extends JazminException {
    private final String sectionId;
    private final long offset;

    public JazminFormatException(String message) {
        this(message, null, -1, null);
    }

    public JazminFormatException(String message, Throwable cause) {
        this(message, null, -1, cause);
    }

    public JazminFormatException(String message, String sectionId, long offset) {
        this(message, sectionId, offset, null);
    }

    public JazminFormatException(String message, String sectionId, long offset, Throwable cause) {
        super(describe(message, sectionId, offset), cause);
        this.sectionId = sectionId;
        this.offset = offset;
    }

    /** The id of the section being read when the problem was found, or {@code null}. */
    public String sectionId() {
        return sectionId;
    }

    /** The absolute file offset of the section or field at fault, or -1 when unknown. */
    public long offset() {
        return offset;
    }

    /** A copy of this error that also names the section it happened in (when not named yet). */
    public JazminFormatException inSection(String id, long at) {
        if (sectionId != null) {
            return this;
        }
        return new JazminFormatException(getMessage(), id, at, this);
    }

    private static String describe(String message, String sectionId, long offset) {
        if (sectionId == null && offset < 0) {
            return message;
        }
        StringBuilder sb = new StringBuilder(message).append(" (");
        if (sectionId != null) {
            sb.append("section '").append(sectionId).append('\'');
        }
        if (offset >= 0) {
            if (sectionId != null) {
                sb.append(" at ");
            }
            sb.append("offset ").append(offset);
        }
        return sb.append(')').toString();
    }
}
