package io.jazmin.spring.boot.autoconfigure;

import io.jazmin.error.JazminException;

/** A property under {@code jazmin.} that no setting has: a typo, or a key of another version. */
public class UnknownJazminPropertyException extends JazminException {
    private final String name;
    private final String suggestion;
    private final String origin;

    /**
     * @param name       the unknown property
     * @param suggestion the nearest valid name
     * @param origin     where it is set (a property source's name)
     */
    public UnknownJazminPropertyException(String name, String suggestion, String origin) {
        super("unknown property " + name + " (in " + origin + "); did you mean " + suggestion + "?");
        this.name = name;
        this.suggestion = suggestion;
        this.origin = origin;
    }

    /** The unknown property. */
    public String getName() {
        return name;
    }

    /** The nearest valid name. */
    public String getSuggestion() {
        return suggestion;
    }

    /** Where the property is set. */
    public String getOrigin() {
        return origin;
    }
}
