package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.JazminKey;
import io.jazmin.key.UnlockToken;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;

/** Encrypted files, a user schema, several tables, and the errors a read reports. */
class JazminReadOptionsTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static final JazminKey KEY = JazminKey.generate();

    @BeforeAll
    static void setUp() throws Exception {
        spark = SharedSpark.get();
        Files.createDirectories(dir.resolve("secret"));
        SampleFiles.write(dir.resolve("secret"), 1, WriteOptions.defaults().withKey(KEY));
        Files.writeString(dir.resolve("key.txt"), KEY.text() + "\n");
    }

    @Test
    void readsAnEncryptedFileWithSecretKeyOrKeyFileAndNeverShowsTheKey() {
        Dataset<Row> df = spark.read().format("jazmin").option("secretKey", KEY.text()).load(dir.resolve("secret").toString());
        Dataset<Row> q = df.where("id >= 250").select("id", "price");
        List<Row> rows = q.collectAsList();
        assertThat(rows).hasSize(50);
        assertThat(rows.get(0).getLong(0)).isEqualTo(250L);
        assertThat(rows.get(0).getString(1)).isEqualTo("250.5");
        assertThat(q.queryExecution().toString()).doesNotContain(KEY.text()).contains("JazminScan[files=1");
        assertThat(spark.read().format("jazmin").option("keyFile", dir.resolve("key.txt").toString())
                .load(dir.resolve("secret").toString()).count()).isEqualTo(300);
    }

    @Test
    void anAccessKeyReadsItsViewFromTheOptionOrAKeyFileAndNeverShowsIt() throws Exception {
        ConformanceCase shared = ConformanceCase.named("js-access");
        ConformanceCase.View bob = shared.views().stream().filter(v -> v.name().equals("bob")).findFirst().orElseThrow();
        String text = bob.spec().get("accessKeyText").asString();
        Path keyFile = dir.resolve("bob.key");
        Files.writeString(keyFile, text + "\n");
        String file = shared.dataFile().toString();
        Dataset<Row> byOption = spark.read().format("jazmin").option("accessKey", text).load(file);
        Dataset<Row> byFile = spark.read().format("jazmin").option("keyFile", keyFile.toString()).load(file);
        assertThat(byOption.count()).isEqualTo(bob.reference().get("rowCount").asLong()).isEqualTo(byFile.count());
        assertThat(byFile.schema()).isEqualTo(byOption.schema());
        Dataset<Row> q = byOption.where("id > 100");
        assertThat(q.collectAsList()).isNotEmpty();
        assertThat(q.queryExecution().toString()).doesNotContain(text);
        assertThatThrownBy(() -> spark.read().format("jazmin").option("unlockToken", UnlockToken.of(new byte[32]).text())
                .load(file)).isInstanceOf(JazminValidationException.class).hasMessageContaining("needs an access key");
        assertThatThrownBy(() -> spark.read().format("jazmin").option("accessKey", text).option("secretKey", KEY.text())
                .load(file)).isInstanceOf(JazminValidationException.class).hasMessageContaining("only one of");
    }

    @Test
    void aPasswordFileSplitAcrossTasksDerivesItsKeyOnce() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("password"));
        SampleFiles.write(folder, 1, WriteOptions.defaults().withPassword("correct horse")
                .withKdfIterations(WriteOptions.MIN_KDF_ITERATIONS));
        long before = JazminOptions.passwordKeys().derivations();
        spark.conf().set("spark.sql.files.maxPartitionBytes", Long.toString(Files.size(folder.resolve("part-0.jzm")) / 4));
        spark.conf().set("spark.sql.files.openCostInBytes", "1");
        try {
            Dataset<Row> df = spark.read().format("jazmin").option("password", "correct horse").load(folder.toString());
            assertThat(df.where("id < 250").count()).isEqualTo(250);
            assertThat(SparkRows.scan(df.where("id < 250").queryExecution().executedPlan()).inputRDD().getNumPartitions())
                    .isGreaterThan(1);
        } finally {
            spark.conf().unset("spark.sql.files.maxPartitionBytes");
            spark.conf().unset("spark.sql.files.openCostInBytes");
        }
        assertThat(JazminOptions.passwordKeys().derivations() - before).isEqualTo(1);
    }

    @Test
    void sparksDefaultRedactionHidesEveryKeyOption() {
        List<Tuple2<String, String>> options = List.of(new Tuple2<>("secretKey", "a"), new Tuple2<>("password", "b"),
                new Tuple2<>("accessKey", "c"), new Tuple2<>("unlockToken", "d"), new Tuple2<>("table", "t"));
        Map<String, String> redacted = new java.util.HashMap<>();
        for (Tuple2<String, String> kv : CollectionConverters.asJava(
                SQLConf.get().redactOptions(CollectionConverters.asScala(options).toSeq()))) {
            redacted.put(kv._1(), kv._2());
        }
        assertThat(redacted).hasSize(5).containsEntry("table", "t");
        assertThat(List.of("secretKey", "password", "accessKey", "unlockToken"))
                .allSatisfy(k -> assertThat(redacted.get(k)).as(k).contains("redacted"));
    }

    @Test
    void aWrongOrMissingKeyIsATypedErrorWithoutTheKey() {
        String wrong = JazminKey.generate().text();
        assertThatThrownBy(() -> spark.read().format("jazmin").option("secretKey", wrong)
                .load(dir.resolve("secret").toString()).count())
                .isInstanceOf(JazminException.class).satisfies(e -> assertThat(e.getMessage()).doesNotContain(wrong));
        assertThatThrownBy(() -> spark.read().format("jazmin").load(dir.resolve("secret").toString()).count())
                .isInstanceOf(JazminException.class);
        assertThatThrownBy(() -> spark.read().format("jazmin").option("secretKey", "jzk1-not-a-key")
                .load(dir.resolve("secret").toString())).isInstanceOf(JazminException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("not-a-key"));
    }

    @Test
    void aUserSchemaReadsDecimalsAtAFixedScaleAndRefusesRounding() throws Exception {
        Path file = dir.resolve("money.jzm");
        JazminWriter.write(file, List.of(Column.required("id", ColumnType.INT), Column.of("amount", ColumnType.DECIMAL)),
                WriteOptions.defaults(), List.of(Map.of("id", 1L, "amount", new BigDecimal("12.5")),
                        Map.of("id", 2L, "amount", new BigDecimal("-0.07"))).iterator());
        List<Row> rows = spark.read().format("jazmin").schema("id BIGINT, amount DECIMAL(10,2)").load(file.toString())
                .collectAsList();
        assertThat(rows.get(0).getDecimal(1)).isEqualTo(new BigDecimal("12.50"));
        assertThat(rows.get(1).getDecimal(1)).isEqualTo(new BigDecimal("-0.07"));
        assertThatThrownBy(() -> spark.read().format("jazmin").schema("id BIGINT, amount DECIMAL(10,1)")
                .load(file.toString()).collectAsList())
                .hasStackTraceContaining("JazminValidationException").hasStackTraceContaining("money.jzm, row 1")
                .hasStackTraceContaining("more than 1 decimal places");
    }

    @Test
    void appendedAndDeletedRowsAreReadAtTheLatestVersion() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("changed"));
        SampleFiles.write(folder, 1, WriteOptions.defaults());
        Path file = folder.resolve("part-0.jzm");
        JazminFile.append(file, List.of(SampleFiles.row(1000), SampleFiles.row(1001)).iterator(), WriteOptions.defaults());
        JazminFile.delete(file, Filter.lt("id", 100L), WriteOptions.defaults());
        Dataset<Row> df = spark.read().format("jazmin").load(folder.toString());
        assertThat(df.count()).isEqualTo(202);
        assertThat(df.where("id < 150").count()).isEqualTo(50);
        assertThat(df.where("id > 999").select("id").collectAsList()).extracting(r -> r.getLong(0))
                .containsExactly(1000L, 1001L);
    }

    @Test
    void optionTableChoosesTheTable() {
        Path file = dir.resolve("two.jzm");
        try (JazminWriter w = JazminWriter.create(file, List.of(Column.of("a", ColumnType.INT)), WriteOptions.defaults()
                .withTableName("first"))) {
            w.writeValues(1L);
            w.startTable("second", List.of(Column.of("b", ColumnType.STRING)), WriteOptions.defaults());
            w.writeValues("x");
            w.writeValues("y");
            w.finish();
        }
        Dataset<Row> second = spark.read().format("jazmin").option("table", "second").load(file.toString());
        assertThat(second.schema().fieldNames()).containsExactly("b");
        assertThat(second.where("b = 'y'").count()).isEqualTo(1);
        assertThat(spark.read().format("jazmin").load(file.toString()).schema().fieldNames()).containsExactly("a");
    }

    @Test
    void badOptionsAndPathsAreTypedErrors() {
        assertThatThrownBy(() -> spark.read().format("jazmin").option("secretKye", "x").load(dir.toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("unknown jazmin option 'secretkye'");
        assertThatThrownBy(() -> spark.read().format("jazmin").load(dir.resolve("missing").toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("no such file or folder");
        assertThatThrownBy(() -> spark.read().format("jazmin").option("pathGlobFilter", "*.none").load(dir.toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("no file matching");
        assertThatThrownBy(() -> spark.read().format("jazmin").option("secretKey", KEY.text()).option("password", "p")
                .load(dir.toString())).isInstanceOf(JazminValidationException.class).hasMessageContaining("only one of");
    }

    @Test
    void filesWithoutAColumnOfTheSchemaFailNamingTheFile() throws Exception {
        Path mixed = Files.createDirectories(dir.resolve("mixed"));
        JazminWriter.write(mixed.resolve("a.jzm"), List.of(Column.of("x", ColumnType.INT)), WriteOptions.defaults(),
                List.of(Map.of("x", 1L)).iterator());
        JazminWriter.write(mixed.resolve("b.jzm"), List.of(Column.of("y", ColumnType.INT)), WriteOptions.defaults(),
                List.of(Map.of("y", 1L)).iterator());
        assertThatThrownBy(() -> spark.read().format("jazmin").load(mixed.toString()).collectAsList())
                .hasStackTraceContaining("b.jzm: its columns disagree with those of").hasStackTraceContaining("no column 'x'");
    }
}
