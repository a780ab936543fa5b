package io.jazmin.build;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Fails the build on engine code nothing calls (issue 35: "no dead code ... make the build say so"): a
 * method or constructor of {@code io.jazmin.internal} that no code of this module, main or test, calls
 * or references. Other modules never name {@code internal} ({@link ArchitectureTest}), so this module's
 * code is every possible caller. Not counted as uncalled, since the compiler or the JVM calls them: methods
 * that implement or override a supertype's, a record's accessors and canonical constructor, an enum's
 * {@code values}/{@code valueOf}, synthetic code, and a private no-argument constructor (a class that is
 * not to be instantiated).
 */
class UncalledCodeTest {
    @Test
    void everyEngineMethodHasACaller() {
        JavaClasses classes = new ClassFileImporter().importPackages("io.jazmin");
        assertThat(uncalled(classes, c -> c.getPackageName().startsWith("io.jazmin.internal")
                && c.getSource().map(s -> s.getUri().toString().contains("/classes/")).orElse(false)))
                .as("engine methods and constructors nothing calls (remove them)").isEmpty();
    }

    /** The check itself, on a class of its own: only what nothing calls, references or overrides is named. */
    @Test
    void findsAMethodNothingCalls() {
        JavaClasses classes = new ClassFileImporter().importClasses(Sample.class, Sample.Kind.class, Sample.Pair.class);
        assertThat(uncalled(classes, c -> true)).containsExactly(Sample.class.getName() + ".uncalled()");
    }

    private static List<String> uncalled(JavaClasses classes, Predicate<JavaClass> scope) {
        return classes.stream()
                .filter(scope)
                .flatMap(c -> c.getCodeUnits().stream())
                .filter(UncalledCodeTest::mustHaveACaller)
                .filter(u -> u.getAccessesToSelf().isEmpty())
                .map(JavaCodeUnit::getFullName)
                .sorted()
                .toList();
    }

    /** One uncalled method beside code that is called, referenced, overriding or made by the compiler. */
    @SuppressWarnings("unused")
    private static final class Sample implements Comparable<Sample> {
        private Sample() {
        }

        enum Kind { A }

        record Pair(int left, int right) {
        }

        void uncalled() {
        }

        int called() {
            return referenced().get();
        }

        Supplier<Integer> referenced() {
            return this::hashCode;
        }

        @Override
        public int compareTo(Sample other) {
            return other.called() + new Pair(1, 2).left() + Kind.A.ordinal();
        }
    }

    private static boolean mustHaveACaller(JavaCodeUnit unit) {
        JavaClass owner = unit.getOwner();
        if (unit.getModifiers().contains(JavaModifier.SYNTHETIC) || unit.getName().contains("$")
                || unit.getName().equals("<clinit>")) {
            return false;
        }
        if (unit.isConstructor()) {
            return !(unit.getModifiers().contains(JavaModifier.PRIVATE) && unit.getRawParameterTypes().isEmpty())
                    && !(owner.isRecord() && unit.getRawParameterTypes().size() == owner.getAllFields().stream()
                            .filter(f -> !f.getModifiers().contains(JavaModifier.STATIC)).count());
        }
        JavaMethod method = (JavaMethod) unit;
        if (owner.isEnum() && Set.of("values", "valueOf").contains(method.getName())) {
            return false;
        }
        if (owner.isRecord() && method.getRawParameterTypes().isEmpty() && owner.getAllFields().stream()
                .anyMatch(f -> f.getName().equals(method.getName()))) {
            return false;
        }
        return !overrides(method);
    }

    /** Whether a superclass or interface of the method's class declares a method of its name and parameters. */
    private static boolean overrides(JavaMethod method) {
        String[] parameters = method.getRawParameterTypes().stream().map(JavaClass::getName).toArray(String[]::new);
        JavaClass owner = method.getOwner();
        return Stream.concat(owner.getAllRawSuperclasses().stream(), owner.getAllRawInterfaces().stream())
                .anyMatch(t -> t.tryGetMethod(method.getName(), parameters).isPresent())
                || Set.of("equals", "hashCode", "toString", "close", "run", "call", "get", "accept", "apply", "test",
                        "compare", "iterator", "main").contains(method.getName());
    }
}
