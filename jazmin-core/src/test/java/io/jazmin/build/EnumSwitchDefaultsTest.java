package io.jazmin.build;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Fails the build on a switch over {@link ColumnType}, {@link Filter.Op}, {@link Filter.NestedOp} or
 * {@link IndexKind} in the main code of any module that does not name every constant, or that has a
 * {@code default} branch ({@code default:} or {@code default ->}) (issue 35). A switch expression
 * without a default that misses a new constant does not compile; a switch statement does (Java 17
 * checks only expressions), so this test is what stops it: adding a type, operator or index kind
 * stops at every site that must decide. A switch is taken to be over one of these enums when every
 * case label is a constant of it and there are two labels or more or the file names the enum (a
 * selector such as {@code order.type(k)} does not); comments and literals are blanked first. There
 * are no exceptions.
 */
class EnumSwitchDefaultsTest {
    /** The enums whose switches must decide every constant, by the simple name a file must mention. */
    private static final Map<String, Set<String>> ENUMS = Map.of(
            "ColumnType", names(ColumnType.values()),
            "Op", names(Filter.Op.values()),
            "NestedOp", names(Filter.NestedOp.values()),
            "IndexKind", names(IndexKind.values()));

    private static final Pattern SWITCH = Pattern.compile("\\bswitch\\s*\\(");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

    @Test
    void everySwitchOverTheTypeOperatorOrIndexEnumsDecidesEveryConstant() {
        Map<String, String> sources = MainSources.all();
        assertThat(sources).as("main sources found").hasSizeGreaterThan(200);

        Map<String, List<String>> found = new TreeMap<>();
        sources.forEach((path, text) -> {
            List<String> sites = undecidedSites(text);
            if (!sites.isEmpty()) {
                found.put(path, sites);
            }
        });
        assertThat(found).as("switches over " + ENUMS.keySet() + " with a default branch or a constant"
                + " not named; name every constant instead (an enum switch expression lists them all)").isEmpty();
    }

    /** The check itself: a default over an operator is found, one over another enum is not. */
    @Test
    void findsADefaultOverAnOperatorButNotOverOtherEnums() {
        String code = """
                import io.jazmin.data.Filter.Op;
                class X {
                    // switch (op) { case EQ -> 1; default -> 2; } in a comment does not count
                    int a(Op op) { return switch (op) { case EQ, NE -> 1; default -> "default ->".length(); }; }
                    int b(Op op) { switch (op) { case IN: return 1; default: return 2; } }
                    int c(Op op) { return switch (op) { case GT -> switch (op) { case LT -> 1; default -> 2; };
                                                        case LT -> 3; case EQ, NE, IN, GTE, LTE -> 4; }; }
                    int d(Thread.State s) { return switch (s) { case NEW -> 1; default -> 2; }; }
                    int e(Object o) { return switch (o) { case String s -> 1; default -> 2; }; }
                }
                """;
        assertThat(undecidedSites(code)).hasSize(4).allMatch(s -> s.startsWith("Op"))
                .filteredOn(s -> s.contains("default")).hasSize(3);
    }

    /** A switch statement naming only some constants is found (the compiler does not check statements). */
    @Test
    void findsAStatementThatMissesAConstant() {
        String all = String.join(", ", names(IndexKind.values()));
        String code = """
                import io.jazmin.schema.IndexKind;
                class X {
                    void a(IndexKind k) { switch (k) { case SORTED -> run(); } }
                    void b(IndexKind k) { switch (k) { case %s -> run(); } }
                    void run() { }
                }
                """.formatted(all);
        assertThat(undecidedSites(code)).containsExactly("IndexKind line 3: misses [TRIGRAM]");
    }

    /** Each switch over one of {@link #ENUMS} with a default branch or a constant not named, as "enum line N: why". */
    static List<String> undecidedSites(String source) {
        String code = blankCommentsAndLiterals(source);
        List<String> sites = new ArrayList<>();
        Matcher m = SWITCH.matcher(code);
        while (m.find()) {
            int selectorEnd = closing(code, m.end() - 1, '(', ')');
            int open = code.indexOf('{', selectorEnd);
            if (selectorEnd < 0 || open < 0 || !code.substring(selectorEnd + 1, open).isBlank()) {
                continue;
            }
            int close = closing(code, open, '{', '}');
            Branches branches = branches(code.substring(open + 1, close));
            if (branches.labels.isEmpty()) {
                continue;
            }
            for (Map.Entry<String, Set<String>> e : ENUMS.entrySet()) {
                if (e.getValue().containsAll(branches.labels) && (branches.labels.size() >= 2
                        || Pattern.compile("\\b" + e.getKey() + "\\b").matcher(code).find())) {
                    Set<String> missing = new TreeSet<>(e.getValue());
                    missing.removeAll(branches.labels);
                    String site = e.getKey() + " line " + (1 + code.substring(0, m.start()).split("\n", -1).length - 1);
                    if (branches.hasDefault) {
                        sites.add(site + ": default");
                    } else if (!missing.isEmpty()) {
                        sites.add(site + ": misses " + missing);
                    }
                }
            }
        }
        return sites;
    }

    private record Branches(List<String> labels, boolean hasDefault) {
    }

    /** The case labels and whether there is a default, at the top level of a switch body. */
    private static Branches branches(String body) {
        List<String> labels = new ArrayList<>();
        boolean hasDefault = false;
        int depth = 0;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '{' || c == '(' || c == '[') {
                depth++;
            } else if (c == '}' || c == ')' || c == ']') {
                depth--;
            } else if (depth == 0 && Character.isJavaIdentifierStart(c)
                    && (i == 0 || !Character.isJavaIdentifierPart(body.charAt(i - 1)))) {
                Matcher w = WORD.matcher(body).region(i, body.length());
                w.lookingAt();
                String word = w.group();
                if (word.equals("default") && isLabelEnd(body, w.end())) {
                    hasDefault = true;
                } else if (word.equals("case")) {
                    int end = labelEnd(body, w.end());
                    for (String label : body.substring(w.end(), end).split(",")) {
                        labels.add(label.strip());
                    }
                    i = end;
                    continue;
                }
                i = w.end() - 1;
            }
        }
        return new Branches(labels, hasDefault);
    }

    private static boolean isLabelEnd(String body, int from) {
        String rest = body.substring(from).stripLeading();
        return rest.startsWith("->") || rest.startsWith(":");
    }

    /** Where a case's labels end: the first top-level {@code ->} or {@code :}. */
    private static int labelEnd(String body, int from) {
        int depth = 0;
        for (int i = from; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (depth == 0 && (c == ':' || (c == '-' && i + 1 < body.length() && body.charAt(i + 1) == '>'))) {
                return i;
            }
        }
        return body.length();
    }

    private static int closing(String code, int open, char opening, char closingChar) {
        int depth = 0;
        for (int i = open; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == opening) {
                depth++;
            } else if (c == closingChar && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The source with comments, string, text block and char literals replaced by spaces (line breaks kept). */
    static String blankCommentsAndLiterals(String s) {
        StringBuilder out = new StringBuilder(s);
        int i = 0;
        while (i < s.length()) {
            int end;
            if (s.startsWith("//", i)) {
                end = s.indexOf('\n', i);
                end = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
            } else if (s.startsWith("\"\"\"", i)) {
                end = s.indexOf("\"\"\"", i + 3);
                while (end > 0 && s.charAt(end - 1) == '\\') {
                    end = s.indexOf("\"\"\"", end + 1);
                }
                end = end < 0 ? s.length() : end + 3;
            } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
                char quote = s.charAt(i);
                end = i + 1;
                while (end < s.length() && s.charAt(end) != quote && s.charAt(end) != '\n') {
                    end += s.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 1, s.length());
            } else {
                i++;
                continue;
            }
            for (int k = i; k < end; k++) {
                if (out.charAt(k) != '\n') {
                    out.setCharAt(k, ' ');
                }
            }
            i = end;
        }
        return out.toString();
    }

    private static Set<String> names(Enum<?>[] constants) {
        return Arrays.stream(constants).map(Enum::name).collect(Collectors.toSet());
    }
}
