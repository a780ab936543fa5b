package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.mapping.annotation.JazminColumn;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminIgnore;
import io.jazmin.mapping.annotation.JazminIndex;
import io.jazmin.mapping.annotation.JazminSortedBy;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 5: the typed API — schema from annotations, writing objects, find/stream/get/findById, projections. */
class ObjectTableTest {
    @TempDir
    Path dir;

    @JazminSortedBy({"country", "id"})
    record Customer(@JazminId UUID id, @JazminColumn(name = "full_name", description = "Given and family name")
                    @JazminIndex({IndexKind.SORTED, IndexKind.TRIGRAM}) String name, String country,
                    LocalDate joined, @JazminIgnore String scratch) {
    }

    static UUID uuid(int i) {
        return new UUID(0, i);
    }

    static Customer customer(int i) {
        return new Customer(uuid(i), "Customer " + i, i % 2 == 0 ? "NA" : "ZA", LocalDate.of(2020, 1, 1).plusDays(i),
                null);
    }

    @Test
    void schemaComesFromTheClassAndItsAnnotations() {
        TypeSchema schema = JazminMapper.forType(Customer.class).schema();
        assertThat(schema.columns()).extracting(c -> c.name()).containsExactly("id", "full_name", "country", "joined");
        assertThat(schema.column("id").nullable()).isFalse();
        assertThat(schema.column("id").type()).isEqualTo(ColumnType.STRING);
        assertThat(schema.column("id").attributes()).isEqualTo("{\"javaType\":\"java.util.UUID\"}");
        assertThat(schema.column("full_name").description()).isEqualTo("Given and family name");
        assertThat(schema.column("full_name").attributes()).isEmpty();
        assertThat(schema.column("joined").type()).isEqualTo(ColumnType.DATETIME);
        assertThat(schema.sortedBy()).containsExactly("country", "id");
        assertThat(schema.idColumn()).isEqualTo("id");
        assertThat(schema.indexes()).containsExactly(new TypeSchema.Index("id", IndexKind.SORTED),
                new TypeSchema.Index("full_name", IndexKind.SORTED),
                new TypeSchema.Index("full_name", IndexKind.TRIGRAM));

        record Event(@JazminSortedBy(order = 1) long seq, @JazminSortedBy(order = 0) LocalDate day) {
        }
        assertThat(JazminMapper.forType(Event.class).schema().sortedBy()).containsExactly("day", "seq");
    }

    @Test
    void writesAndFindsObjects() {
        Path file = dir.resolve("customers.jzm");
        JazminMapper<Customer> mapper = JazminMapper.forType(Customer.class);
        // Written in the declared sort order (country, then id).
        Stream<Customer> sorted = IntStream.range(0, 50).mapToObj(ObjectTableTest::customer)
                .sorted(java.util.Comparator.comparing(Customer::country).thenComparing(Customer::id));
        mapper.write(file, sorted, WriteOptions.defaults().withChunkRows(8));
        List<Customer> all = MappingFiles.read(file, r -> {
            assertThat(r.table().sortedBy()).containsExactly("country", "id");
            assertThat(r.table().indexes()).extracting(IndexInfo::column, IndexInfo::kind).contains(
                    org.assertj.core.groups.Tuple.tuple("id", "sorted"), org.assertj.core.groups.Tuple.tuple("full_name", "trigram"));
            ObjectTable<Customer> table = mapper.table(r);
            assertThat(table.count(Filter.eq("country", "ZA"))).isEqualTo(25);
            assertThat(table.find(Filter.eq("country", "ZA"), RowQuery.all().withOffset(2).withLimit(3)).toList())
                    .containsExactly(customer(5), customer(7), customer(9));
            assertThat(table.findById(uuid(17))).contains(customer(17));
            assertThat(table.findById(uuid(99))).isEmpty();
            assertThat(table.get(0)).contains(customer(0));
            return table.stream().toList();
        });
        assertThat(all).hasSize(50).startsWith(customer(0), customer(2));
    }

    record NameOnly(@JazminColumn(name = "full_name") String name) {
    }

    @Test
    void projectionsReadOnlyTheirColumns() {
        Path file = dir.resolve("p.jzm");
        JazminMapper.forType(Customer.class).write(file, List.of(customer(0), customer(2)));
        List<NameOnly> names = MappingFiles.read(file, r -> JazminMapper.forType(Customer.class).table(r)
                .project(NameOnly.class).stream().toList());
        assertThat(names).containsExactly(new NameOnly("Customer 0"), new NameOnly("Customer 2"));
    }

    /** A POJO written through getters and read through a no-argument constructor and setters. */
    public static final class Account {
        private long number;
        private String owner;
        private Optional<String> note = Optional.empty();
        private transient String cache;

        public long getNumber() {
            return number;
        }

        public void setNumber(long number) {
            this.number = number;
        }

        public String getOwner() {
            return owner;
        }

        public void setOwner(String owner) {
            this.owner = owner;
        }

        public Optional<String> getNote() {
            return note;
        }

        public void setNote(Optional<String> note) {
            this.note = note;
        }

        static Account of(long number, String owner, String note) {
            Account a = new Account();
            a.number = number;
            a.owner = owner;
            a.note = Optional.ofNullable(note);
            a.cache = "not mapped";
            return a;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Account a && a.number == number && java.util.Objects.equals(a.owner, owner)
                    && a.note.equals(note);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(number);
        }
    }

    @Test
    void pojosRoundTripThroughSetters() {
        Path file = dir.resolve("accounts.jzm");
        List<Account> in = List.of(Account.of(1, "Ann", null), Account.of(2, null, "vip"));
        JazminMapper.forType(Account.class).write(file, in);
        assertThat(JazminMapper.forType(Account.class).schema().columns()).extracting(c -> c.name())
                .containsExactly("number", "owner", "note");
        List<Account> out = MappingFiles.read(file, r -> JazminMapper.forType(Account.class).table(r).stream()
                .toList());
        assertThat(out).isEqualTo(in);
    }

    record Money(long cents) {
    }

    record Invoice(long id, Money total, List<Money> lines) {
    }

    @Test
    void customAdaptersStoreScalarsAndWorkInsideJson() {
        JazminTypeAdapter<Money> money = JazminTypeAdapter.of(Money.class, "money", ColumnType.INT, Money::cents,
                cell -> new Money((Long) cell));
        MappingOptions options = MappingOptions.defaults().withAdapters(TypeAdapters.none().with(money));
        JazminMapper<Invoice> mapper = JazminMapper.forType(Invoice.class, options);
        assertThat(mapper.schema().column("total").type()).isEqualTo(ColumnType.INT);
        assertThat(mapper.schema().column("total").attributes()).isEqualTo("{\"javaType\":\"money\"}");
        Path file = dir.resolve("invoices.jzm");
        Invoice in = new Invoice(1, new Money(1250), List.of(new Money(1000), new Money(250)));
        mapper.write(file, List.of(in));
        assertThat(MappingFiles.read(file, r -> r.table().get(0).orElseThrow().get("lines")).toString())
                .isEqualTo("[1000,250]");
        Invoice out = MappingFiles.read(file, r -> mapper.table(r).get(0).orElseThrow());
        assertThat(out).isEqualTo(in);
    }

    interface Animal {
    }

    record Dog(String name) implements Animal {
    }

    record Cat(String name, int lives) implements Animal {
    }

    record Pets(Animal first, List<Animal> others) {
    }

    @Test
    void polymorphismThroughAnExplicitRegistry() {
        MappingOptions options = MappingOptions.defaults().withSubtypes(SubtypeRegistry.none()
                .with(Animal.class, "dog", Dog.class).with(Animal.class, "cat", Cat.class));
        JazminMapper<Pets> mapper = JazminMapper.forType(Pets.class, options);
        Path file = dir.resolve("pets.jzm");
        Pets in = new Pets(new Dog("Rex"), List.of(new Cat("Tom", 9), new Dog("Fido")));
        mapper.write(file, List.of(in));
        assertThat(MappingFiles.read(file, r -> r.table().get(0).orElseThrow().get("first")).toString())
                .isEqualTo("{\"@type\":\"dog\",\"name\":\"Rex\"}");
        Pets out = MappingFiles.read(file, r -> mapper.table(r).get(0).orElseThrow());
        assertThat(out).isEqualTo(in);
    }
}
