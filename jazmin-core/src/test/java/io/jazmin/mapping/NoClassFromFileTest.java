package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5: class names found in a file (column attributes, discriminators) are never loaded or
 * instantiated. {@link Gadget} would flip {@link Flag#initialised} from its static initializer.
 */
class NoClassFromFileTest {
    private static final String GADGET = "io.jazmin.mapping.NoClassFromFileTest$Gadget";

    @TempDir
    Path dir;

    /** Kept apart from {@link Gadget} so reading it does not initialise the gadget. */
    static final class Flag {
        static volatile boolean initialised;
    }

    /** A "gadget" a hostile file names. */
    public static final class Gadget {
        static {
            Flag.initialised = true;
        }

        public String command;
    }

    sealed interface Pet permits Dog, Cat {
    }

    record Dog(String name) implements Pet {
    }

    record Cat(String name) implements Pet {
    }

    record Owner(Pet pet, Object anything, String label) {
    }

    @Test
    void classNamesInAFileAreOnlyCompared() {
        Column pet = Column.of("pet", ColumnType.JSON).withAttributes("{\"javaType\":\"" + GADGET + "\"}");
        Column anything = Column.of("anything", ColumnType.JSON).withAttributes("{\"javaType\":\"" + GADGET + "\"}");
        Column label = Column.of("label", ColumnType.STRING).withAttributes("{\"javaType\":\"" + GADGET + "\"}");
        Path file = MappingFiles.write(dir.resolve("hostile.jzm"), List.of(pet, anything, label),
                new Object[] {JsonText.of("{\"@type\":\"" + GADGET + "\",\"command\":\"rm -rf /\"}"),
                        JsonText.of("{\"@class\":\"" + GADGET + "\",\"command\":\"calc\"}"), "x"});

        MappingOptions lenient = MappingOptions.defaults().withMode(MappingOptions.Mode.LENIENT);
        MappingException e = MappingPolicyTest.assertRefused(() -> MappingFiles.read(file,
                r -> JazminMapper.forType(Owner.class, lenient).table(r).stream().toList()),
                MappingException.Reason.UNKNOWN_SUBTYPE, 0, "pet");
        assertThat(e.getMessage()).contains("Dog");

        record Loose(Object anything, String label) {
        }
        List<Loose> rows = MappingFiles.read(file, r -> JazminMapper.forType(Loose.class, lenient).table(r).stream()
                .toList());
        assertThat(rows.get(0).anything()).isEqualTo(Map.of("@class", GADGET, "command", "calc"));
        // Strict mode only compares the recorded name with the member's type, and refuses.
        MappingPolicyTest.assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Loose.class)
                .projection(r.table())), MappingException.Reason.TYPE_MISMATCH, -1, null);

        assertThat(Flag.initialised).as("Gadget's static initializer ran").isFalse();
    }
}
