package io.jazmin.build;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layout ARCHITECTURE.md draws, checked on the compiled engine: no package cycles, every
 * package importing only the layers below it, the engine never importing the API entry points,
 * and the module descriptor exporting exactly the API packages.
 */
class ArchitectureTest {
    /** The layers, lowest first: a package may depend only on packages of lower layers. */
    static final List<List<String>> LAYERS = List.of(
            List.of("io.jazmin.error"),
            List.of("io.jazmin.source"),
            List.of("io.jazmin.internal.json", "io.jazmin.internal.keys", "io.jazmin.internal.wire",
                    "io.jazmin.internal.parallel"),
            List.of("io.jazmin.schema", "io.jazmin.key"),
            List.of("io.jazmin.options"),
            List.of("io.jazmin.internal.compress", "io.jazmin.internal.catalog"),
            List.of("io.jazmin.internal.crypto"),
            List.of("io.jazmin.internal.section"),
            List.of("io.jazmin.internal.column"),
            List.of("io.jazmin.data", "io.jazmin.internal.index"),
            List.of("io.jazmin.export"),
            List.of("io.jazmin.files"),
            List.of("io.jazmin.change"),
            List.of("io.jazmin.internal.table"),
            List.of("io.jazmin.internal.query"),
            List.of("io.jazmin.internal.reader"),
            List.of("io.jazmin.internal.shape"),
            List.of("io.jazmin.internal.writer"),
            List.of("io.jazmin.internal.changefile"),
            List.of("io.jazmin.convert"),
            List.of("io.jazmin"),
            List.of("io.jazmin.mapping.annotation"),
            List.of("io.jazmin.mapping"),
            List.of("io.jazmin.query"));

    static final Set<String> API = Set.of("io.jazmin", "io.jazmin.convert", "io.jazmin.data", "io.jazmin.error",
            "io.jazmin.files", "io.jazmin.export", "io.jazmin.change",
            "io.jazmin.key", "io.jazmin.mapping", "io.jazmin.mapping.annotation", "io.jazmin.options",
            "io.jazmin.query", "io.jazmin.schema", "io.jazmin.source");

    private static JavaClasses engine;

    @BeforeAll
    static void importClasses() {
        // The compiled main classes only: scanning the whole class path for io.jazmin is much slower.
        engine = new ClassFileImporter().importPath(Path.of("target/classes"));
    }

    @Test
    void noPackageCycles() {
        slices().matching("io.(**)").should().beFreeOfCycles().check(engine);
    }

    @Test
    void everyPackageHasALayer() {
        Set<String> layered = LAYERS.stream().flatMap(List::stream).collect(Collectors.toSet());
        Set<String> packages = engine.stream().map(JavaClass::getPackageName).collect(Collectors.toCollection(TreeSet::new));
        assertThat(packages).as("packages missing from ArchitectureTest.LAYERS (and ARCHITECTURE.md)")
                .isSubsetOf(layered);
    }

    @Test
    void eachLayerImportsOnlyTheLayersBelowIt() {
        Map<String, Integer> rank = new HashMap<>();
        for (int i = 0; i < LAYERS.size(); i++) {
            for (String pkg : LAYERS.get(i)) {
                rank.put(pkg, i);
            }
        }
        Set<String> violations = new TreeSet<>();
        for (JavaClass c : engine) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String from = c.getPackageName();
                String to = d.getTargetClass().getPackageName();
                if (!from.equals(to) && rank.containsKey(to) && rank.containsKey(from) && rank.get(to) >= rank.get(from)) {
                    violations.add(from + " -> " + to + " (" + d.getDescription() + ")");
                }
            }
        }
        assertThat(violations).as("dependencies on the same or a higher layer of ARCHITECTURE.md").isEmpty();
    }

    @Test
    void theEngineNeverImportsTheApiEntryPoints() {
        noClasses().that().resideInAPackage("io.jazmin.internal..").should().dependOnClassesThat()
                .resideInAnyPackage("io.jazmin", "io.jazmin.convert..", "io.jazmin.mapping..", "io.jazmin.query..")
                .check(engine);
    }

    /**
     * Public members of API types take and return API types only, so the engine can change under
     * them (the engine makes {@code Row}s through {@code internal.column.RowFactory}).
     */
    @Test
    void theApiNeverExposesEngineTypes() {
        Set<String> leaks = new TreeSet<>();
        for (JavaClass c : engine) {
            if (!API.contains(c.getPackageName()) || !c.getModifiers().contains(JavaModifier.PUBLIC)) {
                continue;
            }
            for (JavaCodeUnit unit : c.getCodeUnits()) {
                if (!unit.getModifiers().contains(JavaModifier.PUBLIC) && !unit.getModifiers().contains(JavaModifier.PROTECTED)) {
                    continue;
                }
                List<JavaClass> types = new java.util.ArrayList<>(unit.getRawParameterTypes());
                types.add(unit.getRawReturnType());
                for (JavaClass t : types) {
                    JavaClass base = t.isArray() ? t.getBaseComponentType() : t;
                    if (base.getPackageName().startsWith("io.jazmin.internal")) {
                        leaks.add(unit.getFullName() + " uses " + base.getName());
                    }
                }
            }
            for (JavaField f : c.getFields()) {
                if (f.getModifiers().contains(JavaModifier.PUBLIC) && f.getRawType().getPackageName().startsWith("io.jazmin.internal")) {
                    leaks.add(f.getFullName() + " is a " + f.getRawType().getName());
                }
            }
        }
        assertThat(leaks).as("engine types in public API signatures").isEmpty();
    }

    /**
     * The other modules (CLI, viewer, Spring, Spark, benchmarks, sample app) use core's public API
     * only, also on the class path where the module descriptor does not hide the engine: none of
     * their main sources names a package under {@code io.jazmin.internal}.
     */
    @Test
    void theOtherModulesNeverNameTheEngine() {
        Map<String, String> sources = MainSources.all();
        List<String> reaching = sources.entrySet().stream()
                .filter(e -> !e.getKey().startsWith("jazmin-core/") && e.getValue().contains("io.jazmin.internal"))
                .map(Map.Entry::getKey).toList();
        assertThat(sources.keySet()).as("other modules' sources found").anyMatch(p -> p.startsWith("jazmin-spark/"));
        assertThat(reaching).as("main sources of other modules naming io.jazmin.internal").isEmpty();
    }

    @Test
    void theModuleExportsOnlyTheApiPackages() throws IOException {
        ModuleDescriptor module;
        try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
            module = ModuleDescriptor.read(in);
        }
        Set<String> exported = module.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertThat(exported).isEqualTo(API);
        Set<String> packages = engine.stream().map(JavaClass::getPackageName).collect(Collectors.toSet());
        assertThat(packages).as("every API package exists").containsAll(API);
    }
}
