package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminIoException;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.source.HttpSource;
import io.jazmin.source.SourceChangedException;
import io.jazmin.source.Sources;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.FlushPointFiles;
import io.jazmin.testing.RangeServer;
import io.jazmin.testing.RangeServer.Behaviour;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Files read over HTTP with {@code Range} requests ({@link HttpSource}) from a real server on a
 * loopback port: the requests and bytes a point lookup and a two-column filter cost (with and
 * without column flush points), a file replaced between two reads, and servers that ignore ranges,
 * lie about them or stall, which must end in a typed error, never a hang or a heap filled.
 */
class HttpSourceTest {
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final List<List<Object>> DATA = FlushPointFiles.rows(100_000);
    private static final WriteOptions PLAIN = WriteOptions.defaults().withChunkRows(5_000).withNow(NOW)
            .withColumnFlushPoints(false);
    private static final byte[] FLUSHED_FILE = FlushPointFiles.file(DATA, PLAIN.withColumnFlushPoints(true));
    private static final byte[] PLAIN_FILE = FlushPointFiles.file(DATA, PLAIN);
    private static final Filter LOOKUP = Filter.eq("id", 12_345L);
    private static final Filter TWO_COLUMNS = Filter.eq("country", "DE").and(Filter.gt("age", 60L));
    private static final AtomicInteger PATHS = new AtomicInteger();
    @RegisterExtension
    static final RangeServer server = RangeServer.start();

    private static URI serve(byte[] file, Behaviour behaviour) {
        return server.serve("/f" + PATHS.incrementAndGet() + ".jzm", file, behaviour);
    }

    /** What one query cost: requests and bytes asked of the server. */
    private record Cost(long requests, long bytes) {
        static Cost of(HttpSource s, Cost before) {
            return new Cost(s.requests() - before.requests, s.bytesRequested() - before.bytes);
        }

        static Cost now(HttpSource s) {
            return new Cost(s.requests(), s.bytesRequested());
        }
    }

    @Test
    void lookupAndTwoColumnFilterAskOnlyForWhatTheyRead(TestReporter reporter) {
        Row want = JazminReader.open(FLUSHED_FILE).table().find(LOOKUP).findFirst().orElseThrow();
        long wantCount = JazminReader.open(FLUSHED_FILE).table().count(TWO_COLUMNS);
        Map<String, Object> report = new TreeMap<>();
        Cost[] flushed = null;
        for (byte[] file : List.of(FLUSHED_FILE, PLAIN_FILE)) {
            String which = file == FLUSHED_FILE ? "flush points" : "no flush points";
            HttpSource source = HttpSource.to(serve(file, Behaviour.HONEST)).open();
            Cost open = Cost.now(source);
            try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
                Cost before = Cost.now(source);
                List<Row> found = reader.table().find(LOOKUP).toList();
                Cost lookup = Cost.of(source, before);
                before = Cost.now(source);
                long count = reader.table().count(TWO_COLUMNS);
                Cost filter = Cost.of(source, before);

                assertThat(found).hasSize(1);
                assertThat(CanonicalJson.rowText(found.get(0))).isEqualTo(CanonicalJson.rowText(want));
                assertThat(count).isEqualTo(wantCount);
                report.put(which, "file " + file.length + " bytes; open " + open + ", lookup " + lookup
                        + ", two-column filter " + filter);
                if (file == FLUSHED_FILE) {
                    flushed = new Cost[] {lookup, filter};
                    // The lookup reads one of 20 chunks' parts; the filter two of eight columns' streams.
                    assertThat(lookup.bytes()).isLessThan(file.length / 8);
                    assertThat(filter.bytes()).isLessThan(file.length / 3);
                } else {
                    assertThat(flushed[1].bytes()).as("two-column filter with flush points vs whole parts")
                            .isLessThan(filter.bytes() / 2);
                }
            }
        }
        reporter.publishEntry("http bytes requested", report.toString());
        System.out.println("[http bytes requested] " + report);
    }

    @Test
    void encryptedFileOverHttpReadsWithItsKey() {
        JazminKey key = JazminKey.generate();
        byte[] file = FlushPointFiles.file(DATA.subList(0, 3_000), PLAIN.withColumnFlushPoints(true).withKey(key));
        URI url = serve(file, Behaviour.HONEST);
        try (JazminReader reader = JazminReader.open(Sources.url(url), ReadOptions.defaults().withKey(key))) {
            assertThat(reader.table().count(TWO_COLUMNS))
                    .isEqualTo(JazminReader.open(file, ReadOptions.defaults().withKey(key)).table().count(TWO_COLUMNS));
        }
        assertThatThrownBy(() -> JazminReader.open(Sources.url(url), ReadOptions.defaults()))
                .isInstanceOf(JazminException.class);
    }

    @Test
    void fileReplacedBetweenTwoReadsIsATypedError() {
        for (Behaviour behaviour : List.of(Behaviour.HONEST, Behaviour.IGNORES_IF_MATCH)) {
            URI url = serve(FLUSHED_FILE, behaviour);
            try (JazminReader reader = JazminReader.open(HttpSource.to(url).open(), ReadOptions.defaults())) {
                server.replace(url.getPath(), PLAIN_FILE);
                assertThatThrownBy(() -> reader.table().count(TWO_COLUMNS)).as(behaviour.name())
                        .isInstanceOf(JazminIoException.class)
                        .hasCauseInstanceOf(SourceChangedException.class)
                        .hasMessageContaining(url.getPath())
                        .hasMessageContaining("open it again");
            }
        }
    }

    @Test
    void isCurrentAsksTheServerWhetherTheFileKeptItsVersion() {
        byte[] small = FlushPointFiles.file(DATA.subList(0, 3_000), PLAIN);
        byte[] other = FlushPointFiles.file(DATA.subList(0, 3_001), PLAIN);
        for (Behaviour behaviour : List.of(Behaviour.HONEST, Behaviour.IGNORES_IF_MATCH, Behaviour.IGNORES_RANGES)) {
            URI url = serve(small, behaviour);
            HttpSource source = HttpSource.to(url).open();
            try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
                Cost before = Cost.now(source);
                long received = source.bytesReceived();
                assertThat(reader.isCurrent()).as(behaviour.name()).isTrue();
                assertThat(Cost.of(source, before).requests()).as(behaviour.name()).isEqualTo(1);
                if (behaviour == Behaviour.HONEST) {
                    assertThat(source.bytesReceived()).as("304, no body").isEqualTo(received);
                }
                server.replace(url.getPath(), other);
                assertThat(reader.isCurrent()).as(behaviour.name() + " replaced").isFalse();
                server.replace(url.getPath(), small);
                assertThat(reader.isCurrent()).as(behaviour.name() + " same bytes, a new ETag").isFalse();
            }
        }
        assertThat(JazminReader.open(small).isCurrent()).as("bytes in memory").isTrue();
    }

    @Test
    void serverIgnoringRangesIsReadWholeOnceWithinItsLimit() {
        URI url = serve(PLAIN_FILE, Behaviour.IGNORES_RANGES);
        HttpSource source = countTwoColumnsOver(url);
        assertThat(source.requests()).isEqualTo(1);
        assertThat(source.bytesReceived()).isEqualTo(PLAIN_FILE.length);

        assertThatThrownBy(() -> HttpSource.to(url).wholeBodyLimit(PLAIN_FILE.length - 1).open())
                .isInstanceOf(JazminIoException.class).hasMessageContaining("at most " + (PLAIN_FILE.length - 1));
    }

    @Test
    void aConnectionClosedBeforeItsAnswerIsAskedAgainOnce() {
        HttpSource source = countTwoColumnsOver(serve(PLAIN_FILE, Behaviour.DROPS_EVERY_THIRD));
        assertThat(source.requests()).as("the dropped ones asked again").isGreaterThan(3);
    }

    /** The source of {@code url} (serving {@link #PLAIN_FILE}) after counting {@link #TWO_COLUMNS} over it, as read locally. */
    private static HttpSource countTwoColumnsOver(URI url) {
        HttpSource source = HttpSource.to(url).open();
        try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
            assertThat(reader.table().count(TWO_COLUMNS))
                    .isEqualTo(JazminReader.open(PLAIN_FILE).table().count(TWO_COLUMNS));
        }
        return source;
    }

    @Test
    void lyingOrStalledServersFailTypedAndInTime() {
        for (Behaviour behaviour : List.of(Behaviour.SHIFTED_RANGE, Behaviour.WRONG_TOTAL, Behaviour.EXTRA_BYTES,
                Behaviour.STALLS, Behaviour.ENDLESS_BODY)) {
            URI url = serve(PLAIN_FILE, behaviour);
            long started = System.nanoTime();
            assertThatThrownBy(() -> {
                try (JazminReader reader = JazminReader.open(HttpSource.to(url).timeout(Duration.ofMillis(1_500))
                        .wholeBodyLimit(1 << 20).open(), ReadOptions.defaults())) {
                    reader.table().count(TWO_COLUMNS);
                }
            }).as(behaviour.name()).isInstanceOf(JazminIoException.class).hasMessageContaining(url.getPath());
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as(behaviour.name())
                    .isLessThan(Duration.ofSeconds(20));
        }
    }

    @Test
    void nameHidesCredentialsAndQueryWhichStillReachTheServer() {
        URI served = serve(PLAIN_FILE, Behaviour.HONEST);
        URI url = URI.create("http://ann:s3cret@127.0.0.1:" + served.getPort() + served.getPath()
                + "?X-Signature=abc123#frag");
        try (HttpSource source = HttpSource.to(url).open()) {
            assertThat(source.name()).isEqualTo(served.toString()).doesNotContain("s3cret", "abc123", "ann");
            assertThat(source.toString()).doesNotContain("s3cret", "abc123");
            assertThat(server.lastAuthorization()).isEqualTo("Basic "
                    + Base64.getEncoder().encodeToString("ann:s3cret".getBytes(StandardCharsets.UTF_8)));
        }
        URI missing = server.url("/missing.jzm?token=abc123");
        assertThatThrownBy(() -> Sources.url(missing)).isInstanceOf(JazminIoException.class)
                .hasMessageContaining("404").hasMessageNotContaining("abc123");
        assertThatThrownBy(() -> HttpSource.to(URI.create("ftp://127.0.0.1/x.jzm")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
