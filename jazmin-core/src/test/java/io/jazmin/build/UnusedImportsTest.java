package io.jazmin.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Fails the build on an unused single-type or static import in any Java file of any module (main,
 * test and benchmark code; issue 35; javac has no lint for it). An import is used when its simple
 * name appears in the code unqualified (not right after a {@code .}: {@code Map.Entry} does not use
 * an import of {@code Entry}), or in a Javadoc reference ({@code {@link}}, {@code {@linkplain}},
 * {@code {@value}}, {@code @see}, {@code @throws}); string literals, comments and the rest of the
 * Javadoc text (a {@code {@code Foo}} example included) do not count.
 */
class UnusedImportsTest {
    private static final Pattern IMPORT = Pattern.compile(
            "^import\\s+(static\\s+)?([\\w.]+)\\.(\\w+)\\s*;\\s*$", Pattern.MULTILINE);
    private static final String REFERENCE = "([\\w.#$]*(?:\\([^)]*\\))?)";
    private static final Pattern JAVADOC_REFERENCE = Pattern.compile(
            "\\{@(?:link|linkplain|value)\\s+" + REFERENCE + "|@(?:see|throws|exception)\\s+" + REFERENCE);

    @Test
    void everyImportIsUsed() {
        Map<String, String> sources = MainSources.everySource();
        assertThat(sources).as("sources found").hasSizeGreaterThan(1000);
        List<String> unused = new ArrayList<>();
        sources.forEach((path, text) -> unused(text).forEach(name -> unused.add(path + ": " + name)));
        assertThat(unused).as("unused imports (remove them)").isEmpty();
    }

    /** The check itself: only unqualified uses in code and Javadoc references count. */
    @Test
    void findsAnImportUsedNowhereElse() {
        String code = """
                import java.util.List;
                import java.util.Map;
                import java.util.Set;
                import java.util.Map.Entry;
                import java.util.Optional;
                import java.util.Deque;
                import java.util.Queue;
                import java.time.Instant;
                import java.io.IOException;
                import static java.util.Objects.requireNonNull;
                import static java.util.Objects.hash;
                import static java.util.Objects.equals;
                import java.util.*;
                /**
                 * A {@link Set}; {@code Optional} is no reference.
                 *
                 * @throws IOException never
                 * @see #of(Instant, Queue)
                 */
                class X {
                    List<String> a; // Deque
                    Map.Entry<String, String> e;
                    int h = hash(1);
                    boolean same = java.util.Objects.equals(a, e);
                    String s = "Deque";
                    /* Deque */
                }
                """;
        assertThat(unused(code)).containsExactly("java.util.Map.Entry", "java.util.Optional", "java.util.Deque",
                "java.util.Objects.requireNonNull", "java.util.Objects.equals");
    }

    /** The imports of {@code source} whose simple name is used nowhere else in it. */
    static List<String> unused(String source) {
        String code = withoutLiteralsAndComments(source);
        String rest = IMPORT.matcher(code).replaceAll("");
        List<String> out = new ArrayList<>();
        Matcher m = IMPORT.matcher(code);
        while (m.find()) {
            if (!usedUnqualified(rest, m.group(3))) {
                out.add(m.group(2) + "." + m.group(3));
            }
        }
        return out;
    }

    private static boolean usedUnqualified(String code, String name) {
        Matcher use = Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(code);
        while (use.find()) {
            int before = use.start() - 1;
            while (before >= 0 && Character.isWhitespace(code.charAt(before))) {
                before--;
            }
            if (before < 0 || code.charAt(before) != '.') {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code source} with string, text block and char literals and comments blanked, and each
     * Javadoc comment replaced by the references it makes.
     */
    static String withoutLiteralsAndComments(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int n = source.length();
        int i = 0;
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("\"\"\"", i)) {
                i = literalEnd(source, i + 3, "\"\"\"");
                out.append(' ');
            } else if (c == '"' || c == '\'') {
                i = literalEnd(source, i + 1, String.valueOf(c));
                out.append(' ');
            } else if (source.startsWith("/**", i) && !source.startsWith("/**/", i)) {
                int end = commentEnd(source, i + 3);
                out.append(' ').append(javadocReferences(source.substring(i + 3, end))).append(' ');
                i = Math.min(end + 2, n);
            } else if (source.startsWith("/*", i)) {
                i = Math.min(commentEnd(source, i + 2) + 2, n);
                out.append(' ');
            } else if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = end < 0 ? n : end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The index just past the literal whose text starts at {@code from} and ends with {@code close}. */
    private static int literalEnd(String source, int from, String close) {
        int j = from;
        while (j < source.length() && !source.startsWith(close, j)) {
            j += source.charAt(j) == '\\' ? 2 : 1;
        }
        return Math.min(j + close.length(), source.length());
    }

    private static int commentEnd(String source, int from) {
        int end = source.indexOf("*/", from);
        return end < 0 ? source.length() : end;
    }

    private static String javadocReferences(String javadoc) {
        StringBuilder out = new StringBuilder();
        Matcher m = JAVADOC_REFERENCE.matcher(javadoc);
        while (m.find()) {
            out.append(' ').append(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return out.toString();
    }
}
