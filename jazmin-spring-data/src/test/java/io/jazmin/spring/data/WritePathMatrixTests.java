package io.jazmin.spring.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jazmin.JazminFile;
import io.jazmin.data.Filter;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.spring.batch.JazminItemWriter;
import io.jazmin.spring.batch.JazminItemWriterBuilder;
import io.jazmin.spring.data.core.query.Criteria;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.AccessKeyWriteException;
import io.jazmin.spring.data.core.CompactionPolicy;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.JazminTransactionManager;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.mapping.JazminStore;
import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactory;
import io.jazmin.testing.FileFingerprint;
import io.jazmin.testing.WritePathFiles;
import io.jazmin.testing.WritePathFiles.Kind;
import io.jazmin.testing.WritePathFiles.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The write-path matrix of issue 30: every write of the repository (derived and declared deletes
 * included), the template (deletes by
 * criteria, entities and filters, embedded-file changes), a transaction's commit and rollback, saves
 * by the row ids kept between saves, the Spring Batch {@link JazminItemWriter} (both modes, and in
 * a transaction) and a compaction threshold, on every kind of file of {@link WritePathFiles}. After each,
 * everything the write did not target is unchanged ({@link FileFingerprint}: other tables, embedded
 * files, package, shapes, metadata, grants, partitions, groups, encryption) and the customers table
 * holds exactly the rows the write asked for; a file whose configured sort order and indexes differ
 * from its own gets the configured ones when rows are stored. With an access key (a holder of the
 * shared file) every write is refused with {@link AccessKeyWriteException} and the file is left
 * byte-identical; on a file needing a writer feature this library does not know, every write is
 * refused with the engine's {@link UnsupportedFeatureException} and the file left byte-identical.
 * A Spring Batch chunk that fails (an id already stored in insert mode, an item no file can hold)
 * is written not at all: the file is byte-identical.
 */
class WritePathMatrixTests {
    @JazminStore("customers")
    public record Customer(@JazminId long id, String name, String country, int age) {
    }

    public interface Customers extends JazminRepository<Customer, Long> {
        long deleteByCountry(String country);

        @io.jazmin.spring.data.repository.Query(value = "{\"id\": {\"in\": ?0}}", delete = true)
        long removeAll(java.util.Collection<Long> ids);
    }

    /** Spring wired to one sample file. */
    record Spring(Sample sample, JazminFiles files, JazminTemplate template, Customers repository,
                  TransactionTemplate transactions) {

        /** The Spring Batch writer of customers over the template, saving chunks (or inserting them). */
        JazminItemWriter<Customer> itemWriter(boolean insert) {
            JazminItemWriterBuilder<Customer> builder = new JazminItemWriterBuilder<Customer>().operations(template);
            return (insert ? builder.insert() : builder).build();
        }
    }

    /** A write, and the customers it leaves given those before it. */
    enum Operation {
        SAVE_NEW(s -> s.repository().save(customer(100)), rows -> plus(rows, 100)),
        SAVE_EXISTING(s -> s.repository().save(renamed(3)), rows -> replaced(rows, 3)),
        SAVE_ALL(s -> s.repository().saveAll(List.of(customer(101), renamed(5))), rows -> replaced(plus(rows, 101), 5)),
        DELETE(s -> s.repository().delete(customer(4)), rows -> without(rows, 4)),
        DELETE_BY_ID(s -> s.repository().deleteById(6L), rows -> without(rows, 6)),
        DELETE_ALL_BY_ID(s -> s.repository().deleteAllById(List.of(7L, 8L)), rows -> without(without(rows, 7), 8)),
        DELETE_ALL(s -> s.repository().deleteAll(), rows -> List.of()),
        DERIVED_DELETE(s -> s.repository().deleteByCountry("BR"),
                rows -> rows.stream().filter(r -> !r.get("country").equals("BR")).toList()),
        DECLARED_DELETE(s -> s.repository().removeAll(List.of(23L, 24L)), rows -> without(without(rows, 23), 24)),
        TEMPLATE_INSERT(s -> s.template().insert(List.of(customer(102))), rows -> plus(rows, 102)),
        TEMPLATE_SAVE(s -> s.template().save(List.of(renamed(11), customer(107))), rows -> plus(replaced(rows, 11), 107)),
        TEMPLATE_MAP_INSERT(s -> s.template().insert("customers", List.of(WritePathFiles.customer(103))),
                rows -> plus(rows, 103)),
        TEMPLATE_DELETE(s -> s.template().delete(Filter.lt("age", 30L), Customer.class),
                rows -> rows.stream().filter(r -> (Long) r.get("age") >= 30).toList()),
        TEMPLATE_MAP_DELETE(s -> s.template().delete("customers", Filter.eq("id", 10L)), rows -> without(rows, 10)),
        TEMPLATE_DELETE_ALL(s -> s.template().delete((Filter) null, Customer.class), rows -> List.of()),
        TEMPLATE_DELETE_MATCHING(s -> s.template().deleteMatching(Criteria.where("country").is("NL"), Customer.class),
                rows -> rows.stream().filter(r -> !r.get("country").equals("NL")).toList()),
        TEMPLATE_DELETE_ENTITIES(s -> s.template().deleteAll(List.of(customer(19), customer(20))),
                rows -> without(without(rows, 19), 20)),
        REPOSITORY_DELETE_ENTITIES(s -> s.repository().deleteAll(List.of(customer(21))), rows -> without(rows, 21)),
        FIND_ALL_AND_DELETE(s -> s.template().findAllAndDelete(Filter.eq("country", "JP"), Customer.class),
                rows -> rows.stream().filter(r -> !r.get("country").equals("JP")).toList()),
        /** Saves by the row ids kept from the first save ({@code StoredKeys}), without looking keys up again. */
        SAVE_AGAIN(s -> {
            s.repository().save(renamed(14));
            s.repository().save(customer(14));
            s.repository().saveAll(List.of(renamed(15), customer(121)));
        }, rows -> plus(replaced(rows, 15), 121)),
        /** Another writer's delete between two saves: the kept row ids are read again, not reused. */
        SAVE_AFTER_ANOTHER_WRITER(s -> {
            s.repository().save(renamed(16));
            JazminFile.delete(s.sample().path(), null, Filter.eq("id", 17L), s.sample().ownerWriteOptions());
            s.repository().save(renamed(18));
        }, rows -> replaced(replaced(without(rows, 17), 16), 18)),
        BATCH_SAVE(s -> s.itemWriter(false).write(new Chunk<>(List.of(customer(109), renamed(12)))),
                rows -> replaced(plus(rows, 109), 12)),
        BATCH_INSERT(s -> s.itemWriter(true).write(new Chunk<>(List.of(customer(110), customer(111)))),
                rows -> plus(plus(rows, 110), 111)),
        BATCH_SAVE_COMMIT(s -> s.transactions().executeWithoutResult(status ->
                s.itemWriter(false).write(new Chunk<>(List.of(customer(112), renamed(13))))),
                rows -> replaced(plus(rows, 112), 13)),
        /** Two threads' saves at once: merged into one change by the group commit, or one after the other. */
        CONCURRENT_SAVES(s -> java.util.concurrent.CompletableFuture.allOf(
                java.util.concurrent.CompletableFuture.runAsync(() -> s.repository().save(customer(150))),
                java.util.concurrent.CompletableFuture.runAsync(() -> s.repository().save(renamed(25)))).join(),
                rows -> replaced(plus(rows, 150), 25)),
        TEMPLATE_COMPACT(s -> s.template().compact("customers"), rows -> rows),
        REPOSITORY_COMPACT(s -> s.repository().compact(), rows -> rows),
        TRANSACTION_COMMIT(s -> s.transactions().executeWithoutResult(status -> {
            s.repository().save(customer(104));
            s.repository().deleteById(9L);
        }), rows -> without(plus(rows, 104), 9)),
        TRANSACTION_COMPACT_COMMIT(s -> s.transactions().executeWithoutResult(status -> {
            s.repository().save(customer(106));
            s.template().compact("customers");
        }), rows -> plus(rows, 106)),
        TRANSACTION_DELETE_ALL_COMMIT(s -> s.transactions().executeWithoutResult(status -> {
            s.repository().deleteAll();
            s.repository().save(customer(108));
        }), rows -> List.of(WritePathFiles.customer(108))),
        COMPACTION_THRESHOLD(s -> s.repository().save(customer(105)), rows -> plus(rows, 105)),
        /** Rolled back: the file is left byte-identical. */
        TRANSACTION_ROLLBACK(s -> s.transactions().executeWithoutResult(status -> {
            s.repository().save(customer(130));
            s.repository().deleteById(22L);
            s.template().compact("customers");
            status.setRollbackOnly();
        }), rows -> rows),
        /** Adds an embedded file (what it targets); the rows are kept. */
        CHANGE_FILES(s -> s.template().changeFiles("customers", FileChanges.adding(
                FileInput.of("notes/added.txt", ADDED_FILE, "text/plain"))), rows -> rows);

        final Consumer<Spring> write;
        final UnaryOperator<List<Map<String, Object>>> expected;

        Operation(Consumer<Spring> write, UnaryOperator<List<Map<String, Object>>> expected) {
            this.write = write;
            this.expected = expected;
        }

        /** Whether the write stores rows (so a file laid out otherwise than configured gets the configured layout). */
        boolean stores() {
            return name().contains("SAVE") || name().contains("INSERT") || name().contains("COMMIT")
                    || this == COMPACTION_THRESHOLD;
        }

        /** What the write changes besides the customers' rows: a difference starting {@code "name:"} is expected. */
        String targets() {
            return this == CHANGE_FILES ? "embedded files" : null;
        }
    }

    private static final byte[] ADDED_FILE = "added by the template".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    /** A chunk of the Spring Batch writer that fails, whole. */
    enum FailedChunk {
        /** Insert mode, one id already stored: {@code DuplicateKeyException}. */
        INSERT_STORED_ID(s -> s.itemWriter(true).write(new Chunk<>(List.of(customer(140), customer(3))))),
        /** A name no file can hold (an unpaired surrogate) after a valid customer. */
        INVALID_ITEM(s -> s.itemWriter(false).write(new Chunk<>(List.of(customer(141), renamed(4, "bad \uD800"))))),
        /** The same in insert mode. */
        INVALID_ITEM_INSERTED(s -> s.itemWriter(true).write(new Chunk<>(List.of(customer(142),
                new Customer(143, "bad \uDC00", "NL", 30))))),
        /** Inside the step's transaction: rolled back with the chunk. */
        INVALID_ITEM_IN_TRANSACTION(s -> s.transactions().executeWithoutResult(status -> s.itemWriter(false)
                .write(new Chunk<>(List.of(customer(144), renamed(5, "bad \uD800")))))),
        /** Inside the step's transaction, insert mode, an id already stored. */
        INSERT_STORED_ID_IN_TRANSACTION(s -> s.transactions().executeWithoutResult(status -> s.itemWriter(true)
                .write(new Chunk<>(List.of(customer(145), customer(6))))));

        final Consumer<Spring> write;

        FailedChunk(Consumer<Spring> write) {
            this.write = write;
        }
    }

    @TempDir
    Path dir;

    static Stream<Arguments> failedChunks() {
        return everyKindWith(FailedChunk.values());
    }

    /** Each kind of file with each of {@code values}. */
    private static Stream<Arguments> everyKindWith(Object[] values) {
        return Stream.of(Kind.values()).flatMap(kind -> Stream.of(values).map(value -> Arguments.of(kind, value)));
    }

    /**
     * A Spring Batch chunk that fails is written not at all: the writer throws (a holder's chunk:
     * {@link AccessKeyWriteException}) and the file is byte-identical, with no temporary or lock
     * file left beside it.
     */
    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("failedChunks")
    void aFailedChunkLeavesTheFileByteIdentical(Kind kind, FailedChunk chunk) throws Exception {
        Sample sample = WritePathFiles.build(kind, dir);
        byte[] bytes = Files.readAllBytes(sample.path());

        Throwable thrown = attempt(chunk.write, sample, CompactionPolicy.NONE);

        assertThat(thrown).as("the chunk is refused").isNotNull();
        if (kind.holder()) {
            assertThat(causes(thrown)).as("refused as a write with an access key: %s", thrown)
                    .anyMatch(AccessKeyWriteException.class::isInstance);
        } else if (chunk.name().endsWith("IN_TRANSACTION")) {
            // Written when the step's transaction commits: a failure there is the commit's.
            assertThat(thrown).as("a data access or commit failure")
                    .isInstanceOfAny(DataAccessException.class, TransactionSystemException.class);
        } else {
            assertThat(thrown).as("a Spring data access exception").isInstanceOf(DataAccessException.class);
        }
        if (!kind.holder() && chunk.name().startsWith("INVALID")) {
            assertThat(thrown).as("naming what cannot be stored").hasMessageContaining("'name'")
                    .hasMessageContaining("unpaired surrogate");
        }
        assertThat(Files.readAllBytes(sample.path())).as("the file is left byte-identical").isEqualTo(bytes);
        try (Stream<Path> siblings = Files.list(dir)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).as("nothing left beside the file")
                    .noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".lock"));
        }
    }

    static Stream<Arguments> cells() {
        return everyKindWith(Operation.values());
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("cells")
    void aWriteChangesWhatItTargetsAndKeepsEverythingElse(Kind kind, Operation operation) throws Exception {
        Sample sample = WritePathFiles.build(kind, dir);
        FileFingerprint before = sample.fingerprint();
        byte[] bytes = Files.readAllBytes(sample.path());

        Throwable thrown = attempt(operation, sample);

        if (kind.holder()) {
            assertThat(thrown).as("a holder's write is refused").isNotNull();
            assertThat(causes(thrown)).as("refused as a write with an access key: %s", thrown)
                    .anyMatch(AccessKeyWriteException.class::isInstance);
            assertThat(Files.readAllBytes(sample.path())).as("the file is left byte-identical").isEqualTo(bytes);
            return;
        }
        assertThat(thrown).as("the write succeeds").isNull();
        FileFingerprint after = sample.fingerprint();
        if (operation == Operation.TRANSACTION_ROLLBACK) {
            assertThat(Files.readAllBytes(sample.path())).as("a rolled back transaction leaves the file byte-identical")
                    .isEqualTo(bytes);
        }
        String targets = operation.targets();
        assertThat(before.differencesOutside(after, WritePathFiles.TABLE, kind == Kind.DIFFERENT_LAYOUT).stream()
                .filter(d -> targets == null || !d.startsWith(targets + ":")))
                .as("everything the write did not target is kept").isEmpty();
        if (operation == Operation.CHANGE_FILES) {
            List<EmbeddedFile> added = new ArrayList<>(after.files());
            assertThat(added.removeIf(f -> f.path().equals("notes/added.txt") && f.size() == ADDED_FILE.length)).isTrue();
            assertThat(added).isEqualTo(before.files());
        }
        assertThat(after.rows(WritePathFiles.TABLE)).as("the customers the write asked for")
                .isEqualTo(sorted(operation.expected.apply(before.rows(WritePathFiles.TABLE))));
        if (kind == Kind.DIFFERENT_LAYOUT && operation.stores()) {
            FileFingerprint.TableState customers = after.tables().get(WritePathFiles.TABLE);
            assertThat(customers.sortedBy()).as("the configured sort order").isEqualTo(sample.configuredSortedBy());
            assertThat(customers.indexes()).as("the configured indexes and the file's")
                    .contains("age:sorted", "id:sorted", "name:trigram");
        }
    }

    /**
     * A file needing a writer feature this library does not know: no write can keep what the
     * feature means, so each is refused with the engine's typed exception and the file is left
     * byte-identical.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Operation.class)
    void aWriteThatCouldNotKeepEverythingIsRefusedAndLeavesTheFileByteIdentical(Operation operation)
            throws Exception {
        Sample sample = WritePathFiles.requiringWriterFeature(WritePathFiles.build(Kind.TWO_TABLES, dir),
                "future-thing");
        byte[] bytes = Files.readAllBytes(sample.path());

        Throwable thrown = attempt(operation, sample);

        assertThat(causes(thrown)).as("refused naming the feature: %s", thrown)
                .anyMatch(t -> t instanceof UnsupportedFeatureException u && u.feature().equals("future-thing"));
        assertThat(thrown).hasMessageContaining("future-thing");
        assertThat(Files.readAllBytes(sample.path())).as("the file is left byte-identical").isEqualTo(bytes);
    }

    /** Runs {@code operation} on Spring wired to {@code sample} (with a threshold for {@link Operation#COMPACTION_THRESHOLD}); what it threw, or {@code null}. */
    private static Throwable attempt(Operation operation, Sample sample) {
        return attempt(operation.write, sample, operation == Operation.COMPACTION_THRESHOLD
                ? new CompactionPolicy(null, 1) : CompactionPolicy.NONE);
    }

    /** Runs {@code write} on Spring wired to {@code sample} with {@code policy}; what it threw, or {@code null}. */
    private static Throwable attempt(Consumer<Spring> write, Sample sample, CompactionPolicy policy) {
        return catchThrowable(() -> {
            Spring spring = spring(sample, policy);
            try {
                write.accept(spring);
            } finally {
                spring.files().destroy();
            }
        });
    }

    private static Spring spring(Sample sample, CompactionPolicy policy) {
        JazminFileDefinition definition = JazminFileDefinition.of("customers", sample.path())
                .withKey(sample.key()).withPassword(sample.password()).withAccessKey(sample.accessKey())
                .withKdfIterations(WritePathFiles.KDF_ITERATIONS)
                .withSortedBy(sample.configuredSortedBy()).withIndexes(sample.configuredIndexes())
                .withCompaction(policy);
        JazminFiles files = new JazminFiles(List.of(definition));
        JazminTemplate template = new JazminTemplate(files, new JazminMappingContext());
        Customers repository = new JazminRepositoryFactory(template).getRepository(Customers.class);
        return new Spring(sample, files, template, repository,
                new TransactionTemplate(new JazminTransactionManager(files)));
    }

    private static List<Throwable> causes(Throwable thrown) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = thrown; t != null && !chain.contains(t); t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    static Customer customer(long id) {
        Map<String, Object> row = WritePathFiles.customer(id);
        return new Customer(id, (String) row.get("name"), (String) row.get("country"),
                ((Long) row.get("age")).intValue());
    }

    /** Customer {@code id} with a new name and age, in the same country (so the same partition). */
    static Customer renamed(long id) {
        return renamed(id, "Renamed " + id);
    }

    /** Customer {@code id} named {@code name}, a year older, in the same country. */
    static Customer renamed(long id, String name) {
        Customer c = customer(id);
        return new Customer(id, name, c.country(), c.age() + 1);
    }

    private static Map<String, Object> row(Customer c) {
        return Map.of("id", c.id(), "name", c.name(), "country", c.country(), "age", (long) c.age());
    }

    static List<Map<String, Object>> plus(List<Map<String, Object>> rows, long id) {
        List<Map<String, Object>> out = new ArrayList<>(rows);
        out.add(WritePathFiles.customer(id));
        return out;
    }

    static List<Map<String, Object>> without(List<Map<String, Object>> rows, long id) {
        return rows.stream().filter(r -> !r.get("id").equals(id)).toList();
    }

    static List<Map<String, Object>> replaced(List<Map<String, Object>> rows, long id) {
        List<Map<String, Object>> out = new ArrayList<>(without(rows, id));
        out.add(row(renamed(id)));
        return out;
    }

    /** In the fingerprint's order: by the rows' text (in column order, as the file's rows print). */
    private static List<Map<String, Object>> sorted(List<Map<String, Object>> rows) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            Map<String, Object> ordered = new java.util.LinkedHashMap<>();
            for (String column : List.of("id", "name", "country", "age")) {
                ordered.put(column, r.get(column));
            }
            out.add(ordered);
        }
        out.sort(Comparator.comparing(Object::toString));
        return out;
    }
}
