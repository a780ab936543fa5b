package io.jazmin.convert;

import io.jazmin.error.JazminValidationException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The element names of the XML rows shape, shared with the JavaScript reference:
 * {@code <jazmin><row><name>Ann</name><age>31</age></row>…</jazmin>}. A column whose name is not a
 * plain ASCII XML name is a {@code <field name="…">} element.
 */
final class XmlShape {
    static final String ROOT = "jazmin";
    static final String ROW = "row";
    static final String FIELD = "field";
    static final String NAME = "name";
    /** ASCII only, as the reference's reader accepts; names starting with "xml" are reserved by XML. */
    private static final Pattern ELEMENT_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    private XmlShape() {
    }

    /** Whether a column of this name is written as an element of the same name. */
    static boolean isElementName(String column) {
        return ELEMENT_NAME.matcher(column).matches() && !column.toLowerCase(Locale.ROOT).startsWith("xml");
    }

    /**
     * Refuses a name to be written as an attribute value ({@code <field name="…">}), where a parser
     * would turn tabs and line breaks into spaces.
     *
     * @param what what the name is, for the message ("column", "member")
     */
    static void checkAttribute(String name, String what) {
        int bad = XmlText.firstIllegal(name);
        if (bad >= 0 || name.indexOf('\t') >= 0 || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
            throw new JazminValidationException(what + " '" + Abbrev.of(name) + "': XML cannot keep this name"
                    + " (it holds a tab, a line break or a character XML 1.0 cannot represent)");
        }
    }
}
