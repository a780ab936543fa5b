package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import io.jazmin.data.Row;
import io.jazmin.mapping.MappingException.Reason;
import io.jazmin.mapping.annotation.JazminFinite;
import io.jazmin.mapping.annotation.JazminNotNull;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TimeZone;
import java.util.UUID;
import java.util.regex.Pattern;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 5: each mapping policy, and the typed error naming row and column when it refuses. */
class MappingPolicyTest {
    @TempDir
    Path dir;

    record Floats(double d, Double boxed, float f) {
    }

    @Test
    void nanInfinityAndNegativeZeroAreKeptExactly() {
        List<Floats> in = List.of(new Floats(Double.NaN, -0.0, -0.0f), new Floats(Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY, Float.NaN), new Floats(-0.0, Double.NaN, Float.NEGATIVE_INFINITY));
        Path file = dir.resolve("floats.jzm");
        JazminMapper.forType(Floats.class).write(file, in);
        List<Floats> out = MappingFiles.read(file, r -> JazminMapper.forType(Floats.class).table(r).stream().toList());
        assertThat(out).isEqualTo(in);
        assertThat(Double.doubleToRawLongBits(out.get(2).d())).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(Double.doubleToRawLongBits(out.get(0).boxed())).isEqualTo(Double.doubleToRawLongBits(-0.0));
    }

    record Measured(String sensor, @JazminFinite double celsius, @JazminFinite Float boxed,
                    @JazminFinite OptionalDouble maybe, @JazminFinite Optional<Double> optional, double free) {
    }

    @Test
    void finiteMembersRefuseNanAndInfinityOnWriteAndRead() {
        Measured ok = new Measured("a", -0.0, -0.0f, OptionalDouble.empty(), Optional.of(Double.MAX_VALUE), Double.NaN);
        assertRefused(() -> JazminMapper.forType(Measured.class).write(dir.resolve("w1.jzm"),
                List.of(ok, new Measured("b", Double.NaN, 1f, OptionalDouble.empty(), Optional.empty(), 0))),
                Reason.NOT_FINITE, 1, "celsius");
        assertRefused(() -> JazminMapper.forType(Measured.class).write(dir.resolve("w2.jzm"),
                List.of(new Measured("b", 0, Float.NEGATIVE_INFINITY, OptionalDouble.empty(), Optional.empty(), 0))),
                Reason.NOT_FINITE, 0, "boxed");
        assertRefused(() -> JazminMapper.forType(Measured.class).write(dir.resolve("w3.jzm"),
                List.of(new Measured("b", 0, 1f, OptionalDouble.of(Double.POSITIVE_INFINITY), Optional.empty(), 0))),
                Reason.NOT_FINITE, 0, "maybe");
        assertRefused(() -> JazminMapper.forType(Measured.class).write(dir.resolve("w4.jzm"),
                List.of(new Measured("b", 0, 1f, OptionalDouble.empty(), Optional.of(Double.NaN), 0))),
                Reason.NOT_FINITE, 0, "optional");

        Path file = dir.resolve("finite.jzm");
        JazminMapper.forType(Measured.class).write(file, List.of(ok));
        Measured back = MappingFiles.read(file, r -> JazminMapper.forType(Measured.class).table(r).get(0).orElseThrow());
        assertThat(Double.doubleToRawLongBits(back.celsius())).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(back.free()).isNaN();

        // A file written elsewhere with a NaN is refused where the member is finite.
        record Reading(@JazminFinite double celsius) {
        }
        Path nan = MappingFiles.write(dir.resolve("nan.jzm"), List.of(Column.of("celsius", ColumnType.FLOAT)),
                new Object[] {1.5}, new Object[] {Double.NaN});
        assertRefused(() -> MappingFiles.read(nan, r -> JazminMapper.forType(Reading.class).table(r).stream().toList()),
                Reason.NOT_FINITE, 1, "celsius");

        record Misplaced(@JazminFinite long count) {
        }
        assertThatThrownBy(() -> JazminMapper.forType(Misplaced.class)).isInstanceOf(MappingException.class)
                .hasMessageContaining("@JazminFinite").extracting(e -> ((MappingException) e).reason())
                .isEqualTo(Reason.UNSUPPORTED_TYPE);
    }

    record Labels(String count, String ratio, String flag, List<String> items) {
    }

    @Test
    void lenientModeReadsNumbersAndBooleansAsText() {
        Path file = MappingFiles.write(dir.resolve("labels.jzm"), List.of(Column.of("count", ColumnType.INT),
                Column.of("ratio", ColumnType.FLOAT), Column.of("flag", ColumnType.BOOL),
                Column.of("items", ColumnType.JSON)), new Object[] {42L, 1.5, true, JsonText.of("[7, \"x\", false]")});
        MappingOptions lenient = MappingOptions.defaults().withMode(MappingOptions.Mode.LENIENT);
        List<Labels> read = MappingFiles.read(file, r -> JazminMapper.forType(Labels.class, lenient).table(r).stream()
                .toList());
        assertThat(read).containsExactly(new Labels("42", "1.5", "true", List.of("7", "x", "false")));

        MappingException e = assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Labels.class)
                .table(r)), Reason.TYPE_MISMATCH, -1, null);
        assertThat(e.getMessage()).contains("'count' is int");
        record Items(List<String> items) {
        }
        Path json = MappingFiles.write(dir.resolve("items.jzm"), List.of(Column.of("items", ColumnType.JSON)),
                new Object[] {JsonText.of("[7]")});
        e = assertRefused(() -> MappingFiles.read(json, r -> JazminMapper.forType(Items.class).table(r).stream()
                .toList()), Reason.TYPE_MISMATCH, 0, "items");
        assertThat(e.getMessage()).contains("a JSON number cannot be read as string");
    }

    record Month(YearMonth month) {
    }

    @Test
    void yearMonthsBeyondYear9999AreWrittenWithTheirSign() {
        Path file = dir.resolve("months.jzm");
        List<Month> in = List.of(new Month(YearMonth.of(10_000, 1)), new Month(YearMonth.of(-10_000, 12)),
                new Month(YearMonth.of(999, 3)));
        JazminMapper.forType(Month.class).write(file, in);
        Object first = MappingFiles.read(file, r -> r.table().get(0).orElseThrow().get("month"));
        Object third = MappingFiles.read(file, r -> r.table().get(2).orElseThrow().get("month"));
        List<Month> back = MappingFiles.read(file, r -> JazminMapper.forType(Month.class).table(r).stream().toList());
        assertThat(first).isEqualTo("+10000-01");
        assertThat(third).isEqualTo("0999-03");
        assertThat(back).isEqualTo(in);
    }

    record Host(InetAddress address) {
    }

    @Test
    void ipAddressesAreParsedAndNeverResolved() throws Exception {
        Path file = MappingFiles.write(dir.resolve("hosts.jzm"), List.of(Column.of("address", ColumnType.STRING)
                .withAttributes("{\"javaType\":\"java.net.InetAddress\"}")), new Object[] {"10.0.0.255"},
                new Object[] {"2001:db8::1"}, new Object[] {"example.invalid"}, new Object[] {"300.1.1.1"},
                new Object[] {"abc"}, new Object[] {"zz:1"}, new Object[] {"1:2:3"});
        JazminMapper<Host> hosts = JazminMapper.forType(Host.class);
        assertThat(MappingFiles.read(file, r -> hosts.table(r).get(0).orElseThrow()).address())
                .isEqualTo(InetAddress.getByAddress(new byte[] {10, 0, 0, (byte) 255}));
        assertThat(MappingFiles.read(file, r -> hosts.table(r).get(1).orElseThrow()).address().getHostAddress())
                .isEqualTo("2001:db8:0:0:0:0:0:1");
        for (int row = 2; row < 7; row++) {
            long id = row;
            assertRefused(() -> MappingFiles.read(file, r -> hosts.table(r).get(id)), Reason.INVALID_VALUE, row,
                    "address");
        }
    }

    record Rule(Pattern pattern) {
    }

    @Test
    void patternsKeepInlineFlagsAndRefuseOthers() {
        Path file = dir.resolve("rules.jzm");
        JazminMapper.forType(Rule.class).write(file, List.of(new Rule(Pattern.compile("(?i)caf\u00e9"))));
        Pattern back = MappingFiles.read(file, r -> JazminMapper.forType(Rule.class).table(r).get(0).orElseThrow())
                .pattern();
        assertThat(back.matcher("CAF\u00e9").matches()).isTrue();
        assertRefused(() -> JazminMapper.forType(Rule.class).write(dir.resolve("flags.jzm"),
                List.of(new Rule(Pattern.compile("caf", Pattern.CASE_INSENSITIVE)))), Reason.NOT_REPRESENTABLE, 0,
                "pattern");
        Path bad = MappingFiles.write(dir.resolve("bad.jzm"), List.of(Column.of("pattern", ColumnType.STRING)),
                new Object[] {"(unclosed"});
        assertRefused(() -> MappingFiles.read(bad, r -> JazminMapper.forType(Rule.class).table(r).get(0)),
                Reason.INVALID_VALUE, 0, "pattern");
    }

    record Stamp(long id, Instant at, LocalDateTime local) {
    }

    @Test
    void subMillisecondInstantsAreRefusedUnlessTruncationIsChosen() {
        Instant precise = Instant.parse("2024-05-06T07:08:09.123456789Z");
        List<Stamp> rows = List.of(new Stamp(0, Instant.EPOCH, null), new Stamp(1, precise, null));
        assertRefused(() -> JazminMapper.forType(Stamp.class).write(dir.resolve("a.jzm"), rows),
                Reason.SUB_MILLISECOND, 1, "at");
        assertRefused(() -> JazminMapper.forType(Stamp.class).write(dir.resolve("b.jzm"),
                List.of(new Stamp(0, Instant.EPOCH, LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1)))),
                Reason.SUB_MILLISECOND, 0, "local");

        MappingOptions truncate = MappingOptions.defaults().withSubMillis(MappingOptions.SubMillis.TRUNCATE);
        Path file = dir.resolve("c.jzm");
        JazminMapper.forType(Stamp.class, truncate).write(file, rows);
        Stamp back = MappingFiles.read(file, r -> JazminMapper.forType(Stamp.class).table(r).get(1).orElseThrow());
        assertThat(back.at()).isEqualTo(Instant.parse("2024-05-06T07:08:09.123Z"));
    }

    record Dated(LocalDate day, LocalDateTime wall) {
    }

    @Test
    void localDatesAreUtcMidnightDatetimesWhateverTheDefaultZone() {
        TimeZone before = TimeZone.getDefault();
        Path file = dir.resolve("dates.jzm");
        Dated in = new Dated(LocalDate.of(2024, 2, 29), LocalDateTime.of(2024, 2, 29, 23, 30, 15, 250_000_000));
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Kiritimati"));
            JazminMapper.forType(Dated.class).write(file, List.of(in));
            TimeZone.setDefault(TimeZone.getTimeZone("America/Los_Angeles"));
            List<Dated> back = MappingFiles.read(file, r -> JazminMapper.forType(Dated.class).table(r).stream().toList());
            assertThat(back).containsExactly(in);
        } finally {
            TimeZone.setDefault(before);
        }
        Row raw = MappingFiles.read(file, r -> r.table().get(0).orElseThrow());
        assertThat(raw.get("day")).isEqualTo(Instant.parse("2024-02-29T00:00:00Z"));
        assertThat(raw.get("wall")).isEqualTo(Instant.parse("2024-02-29T23:30:15.250Z"));
        String attributes = MappingFiles.read(file, r -> r.table().column("day").attributes());
        assertThat(attributes).isEqualTo("{\"javaType\":\"java.time.LocalDate\"}");

        Path notMidnight = MappingFiles.write(dir.resolve("noon.jzm"), List.of(Column.of("day", ColumnType.DATETIME),
                Column.of("wall", ColumnType.DATETIME)), new Object[] {Instant.parse("2024-01-01T12:00:00Z"), null});
        assertRefused(() -> MappingFiles.read(notMidnight, r -> JazminMapper.forType(Dated.class).table(r)
                .stream().toList()), Reason.NOT_REPRESENTABLE, 0, "day");
    }

    enum Color { RED, GREEN }

    record Paint(Color color) {
    }

    @Test
    void unknownEnumConstantsAreRefused() {
        Path file = MappingFiles.write(dir.resolve("enum.jzm"), List.of(Column.of("color", ColumnType.STRING)),
                new Object[] {"RED"}, new Object[] {"PURPLE"});
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Paint.class).table(r).stream().toList()),
                Reason.UNKNOWN_ENUM_CONSTANT, 1, "color");
        assertThat(JazminMapper.forType(Paint.class).schema().column("color").attributes())
                .contains("\"enumConstants\":[\"RED\",\"GREEN\"]");
    }

    record Narrow(int count, short small) {
    }

    @Test
    void valuesOutOfRangeForNarrowerJavaTypesAreRefused() {
        Path file = MappingFiles.write(dir.resolve("wide.jzm"), List.of(Column.required("count", ColumnType.INT),
                Column.required("small", ColumnType.INT)), new Object[] {1L, 2L}, new Object[] {1L << 40, 3L});
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Narrow.class).table(r).stream().toList()),
                Reason.OUT_OF_RANGE, 1, "count");
    }

    /** POJOs with mutable references, to build the cycle customer → address → owner (= customer). */
    public static final class Order {
        private Customer customer;

        public Customer getCustomer() {
            return customer;
        }

        public void setCustomer(Customer customer) {
            this.customer = customer;
        }
    }

    public static final class Customer {
        private String name;
        private Address address;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public Address getAddress() {
            return address;
        }

        public void setAddress(Address address) {
            this.address = address;
        }
    }

    public static final class Address {
        private Customer owner;

        public Customer getOwner() {
            return owner;
        }

        public void setOwner(Customer owner) {
            this.owner = owner;
        }
    }

    @Test
    void cyclesAreRefusedWithTheirPath() {
        Order order = new Order();
        Customer customer = new Customer();
        Address address = new Address();
        order.setCustomer(customer);
        customer.setAddress(address);
        address.setOwner(customer);
        MappingException e = assertRefused(() -> JazminMapper.forType(Order.class).write(dir.resolve("cycle.jzm"),
                List.of(order)), Reason.CYCLE, 0, "customer");
        assertThat(e.path()).isEqualTo("customer.address.owner");

        // The same object twice, but not inside itself, is no cycle: it is written twice.
        Customer shared = new Customer();
        shared.setName("Ann");
        Address twice = new Address();
        twice.setOwner(shared);
        shared.setAddress(new Address());
        Order fine = new Order();
        fine.setCustomer(shared);
        JazminMapper.forType(Order.class).write(dir.resolve("fine.jzm"), List.of(fine, fine));
    }

    record Deep(List<Object> tree) {
    }

    @Test
    void depthAndSizeLimitsApplyOnWriteAndRead() {
        MappingOptions shallow = MappingOptions.defaults().withMaxDepth(3);
        MappingOptions few = MappingOptions.defaults().withMaxItems(4);
        List<Object> deep = List.of(List.of(List.of(List.of("too deep"))));
        assertRefused(() -> JazminMapper.forType(Deep.class, shallow).write(dir.resolve("d.jzm"),
                List.of(new Deep(deep))), Reason.DEPTH_LIMIT, 0, "tree");
        assertRefused(() -> JazminMapper.forType(Deep.class, few).write(dir.resolve("e.jzm"),
                List.of(new Deep(List.of(1L, 2L, 3L, 4L, 5L)))), Reason.SIZE_LIMIT, 0, "tree");

        Path file = dir.resolve("big.jzm");
        JazminMapper.forType(Deep.class).write(file, List.of(new Deep(List.of("ok")), new Deep(deep),
                new Deep(new ArrayList<>(List.of(1L, 2L, 3L, 4L, 5L)))));
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Deep.class, shallow).table(r).get(1)),
                Reason.DEPTH_LIMIT, 1, "tree");
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Deep.class, few).table(r).get(2)),
                Reason.SIZE_LIMIT, 2, "tree");

        record Text(String text) {
        }
        MappingOptions shortTexts = MappingOptions.defaults().withMaxTextLength(10);
        assertRefused(() -> JazminMapper.forType(Text.class, shortTexts).write(dir.resolve("t.jzm"),
                List.of(new Text("eleven char"))), Reason.SIZE_LIMIT, 0, "text");
    }

    @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
    @interface NonNull {
    }

    record Required(long id, @JazminNotNull String name, @NonNull String code) {
    }

    @Test
    void nullsInNonNullMembersAreRefused() {
        TypeSchema schema = JazminMapper.forType(Required.class).schema();
        assertThat(schema.columns()).allSatisfy(c -> assertThat(c.nullable()).isFalse());
        assertRefused(() -> JazminMapper.forType(Required.class).write(dir.resolve("n.jzm"),
                List.of(new Required(1, "a", "b"), new Required(2, "a", null))), Reason.NULL_VALUE, 1, "code");

        record Primitive(long id, double value) {
        }
        Path file = MappingFiles.write(dir.resolve("nulls.jzm"), List.of(Column.required("id", ColumnType.INT),
                Column.of("value", ColumnType.FLOAT)), new Object[] {1L, null});
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Primitive.class).table(r)
                .stream().toList()), Reason.NULL_VALUE, 0, "value");
    }

    record Money(BigDecimal amount) {
    }

    @Test
    void negativeScaleDecimalsAreRefused() {
        assertRefused(() -> JazminMapper.forType(Money.class).write(dir.resolve("m.jzm"),
                List.of(new Money(new BigDecimal("1E+3")))), Reason.NOT_REPRESENTABLE, 0, "amount");
    }

    record Tags(Set<String> tags) {
    }

    @Test
    void repeatedSetElementsAreRefused() {
        Path file = MappingFiles.write(dir.resolve("set.jzm"), List.of(Column.of("tags", ColumnType.JSON)),
                new Object[] {JsonText.of("[\"a\",\"b\"]")}, new Object[] {JsonText.of("[\"a\",\"a\"]")});
        MappingException e = assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Tags.class)
                .table(r).stream().toList()), Reason.DUPLICATE, 1, "tags");
        assertThat(e.path()).isEqualTo("tags[1]");
    }

    record Wide(long id, String name) {
    }

    record WithUuid(UUID id, LocalDate day, double amount) {
    }

    @Test
    void strictRefusesWhatLenientConverts() {
        Path file = MappingFiles.write(dir.resolve("js.jzm"), List.of(Column.of("id", ColumnType.STRING),
                Column.of("day", ColumnType.STRING), Column.of("amount", ColumnType.INT),
                Column.of("extra", ColumnType.BOOL)),
                new Object[] {"123e4567-e89b-12d3-a456-426614174000", "2024-03-01", 12L, true});
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(WithUuid.class).table(r)),
                Reason.TYPE_MISMATCH, -1, null);
        MappingOptions lenient = MappingOptions.defaults().withMode(MappingOptions.Mode.LENIENT);
        List<WithUuid> converted = MappingFiles.read(file, r -> JazminMapper.forType(WithUuid.class, lenient).table(r)
                .stream().toList());
        assertThat(converted).containsExactly(new WithUuid(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
                LocalDate.of(2024, 3, 1), 12.0));

        Path wide = MappingFiles.write(dir.resolve("wide.jzm"), List.of(Column.required("id", ColumnType.INT),
                Column.of("name", ColumnType.STRING), Column.of("age", ColumnType.INT)), new Object[] {1L, "Ann", 3L});
        assertRefused(() -> MappingFiles.read(wide, r -> JazminMapper.forType(Wide.class).table(r)),
                Reason.EXTRA_COLUMN, -1, null);
        List<Wide> narrowed = MappingFiles.read(wide, r -> JazminMapper.forType(Wide.class, lenient).table(r).stream()
                .toList());
        assertThat(narrowed).containsExactly(new Wide(1, "Ann"));

        record Missing(long id, String name, String nickname) {
        }
        assertRefused(() -> MappingFiles.read(wide, r -> JazminMapper.forType(Missing.class).projection(r.table())),
                Reason.MISSING_COLUMN, -1, null);
        List<Missing> filled = MappingFiles.read(wide, r -> JazminMapper.forType(Missing.class, lenient).table(r)
                .stream().toList());
        assertThat(filled).containsExactly(new Missing(1, "Ann", null));
    }

    record AsDate(LocalDate when) {
    }

    record AsInstant(Instant when) {
    }

    @Test
    void strictChecksTheRecordedJavaType() {
        Path file = dir.resolve("typed.jzm");
        JazminMapper.forType(AsDate.class).write(file, List.of(new AsDate(LocalDate.of(2020, 1, 1))));
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(AsInstant.class).table(r)),
                Reason.TYPE_MISMATCH, -1, null);
        MappingOptions lenient = MappingOptions.defaults().withMode(MappingOptions.Mode.LENIENT);
        List<AsInstant> instants = MappingFiles.read(file, r -> JazminMapper.forType(AsInstant.class, lenient).table(r)
                .stream().toList());
        assertThat(instants).containsExactly(new AsInstant(Instant.parse("2020-01-01T00:00:00Z")));
    }

    record HasThread(Thread thread) {
    }

    @Test
    void typesWithoutAMappingAreRefusedUpFront() {
        assertThatThrownBy(() -> JazminMapper.forType(HasThread.class)).isInstanceOf(MappingException.class)
                .extracting(e -> ((MappingException) e).reason()).isEqualTo(Reason.UNSUPPORTED_TYPE);
    }

    static MappingException assertRefused(ThrowingCallable call, Reason reason, long row, String column) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(call);
        assertThat(t).isInstanceOf(MappingException.class);
        MappingException e = (MappingException) t;
        assertThat(e.reason()).as(e.getMessage()).isEqualTo(reason);
        assertThat(e.row()).as(e.getMessage()).isEqualTo(row);
        if (column != null) {
            assertThat(e.column()).as(e.getMessage()).isEqualTo(column);
            assertThat(e.getMessage()).contains("row " + row).contains(column);
        }
        return e;
    }
}
