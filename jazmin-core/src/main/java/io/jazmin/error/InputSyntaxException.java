package io.jazmin.error;


/** A rows file (JSON, JSON Lines, CSV or XML) is not well-formed; the message says where. */
public class InputSyntaxException extends JazminException {
    private final long line;
    private final long byteOffset;

    public InputSyntaxException(String message) {
        this(message, 0, -1);
    }

    /** A fault another parser reported: {@code cause} is its error. */
    public InputSyntaxException(String message, Throwable cause) {
        super(message, cause);
        this.line = 0;
        this.byteOffset = -1;
    }

    /**
     * @param line       the 1-based line of the fault, or 0 when unknown
     * @param byteOffset the 0-based byte offset of the fault in the input, or -1 when unknown
     */
    public InputSyntaxException(String message, long line, long byteOffset) {
        super(message);
        this.line = line;
        this.byteOffset = byteOffset;
    }

    /** The 1-based line of the fault, or 0 when unknown. */
    public long line() {
        return line;
    }

    /** The 0-based byte offset of the fault in the input, or -1 when unknown. */
    public long byteOffset() {
        return byteOffset;
    }
}
