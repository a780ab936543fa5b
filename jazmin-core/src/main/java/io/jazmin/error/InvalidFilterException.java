package io.jazmin.error;

/**
 * A filter that does not fit: malformed filter JSON, an unknown column, or an operator or operand
 * the column's type does not take. The message starts with "Invalid filter:".
 */
public class InvalidFilterException extends JazminValidationException {
    public InvalidFilterException(String message) {
        super("Invalid filter: " + message);
    }
}
