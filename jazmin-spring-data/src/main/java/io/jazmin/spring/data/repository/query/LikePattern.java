package io.jazmin.spring.data.repository.query;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.InvalidQueryArgumentException;

/**
 * The {@code Like} patterns the engine serves exactly: {@code %x%} (contains), {@code x%}
 * (starts with) and a pattern without wildcards (equals). Other patterns ({@code %x}, {@code _},
 * wildcards inside) have no engine operator and are refused rather than filtered in memory.
 */
final class LikePattern {
    private LikePattern() {
    }

    /** The filter for {@code column LIKE pattern}, case-sensitive or not. */
    static Filter toFilter(String column, String pattern, boolean ignoreCase, String method) {
        boolean leading = pattern.startsWith("%");
        boolean trailing = pattern.endsWith("%") && (!leading || pattern.length() > 1);
        String text = pattern.substring(leading ? 1 : 0, pattern.length() - (trailing ? 1 : 0));
        if (text.indexOf('%') >= 0 || text.indexOf('_') >= 0 || (leading && !trailing && !text.isEmpty())) {
            throw refused(pattern, method);
        }
        if (leading) {
            return ignoreCase ? Filter.icontains(column, text) : Filter.contains(column, text);
        }
        if (trailing) {
            return ignoreCase ? Filter.startsWithIgnoreCase(column, text) : Filter.startsWith(column, text);
        }
        return ignoreCase ? Filter.equalsIgnoreCase(column, text) : Filter.eq(column, text);
    }

    private static InvalidQueryArgumentException refused(String pattern, String method) {
        return new InvalidQueryArgumentException("method " + method + ": Like pattern '" + pattern
                + "' has no JAZMIN engine operator; use '%text%', 'text%' or 'text'");
    }
}
