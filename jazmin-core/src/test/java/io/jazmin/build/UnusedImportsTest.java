package io.jazmin.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Fails the build on an unused single-type or static import in the main code of any module
 * (issue 35; javac has no lint for it). An import counts as used when its simple name appears as a
 * word anywhere else in the file, Javadoc included ({@code {@link Foo}} needs the import).
 */
class UnusedImportsTest {
    private static final Pattern IMPORT = Pattern.compile(
            "^import\\s+(static\\s+)?([\\w.]+)\\.(\\w+)\\s*;\\s*$", Pattern.MULTILINE);
    /** Unused imports left in files other work in progress changes (to be removed there); may only shrink. */
    private static final Set<String> ALLOWED = Set.of(
            "jazmin-benchmarks/src/main/java/io/jazmin/benchmarks/CustomersFiles.java: io.jazmin.JazminWriter");

    @Test
    void everyImportIsUsed() {
        Map<String, String> sources = MainSources.all();
        assertThat(sources).as("main sources found").hasSizeGreaterThan(200);
        List<String> unused = new ArrayList<>();
        sources.forEach((path, text) -> unused(text).forEach(name -> unused.add(path + ": " + name)));
        assertThat(unused).as("unused imports (remove them; shrink ALLOWED when one listed there goes)")
                .containsExactlyInAnyOrderElementsOf(ALLOWED);
    }

    /** The check itself: a name used only in its own import line is reported; one used in code or Javadoc is not. */
    @Test
    void findsAnImportUsedNowhereElse() {
        String code = """
                import java.util.List;
                import java.util.Map;
                import java.util.Set;
                import static java.util.Objects.requireNonNull;
                import static java.util.Objects.hash;
                import java.util.*;
                /** A {@link Set}. */
                class X { List<String> a; int h = hash(1); }
                """;
        assertThat(unused(code)).containsExactly("java.util.Map", "java.util.Objects.requireNonNull");
    }

    /** The imports of {@code source} whose simple name occurs nowhere outside the import lines. */
    static List<String> unused(String source) {
        String rest = IMPORT.matcher(source).replaceAll("");
        List<String> out = new ArrayList<>();
        Matcher m = IMPORT.matcher(source);
        while (m.find()) {
            if (!Pattern.compile("\\b" + Pattern.quote(m.group(3)) + "\\b").matcher(rest).find()) {
                out.add(m.group(2) + "." + m.group(3));
            }
        }
        return out;
    }
}
