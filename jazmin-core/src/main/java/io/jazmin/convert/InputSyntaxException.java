package io.jazmin.convert;

import io.jazmin.JazminException;

/** A rows file (JSON, JSON Lines or CSV) is not well-formed; the message says where. */
public class InputSyntaxException extends JazminException {
    public InputSyntaxException(String message) {
        super(message);
    }
}
