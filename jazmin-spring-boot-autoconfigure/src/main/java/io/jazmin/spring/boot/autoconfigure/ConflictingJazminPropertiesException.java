package io.jazmin.spring.boot.autoconfigure;

import io.jazmin.error.JazminException;

/**
 * Two {@code jazmin.files.<name>.*} properties that cannot go together (a key and a password for one
 * file, say), or one set without the other it needs (an unlock token without an access key). Names
 * the properties only, never their values, which are secrets.
 */
public class ConflictingJazminPropertiesException extends JazminException {
    private final String property;
    private final String other;
    private final String description;
    private final String action;

    /**
     * @param property    the full name of one property ({@code jazmin.files.customers.key})
     * @param other       the full name of the property it conflicts with or needs
     * @param description what is wrong, naming both
     * @param action      what to change
     */
    public ConflictingJazminPropertiesException(String property, String other, String description, String action) {
        super(description);
        this.property = property;
        this.other = other;
        this.description = description;
        this.action = action;
    }

    /** The full name of one property. */
    public String getProperty() {
        return property;
    }

    /** The full name of the property it conflicts with or needs. */
    public String getOther() {
        return other;
    }

    /** What is wrong, naming both properties. */
    public String getDescription() {
        return description;
    }

    /** What to change. */
    public String getAction() {
        return action;
    }
}
