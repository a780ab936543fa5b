package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import io.jazmin.mapping.MappingException.Reason;
import io.jazmin.mapping.annotation.JazminTypeAlias;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nested and polymorphic types are recorded under a name that does not depend on the package
 * ({@code @JazminTypeAlias}, else the simple name), and files that recorded full class names keep
 * reading in strict mode.
 */
class TypeAliasTest {
    @TempDir
    Path dir;

    record Address(String city, String zip) {
    }

    enum Color { RED, GREEN }

    record Person(String name, Address address, List<Address> previous, Color color) {
    }

    /** The same person after {@code Address} moved to another package. */
    record MovedPerson(String name, io.jazmin.mapping.moved.Address address,
                       List<io.jazmin.mapping.moved.Address> previous, Color color) {
    }

    @JazminTypeAlias("home")
    record Home(String city) {
    }

    /** Another class (another simple name) under the same alias: a renamed {@code Home}. */
    @JazminTypeAlias("home")
    record Dwelling(String city) {
    }

    record Dwelling2(String city) {
    }

    record Owner(Home home) {
    }

    record RenamedOwner(Dwelling home) {
    }

    record UnaliasedOwner(Dwelling2 home) {
    }

    sealed interface Pet permits Dog, Cat {
    }

    @JazminTypeAlias("dog")
    record Dog(String name) implements Pet {
    }

    record Cat(int lives) implements Pet {
    }

    record Keeper(Pet pet) {
    }

    @Test
    void typesAreRecordedBySimpleNameOrAlias() {
        TypeSchema person = JazminMapper.forType(Person.class).schema();
        assertThat(person.column("address").attributes()).isEqualTo("{\"javaType\":\"Address\"}");
        assertThat(person.column("previous").attributes()).isEqualTo("{\"javaType\":\"java.util.List<Address>\"}");
        assertThat(person.column("color").attributes()).startsWith("{\"javaType\":\"Color\",");
        assertThat(JazminMapper.forType(Owner.class).schema().column("home").attributes())
                .isEqualTo("{\"javaType\":\"home\"}");
        assertThat(JazminMapper.forType(Keeper.class).schema().column("pet").attributes())
                .isEqualTo("{\"javaType\":\"Pet\"}");
    }

    @Test
    void aClassMovedToAnotherPackageStillReadsStrictly() {
        Path file = dir.resolve("people.jzm");
        Person ann = new Person("Ann", new Address("Paris", "75001"), List.of(new Address("Lyon", null)), Color.RED);
        JazminMapper.forType(Person.class).write(file, List.of(ann));

        List<MovedPerson> read = readAll(file, MovedPerson.class);
        assertThat(read).containsExactly(new MovedPerson("Ann", new io.jazmin.mapping.moved.Address("Paris", "75001"),
                List.of(new io.jazmin.mapping.moved.Address("Lyon", null)), Color.RED));
    }

    @Test
    void aRenamedClassWithTheSameAliasStillReadsStrictly() {
        Path file = dir.resolve("owners.jzm");
        JazminMapper.forType(Owner.class).write(file, List.of(new Owner(new Home("Durban"))));

        assertThat(readAll(file, RenamedOwner.class))
                .containsExactly(new RenamedOwner(new Dwelling("Durban")));
        MappingException e = MappingPolicyTest.assertRefused(() -> MappingFiles.read(file,
                r -> JazminMapper.forType(UnaliasedOwner.class).table(r)), Reason.TYPE_MISMATCH, -1, null);
        assertThat(e.getMessage()).contains("written as home").contains("Dwelling2");
    }

    @Test
    void filesRecordingFullClassNamesStillReadStrictly() {
        // What the mapper wrote before aliases: binary class names in javaType.
        String address = Address.class.getName();
        assertThat(address).isEqualTo("io.jazmin.mapping.TypeAliasTest$Address");
        Path file = MappingFiles.write(dir.resolve("old.jzm"), List.of(
                Column.of("name", ColumnType.STRING),
                Column.of("address", ColumnType.JSON).withAttributes("{\"javaType\":\"" + address + "\"}"),
                Column.of("previous", ColumnType.JSON).withAttributes("{\"javaType\":\"java.util.List<" + address
                        + ">\"}"),
                Column.of("color", ColumnType.STRING).withAttributes("{\"javaType\":\"" + Color.class.getName()
                        + "\",\"enumConstants\":[\"RED\",\"GREEN\"]}")),
                new Object[] {"Ann", JsonText.of("{\"city\":\"Paris\",\"zip\":\"75001\"}"),
                        JsonText.of("[{\"city\":\"Lyon\",\"zip\":null}]"), "GREEN"});

        assertThat(readAll(file, Person.class))
                .containsExactly(new Person("Ann", new Address("Paris", "75001"), List.of(new Address("Lyon", null)),
                        Color.GREEN));
        // Another class's old name is still refused.
        Path other = MappingFiles.write(dir.resolve("other.jzm"), List.of(Column.of("home", ColumnType.JSON)
                .withAttributes("{\"javaType\":\"" + address + "\"}")), new Object[] {JsonText.of("{\"city\":\"x\"}")});
        MappingPolicyTest.assertRefused(() -> MappingFiles.read(other, r -> JazminMapper.forType(Owner.class).table(r)),
                Reason.TYPE_MISMATCH, -1, null);
    }

    @Test
    void sealedSubtypesAreWrittenUnderTheirAliasAndReadUnderTheirOldSimpleName() {
        Path file = dir.resolve("pets.jzm");
        JazminMapper<Keeper> keepers = JazminMapper.forType(Keeper.class);
        keepers.write(file, List.of(new Keeper(new Dog("Rex")), new Keeper(new Cat(9))));
        assertThat(MappingFiles.read(file, r -> r.table().get(0).orElseThrow().get("pet")).toString())
                .isEqualTo("{\"@type\":\"dog\",\"name\":\"Rex\"}");
        assertThat(MappingFiles.read(file, r -> r.table().get(1).orElseThrow().get("pet")).toString())
                .isEqualTo("{\"@type\":\"Cat\",\"lives\":9}");
        assertThat(readAll(file, Keeper.class))
                .containsExactly(new Keeper(new Dog("Rex")), new Keeper(new Cat(9)));

        Path old = MappingFiles.write(dir.resolve("old-pets.jzm"), List.of(Column.of("pet", ColumnType.JSON)
                .withAttributes("{\"javaType\":\"" + Pet.class.getName() + "\"}")),
                new Object[] {JsonText.of("{\"@type\":\"Dog\",\"name\":\"Rex\"}")});
        assertThat(readAll(old, Keeper.class))
                .containsExactly(new Keeper(new Dog("Rex")));
    }

    @JazminTypeAlias(" ")
    record Blank(String x) {
    }

    record HasBlank(Blank blank) {
    }

    @Test
    void aBlankAliasIsRefusedUpFront() {
        assertThatThrownBy(() -> JazminMapper.forType(HasBlank.class)).isInstanceOf(MappingException.class)
                .hasMessageContaining("@JazminTypeAlias").extracting(e -> ((MappingException) e).reason())
                .isEqualTo(Reason.UNSUPPORTED_TYPE);
    }

    /** Every row of {@code file} read strictly as {@code type}. */
    private static <T> List<T> readAll(Path file, Class<T> type) {
        return MappingFiles.read(file, r -> JazminMapper.forType(type).table(r).stream().toList());
    }
}
