package io.jazmin.testing;

import io.jazmin.JazminWriter;
import io.jazmin.export.ExportShape;
import io.jazmin.internal.catalog.Header;
import io.jazmin.export.SavedShape;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Builds, with the engine's public API, each kind of file the write-path matrix (issue 30) changes,
 * all holding the same first table {@value #TABLE} of customers ({@code id}, {@code name},
 * {@code country}, {@code age}: what a record {@code Customer(long id, String name, String country,
 * int age)} maps to), so one entity, one repository or one CLI command line works on every kind.
 * {@link FileFingerprint} then captures what a change must not touch.
 *
 * <pre>{@code
 * WritePathFiles.Sample s = WritePathFiles.build(WritePathFiles.Kind.EMBEDDED, dir);
 * FileFingerprint before = s.fingerprint();
 * JazminFile.append(s.path(), List.of(WritePathFiles.customer(100)).iterator(), s.writeOptions());
 * assertThat(before.differencesOutside(s.fingerprint(), WritePathFiles.TABLE, false)).isEmpty();
 * }</pre>
 */
public final class WritePathFiles {
    /** The first table of every kind. */
    public static final String TABLE = "customers";
    /** The second table of {@link Kind#TWO_TABLES}. */
    public static final String OTHER_TABLE = "orders";
    /** The customers' columns, in the order a record {@code Customer(long id, String name, String country, int age)} maps them. */
    public static final List<Column> CUSTOMER_COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("country", ColumnType.STRING),
            Column.required("age", ColumnType.INT));
    /** The columns of {@link #OTHER_TABLE}. */
    public static final List<Column> ORDER_COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("customer", ColumnType.INT), Column.of("item", ColumnType.STRING));
    /** Customers with ids 1 to {@value #ROWS} are written to every kind. */
    public static final int ROWS = 40;
    /** The countries, cycling over the ids; also the partitions of the shared file. */
    public static final List<String> COUNTRIES = List.of("NL", "ZA", "BR", "JP");
    /** The shared file's restricted column group (holding {@code age}); the other columns are in group {@code *}. */
    public static final String PERSONAL_GROUP = "personal";
    /** The PBKDF2 iterations of the password file (the minimum, to keep tests fast). */
    public static final int KDF_ITERATIONS = WriteOptions.MIN_KDF_ITERATIONS;
    /** Every kind but {@link Kind#DIFFERENT_LAYOUT} is written with this index set and no sort order. */
    public static final Map<String, Set<IndexKind>> INDEXES = Map.of("id", Set.of(IndexKind.SORTED));
    /** {@link Kind#DIFFERENT_LAYOUT}'s file: sorted by id, a trigram index on name. */
    public static final List<String> DIFFERENT_FILE_SORTED_BY = List.of("id");
    public static final Map<String, Set<IndexKind>> DIFFERENT_FILE_INDEXES = Map.of("name", Set.of(IndexKind.TRIGRAM));
    /** What a caller configures for {@link Kind#DIFFERENT_LAYOUT}: sorted by country then id, a sorted index on id and age. */
    public static final List<String> DIFFERENT_CONFIGURED_SORTED_BY = List.of("country", "id");
    public static final Map<String, Set<IndexKind>> DIFFERENT_CONFIGURED_INDEXES = Map.of("id", Set.of(IndexKind.SORTED),
            "age", Set.of(IndexKind.SORTED));

    /** The kinds of file, with how the matrix opens them. */
    public enum Kind {
        /** No secret. */
        PLAIN,
        /** Encrypted with a key. */
        KEY,
        /** Encrypted with a password. */
        PASSWORD,
        /** A shared file (partitioned by country, group {@value #PERSONAL_GROUP}, two grants, an embedded file, package, shape, metadata) opened with its owner key. */
        SHARED_OWNER,
        /** The same shared file opened with an access key (its holder), granted partition NL and every column group. */
        SHARED_HOLDER,
        /** Plain, customers and then {@value #OTHER_TABLE}, with metadata. */
        TWO_TABLES,
        /** Key-encrypted, with embedded files (one of several 256 KiB blocks), a package, two saved shapes and metadata. */
        EMBEDDED,
        /** Plain, sorted and indexed otherwise than a caller configures ({@link #DIFFERENT_CONFIGURED_SORTED_BY}), with an embedded file, a shape and metadata. */
        DIFFERENT_LAYOUT;

        /** Whether the file is opened by a holder of an access key (who may not change it). */
        public boolean holder() {
            return this == SHARED_HOLDER;
        }

        /** Whether the file is a shared (access-controlled) one. */
        public boolean shared() {
            return this == SHARED_OWNER || this == SHARED_HOLDER;
        }
    }

    /**
     * A file built by {@link #build}, with the secrets the matrix opens it with. {@code toString}
     * shows the kind and path only.
     *
     * @param kind            what it is
     * @param path            where it is
     * @param key             the key text a caller opens it with ({@link Kind#KEY}, {@link Kind#EMBEDDED},
     *                        the owner key of {@link Kind#SHARED_OWNER}), or {@code null}
     * @param password        the password of {@link Kind#PASSWORD}, or {@code null}
     * @param accessKey       the access key text a holder opens it with ({@link Kind#SHARED_HOLDER}), or {@code null}
     * @param ownerKey        the owner key text of both shared kinds, or {@code null}
     * @param grantedKey      the access key text of both shared kinds: partition NL, every column group
     * @param narrowKey       the second access key text of both shared kinds: partition ZA, group {@code *} only
     */
    public record Sample(Kind kind, Path path, String key, String password, String accessKey, String ownerKey,
                         String grantedKey, String narrowKey) {

        /** How a caller of this kind opens the file (the holder with its access key). */
        public ReadOptions readOptions() {
            ReadOptions options = ReadOptions.defaults();
            if (key != null) {
                return options.withKey(JazminKey.parse(key));
            }
            if (password != null) {
                return options.withPassword(password);
            }
            return accessKey != null ? options.withAccessKey(AccessKeyText.parse(accessKey)) : options;
        }

        /** How whoever sees everything opens it: the key, the password, or a shared file's owner key. */
        public ReadOptions ownerReadOptions() {
            return ownerKey != null ? ReadOptions.defaults().withKey(JazminKey.parse(ownerKey)) : readOptions();
        }

        /**
         * The options of an engine change by the caller of this kind: its key or password. A holder
         * has no write secret (write options cannot carry an access key): plain options.
         */
        public WriteOptions writeOptions() {
            WriteOptions options = WriteOptions.defaults();
            if (key != null) {
                return options.withKey(JazminKey.parse(key));
            }
            return password != null ? options.withPassword(password).withKdfIterations(KDF_ITERATIONS) : options;
        }

        /** The options of an engine change that sees everything (a shared file's owner key). */
        public WriteOptions ownerWriteOptions() {
            return ownerKey != null ? WriteOptions.defaults().withKey(JazminKey.parse(ownerKey)) : writeOptions();
        }

        /** The sort order a caller configures for this kind (differs from the file's for {@link Kind#DIFFERENT_LAYOUT}). */
        public List<String> configuredSortedBy() {
            return kind == Kind.DIFFERENT_LAYOUT ? DIFFERENT_CONFIGURED_SORTED_BY : List.of();
        }

        /** The indexes a caller configures for this kind (differ from the file's for {@link Kind#DIFFERENT_LAYOUT}). */
        public Map<String, Set<IndexKind>> configuredIndexes() {
            return kind == Kind.DIFFERENT_LAYOUT ? DIFFERENT_CONFIGURED_INDEXES : INDEXES;
        }

        /** The file as it is now, seen by whoever sees everything. */
        public FileFingerprint fingerprint() {
            return FileFingerprint.of(path, ownerReadOptions(), ownerKey == null ? null : JazminKey.parse(ownerKey));
        }

        @Override
        public String toString() {
            return kind + " " + path;
        }
    }

    private WritePathFiles() {
    }

    /** Builds a file of {@code kind} in {@code dir}, named after the kind. */
    public static Sample build(Kind kind, Path dir) {
        Path path = dir.resolve(kind.name().toLowerCase(java.util.Locale.ROOT) + ".jzm");
        return switch (kind) {
            case PLAIN -> {
                writeCustomers(path, base(WriteOptions.defaults()), null);
                yield new Sample(kind, path, null, null, null, null, null, null);
            }
            case KEY -> {
                JazminKey key = JazminKey.generate();
                writeCustomers(path, base(WriteOptions.defaults().withKey(key)), null);
                yield new Sample(kind, path, key.text(), null, null, null, null, null);
            }
            case PASSWORD -> {
                String password = "fixture password " + Long.toHexString(new java.security.SecureRandom().nextLong());
                writeCustomers(path, base(WriteOptions.defaults().withPassword(password)
                        .withKdfIterations(KDF_ITERATIONS)), null);
                yield new Sample(kind, path, null, password, null, null, null, null);
            }
            case SHARED_OWNER, SHARED_HOLDER -> shared(kind, path);
            case TWO_TABLES -> {
                writeCustomers(path, base(WriteOptions.defaults()).withMetadata("{\"source\":\"two tables\"}"),
                        w -> {
                            w.startTable(OTHER_TABLE, ORDER_COLUMNS, WriteOptions.defaults()
                                    .withIndex("customer", IndexKind.SORTED));
                            for (long i = 1; i <= 25; i++) {
                                w.writeValues(i, 1 + i % ROWS, "item " + i);
                            }
                        });
                yield new Sample(kind, path, null, null, null, null, null, null);
            }
            case EMBEDDED -> {
                JazminKey key = JazminKey.generate();
                writeCustomers(path, base(WriteOptions.defaults().withKey(key))
                        .withMetadata("{\"source\":\"embedded\",\"version\":3}"), WritePathFiles::addDocuments);
                yield new Sample(kind, path, key.text(), null, null, null, null, null);
            }
            case DIFFERENT_LAYOUT -> {
                writeCustomers(path, WriteOptions.defaults().withTableName(TABLE).withSortedBy(DIFFERENT_FILE_SORTED_BY)
                        .withIndexes(DIFFERENT_FILE_INDEXES).withMetadata("{\"source\":\"different layout\"}"), w -> {
                            w.addFile("notes.txt", "sorted by id".getBytes(StandardCharsets.UTF_8), "text/plain",
                                    List.of("*"));
                            w.saveShape(SavedShape.of("Count", ExportShape.parse("{\"n\":{\"$count\":true}}")));
                        });
                yield new Sample(kind, path, null, null, null, null, null, null);
            }
        };
    }

    /** The customer with {@code id} as every kind stores it (ids 1 to {@value #ROWS} are in the files). */
    public static Map<String, Object> customer(long id) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("name", "Customer " + id);
        row.put("country", COUNTRIES.get((int) (id % COUNTRIES.size())));
        row.put("age", 20 + id % 50);
        return row;
    }

    /** The customers every kind holds, in id order. */
    public static List<Map<String, Object>> customers() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (long id = 1; id <= ROWS; id++) {
            rows.add(customer(id));
        }
        return rows;
    }

    /** The bytes of the large embedded file of {@link Kind#EMBEDDED} (over one 256 KiB block). */
    public static byte[] largeEmbeddedBytes() {
        byte[] bytes = new byte[300_000];
        new Random(30).nextBytes(bytes);
        return bytes;
    }

    private static WriteOptions base(WriteOptions options) {
        return options.withTableName(TABLE).withIndexes(INDEXES).withChunkRows(16);
    }

    private interface More {
        void write(JazminWriter writer);
    }

    private static void writeCustomers(Path path, WriteOptions options, More more) {
        try (JazminWriter w = JazminWriter.create(path, CUSTOMER_COLUMNS, options)) {
            for (Map<String, Object> row : customers()) {
                w.writeRow(row);
            }
            if (more != null) {
                more.write(w);
            }
            w.finish();
        }
    }

    private static void addDocuments(JazminWriter w) {
        w.addFile("index.html", "<h1>Customers</h1>".getBytes(StandardCharsets.UTF_8), "text/html", List.of("*"));
        w.addFile("docs/readme.txt", "customers of the fixture".getBytes(StandardCharsets.UTF_8), "text/plain",
                List.of("*"));
        w.addFile("data/large.bin", largeEmbeddedBytes(), "application/octet-stream", List.of("*"));
        w.setPackage("{\"entry\":\"index.html\",\"title\":\"Customers\"}");
        w.saveShape(SavedShape.of("Count", ExportShape.parse("{\"n\":{\"$count\":true}}")));
        w.saveShape(new SavedShape("Names", "names by id", true, null, List.of("*"),
                ExportShape.parse("{\"names\":{\"$rows\":{\"id\":\"id\",\"name\":\"name\"}}}")));
    }

    private static Sample shared(Kind kind, Path path) {
        JazminKey owner = JazminKey.generate();
        AccessKeyText granted = AccessKeyText.generate(owner);
        AccessKeyText narrow = AccessKeyText.generate(owner);
        AccessSettings access = AccessSettings.defaults().withPartitionBy("country")
                .withColumnGroup(PERSONAL_GROUP, List.of("age"))
                .withGrant(AccessGrant.of(granted).withRows(List.of("NL")).withLabel("granted"))
                .withGrant(AccessGrant.of(narrow).withRows(List.of("ZA")).withColumns(List.of("*")).withLabel("narrow"));
        writeCustomers(path, base(WriteOptions.defaults().withKey(owner)).withAccess(access)
                .withMetadata("{\"source\":\"shared\"}"), w -> {
                    w.addFile("index.html", "<h1>Shared customers</h1>".getBytes(StandardCharsets.UTF_8), "text/html",
                            List.of("*"));
                    w.setPackage("{\"entry\":\"index.html\",\"title\":\"Shared\"}");
                    w.saveShape(SavedShape.of("Count", ExportShape.parse("{\"n\":{\"$count\":true}}")));
                });
        boolean holder = kind.holder();
        return new Sample(kind, path, holder ? null : owner.text(), null, holder ? granted.text() : null, owner.text(),
                granted.text(), narrow.text());
    }

    /**
     * Adds to the file of a plain {@code sample} ({@link Kind#PLAIN}, {@link Kind#TWO_TABLES},
     * {@link Kind#DIFFERENT_LAYOUT}) a version whose catalog lists the writer feature {@code feature},
     * which this library does not know: readers open it as before, and every change must refuse it
     * (it could not keep what the feature means), leaving the file byte-identical.
     *
     * @return {@code sample}, whose file now needs {@code feature}
     */
    public static Sample requiringWriterFeature(Sample sample, String feature) {
        try {
            Header h = FileSections.of(sample.path()).header();
            Header patched = new Header(h.readerFeatures(), List.of(feature), h.created(), h.modified(), h.appendCount(),
                    h.metadata(), h.tables(), h.keyring(), h.files(), h.access(), h.deltas());
            Files.write(sample.path(), CatalogPatch.of(Files.readAllBytes(sample.path())).finish(patched));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return sample;
    }

    /** Copies {@code sample}'s file next to it under {@code name}, for a second try on the same bytes. */
    public static Sample copy(Sample sample, String name) {
        Path to = sample.path().resolveSibling(name);
        try {
            Files.copy(sample.path(), to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new Sample(sample.kind(), to, sample.key(), sample.password(), sample.accessKey(), sample.ownerKey(),
                sample.grantedKey(), sample.narrowKey());
    }
}
