package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.JazminReader;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import io.jazmin.mapping.annotation.JazminNested;
import io.jazmin.mapping.annotation.JazminNotNull;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 8: records and collections stored as nested list/object columns when asked, read back losslessly. */
class NestedColumnsMappingTest {
    record Address(String city, @JazminNotNull Integer zip) {
    }

    record Line(String sku, int quantity, List<String> notes) {
    }

    record Order(long id, Address address, List<Line> lines, List<Integer> scores, Set<String> tags,
                 List<LocalDate> dates) {
    }

    record Annotated(long id, @JazminNested List<Line> lines, List<String> plain) {
    }

    record Node(String name, List<Node> children) {
    }

    private static final MappingOptions NESTED = MappingOptions.defaults().withNestedColumns(true);

    @TempDir
    Path dir;

    @Property(tries = 30)
    void nestedRecordsAndListsRoundTrip(@ForAll long seed, @ForAll @IntRange(min = 1, max = 25) int rows)
            throws IOException {
        Random random = new Random(seed);
        List<Order> written = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            written.add(order(random, i));
        }
        Path file = Files.createTempFile("nested", ".jzm");
        try {
            JazminMapper<Order> mapper = JazminMapper.forType(Order.class, NESTED);
            mapper.write(file, written, WriteOptions.defaults().withChunkRows(6));
            try (JazminReader reader = JazminReader.open(file)) {
                assertThat(mapper.table(reader).stream().toList()).isEqualTo(written);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void optionDerivesNestedDefinitions() {
        List<Column> columns = JazminMapper.forType(Order.class, NESTED).schema().columns();
        assertThat(columns).extracting(Column::type).containsExactly(ColumnType.INT, ColumnType.OBJECT,
                ColumnType.LIST, ColumnType.LIST, ColumnType.LIST, ColumnType.LIST);
        Column address = columns.get(1);
        assertThat(address.fields()).extracting(Column::name).containsExactly("city", "zip");
        assertThat(address.fields()).extracting(Column::nullable).containsExactly(true, false);
        Column lines = columns.get(2);
        assertThat(lines.item().type()).isEqualTo(ColumnType.OBJECT);
        assertThat(lines.item().fields().get(2).item().type()).isEqualTo(ColumnType.STRING);
        assertThat(columns.get(5).item().type()).isEqualTo(ColumnType.DATETIME);
    }

    @Test
    void withoutBeingAskedMembersStayJson() {
        assertThat(JazminMapper.forType(Order.class).schema().columns()).extracting(Column::type)
                .containsExactly(ColumnType.INT, ColumnType.JSON, ColumnType.JSON, ColumnType.JSON, ColumnType.JSON,
                        ColumnType.JSON);
    }

    @Test
    void annotationNestsOneMemberAndTheFileReadsAsListsAndMaps() {
        Path file = dir.resolve("annotated.jzm");
        JazminMapper<Annotated> mapper = JazminMapper.forType(Annotated.class);
        List<Annotated> written = List.of(
                new Annotated(1, List.of(new Line("a", 2, List.of("x")), new Line(null, 0, null)), List.of("p")),
                new Annotated(2, null, List.of()),
                new Annotated(3, List.of(), null));
        mapper.write(file, written);
        assertThat(mapper.schema().columns()).extracting(Column::type)
                .containsExactly(ColumnType.INT, ColumnType.LIST, ColumnType.JSON);
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.readerFeatures()).contains("nested-columns");
            List<Row> rows = reader.table().rows().toList();
            assertThat(rows.get(0).get("lines")).isEqualTo(List.of(line("a", 2L, List.of("x")), line(null, 0L, null)));
            assertThat(rows.get(1).get("lines")).isNull();
            assertThat(rows.get(2).get("lines")).isEqualTo(List.of());
            assertThat(mapper.table(reader).stream().toList()).isEqualTo(written);
        }
    }

    @Test
    void nestedColumnsNeedTheMemberAskingForThem() {
        Path file = dir.resolve("orders.jzm");
        JazminMapper.forType(Order.class, NESTED).write(file, List.of(order(new Random(1), 1)));
        try (JazminReader reader = JazminReader.open(file)) {
            assertThatThrownBy(() -> JazminMapper.forType(Order.class).table(reader))
                    .isInstanceOf(MappingException.class).hasMessageContaining("is object, the member is stored as json");
            MappingOptions lenient = MappingOptions.defaults().withMode(MappingOptions.Mode.LENIENT);
            assertThatThrownBy(() -> JazminMapper.forType(Order.class, lenient).table(reader))
                    .isInstanceOf(MappingException.class).hasMessageContaining("withNestedColumns");
        }
    }

    record Meeting(long id, ZonedDateTime start, OffsetDateTime end, List<ZonedDateTime> reminders) {
    }

    record JsonMeeting(long id, ZonedDateTime start, @JazminNested OffsetDateTime end) {
    }

    @Test
    void zonedDateTimesAreAtZoneObjectsWhenNested() {
        ZonedDateTime start = ZonedDateTime.of(2024, 10, 27, 2, 30, 0, 0, ZoneId.of("Europe/Paris"))
                .withLaterOffsetAtOverlap();
        OffsetDateTime end = OffsetDateTime.of(2024, 10, 27, 4, 0, 0, 125_000_000, ZoneOffset.ofHours(1));
        ZonedDateTime reminder = ZonedDateTime.ofInstant(Instant.parse("2024-10-26T08:00:00Z"), ZoneId.of("UTC"));
        Meeting in = new Meeting(1, start, end, List.of(reminder));
        JazminMapper<Meeting> mapper = JazminMapper.forType(Meeting.class, NESTED);
        Column startColumn = mapper.schema().column("start");
        assertThat(startColumn.type()).isEqualTo(ColumnType.OBJECT);
        assertThat(startColumn.fields()).extracting(Column::name).containsExactly("at", "zone");
        assertThat(startColumn.fields()).extracting(Column::type).containsExactly(ColumnType.DATETIME,
                ColumnType.STRING);
        assertThat(mapper.schema().column("reminders").item().type()).isEqualTo(ColumnType.OBJECT);

        Path file = dir.resolve("meetings.jzm");
        mapper.write(file, List.of(in));
        try (JazminReader reader = JazminReader.open(file)) {
            Row row = reader.table().get(0).orElseThrow();
            assertThat(row.get("start")).isEqualTo(Map.of("at", Instant.parse("2024-10-27T01:30:00Z"),
                    "zone", "Europe/Paris"));
            assertThat(row.get("end")).isEqualTo(Map.of("at", Instant.parse("2024-10-27T03:00:00.125Z"),
                    "zone", "+01:00"));
            assertThat(mapper.table(reader).stream().toList()).containsExactly(in);
        }

        // Without nested columns (and without the annotation) the ISO text form stays.
        JazminMapper<JsonMeeting> plain = JazminMapper.forType(JsonMeeting.class);
        assertThat(plain.schema().column("start").type()).isEqualTo(ColumnType.STRING);
        assertThat(plain.schema().column("end").type()).isEqualTo(ColumnType.OBJECT);
    }

    @Test
    void zonedObjectsFollowTheDatetimeRules() {
        JazminMapper<Meeting> mapper = JazminMapper.forType(Meeting.class, NESTED);
        Meeting precise = new Meeting(1, ZonedDateTime.of(2024, 1, 1, 0, 0, 0, 1, ZoneId.of("UTC")), null, null);
        MappingException e = MappingPolicyTest.assertRefused(() -> mapper.write(dir.resolve("precise.jzm"),
                List.of(precise)), MappingException.Reason.SUB_MILLISECOND, 0, "start");
        assertThat(e.path()).isEqualTo("start.at");
        Meeting far = new Meeting(2, ZonedDateTime.of(10_000, 1, 1, 0, 0, 0, 0, ZoneId.of("UTC")), null, null);
        MappingPolicyTest.assertRefused(() -> mapper.write(dir.resolve("far.jzm"), List.of(far)),
                MappingException.Reason.OUT_OF_RANGE, 0, "start");

        Path file = dir.resolve("zones.jzm");
        Column zoned = mapper.schema().column("start");
        MappingFiles.write(file, List.of(Column.required("id", ColumnType.INT), zoned), new Object[] {1L,
                Map.of("at", Instant.EPOCH, "zone", "Mars/Olympus")});
        MappingOptions lenient = NESTED.withMode(MappingOptions.Mode.LENIENT);
        MappingPolicyTest.assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Meeting.class, lenient)
                .table(r).stream().toList()), MappingException.Reason.INVALID_VALUE, 0, "start");
    }

    @Test
    void recursiveTypesCannotBeNested() {
        assertThatThrownBy(() -> JazminMapper.forType(Node.class, NESTED))
                .isInstanceOf(MappingException.class).hasMessageContaining("contains itself");
    }

    /** The stored form of a line: its fields in order. */
    private static Map<String, Object> line(String sku, long quantity, List<String> notes) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sku", sku);
        out.put("quantity", quantity);
        out.put("notes", notes);
        return out;
    }

    private static Order order(Random random, int id) {
        Address address = random.nextInt(4) == 0 ? null
                : new Address(random.nextBoolean() ? null : "city" + random.nextInt(9), random.nextInt(99999));
        return new Order(id, address, maybe(random, () -> lines(random)), maybe(random, () -> scores(random)),
                maybe(random, () -> tags(random)), maybe(random, () -> dates(random)));
    }

    private static <T> T maybe(Random random, java.util.function.Supplier<T> value) {
        return random.nextInt(5) == 0 ? null : value.get();
    }

    private static List<Line> lines(Random random) {
        List<Line> out = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            out.add(random.nextInt(5) == 0 ? null : new Line(random.nextBoolean() ? "s" + random.nextInt(50) : null,
                    random.nextInt(), maybe(random, () -> random.nextBoolean() ? List.of() : List.of("n", "m"))));
        }
        return out;
    }

    private static List<Integer> scores(Random random) {
        List<Integer> out = new ArrayList<>();
        for (int i = random.nextInt(5); i > 0; i--) {
            out.add(random.nextInt(6) == 0 ? null : random.nextInt());
        }
        return out;
    }

    private static Set<String> tags(Random random) {
        Set<String> out = new LinkedHashSet<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            out.add("t" + random.nextInt(100));
        }
        return out;
    }

    private static List<LocalDate> dates(Random random) {
        List<LocalDate> out = new ArrayList<>();
        for (int i = random.nextInt(3); i > 0; i--) {
            out.add(LocalDate.ofEpochDay(random.nextInt(40000)));
        }
        return out;
    }
}
