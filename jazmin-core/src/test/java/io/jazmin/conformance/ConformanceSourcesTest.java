package io.jazmin.conformance;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.jazmin.JazminReader;
import io.jazmin.source.RandomAccessSource;
import io.jazmin.source.Sources;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.ConformanceCase.View;
import io.jazmin.testing.RangeServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Every conformance case, opened from a {@link java.nio.channels.SeekableByteChannel}, from bytes in
 * memory and from an HTTP server on loopback answering {@code Range} requests, reads exactly as
 * from its path: every view's rows and reference block ({@link ConformanceReadTest}) and every
 * {@code queries.json} answer, plan included ({@link ConformanceQueryTest}), with the view's key,
 * password or access key. The file we write from each plain case's input (with column flush points
 * where they pay) answers every query over HTTP too: there a query reads only its columns' byte
 * ranges inside chunk parts.
 */
class ConformanceSourcesTest {
    @RegisterExtension
    static final RangeServer server = RangeServer.start();
    /** Our files served so far, by case name. */
    private static final Map<String, URI> SERVED = new ConcurrentHashMap<>();

    /** The ways of opening a case's file other than its path. */
    private static Map<String, Function<ConformanceCase, RandomAccessSource>> sources() {
        return Map.of(
                "channel", c -> Sources.channel(open(c.dataFile()), c.name()),
                "bytes", c -> Sources.bytes(bytes(c.dataFile())),
                "http", c -> Sources.url(server.url("/" + c.name() + "/data.jzm")));
    }

    @TestFactory
    Stream<DynamicNode> everyCaseFromEverySource() throws IOException {
        List<DynamicNode> nodes = new ArrayList<>();
        for (ConformanceCase c : ConformanceCase.all()) {
            server.serve("/" + c.name() + "/data.jzm", bytes(c.dataFile()), RangeServer.Behaviour.HONEST);
            Path queries = c.dir().resolve("queries.json");
            JsonNode entries = Files.isRegularFile(queries) ? CanonicalJson.parse(Files.readString(queries)) : null;
            List<DynamicNode> perSource = new ArrayList<>();
            sources().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(source -> {
                List<DynamicNode> tests = new ArrayList<>();
                for (View view : c.views()) {
                    tests.add(dynamicTest(view.name() + ": every row and the reference block", () -> {
                        try (JazminReader reader = JazminReader.open(source.getValue().apply(c), view.readOptions())) {
                            ConformanceReadTest.assertReadsExactly(view, reader);
                        }
                    }));
                }
                int i = 0;
                for (JsonNode entry : entries == null ? List.<JsonNode>of() : entries) {
                    View view = c.views().stream().filter(v -> v.name().equals(entry.path("as").asString()))
                            .findFirst().orElseThrow();
                    tests.add(dynamicTest("query #" + i++ + " " + entry.path("name").asString(), () -> {
                        try (JazminReader reader = JazminReader.open(source.getValue().apply(c), view.readOptions())) {
                            ConformanceQueryTest.runEntry(entry, view, reader, null);
                        }
                    }));
                }
                perSource.add(dynamicContainer(source.getKey(), tests));
            });
            Optional<View> writable = ConformanceWriteTest.plainView(c);
            if (writable.isPresent() && entries != null) {
                perSource.add(dynamicContainer("http, our file", oursOverHttp(c, writable.get(), entries)));
            }
            nodes.add(dynamicContainer(c.name(), perSource));
        }
        return nodes.stream();
    }

    /** Every entry of a plain view against the file we write from the case's input, read over HTTP. */
    private static Stream<DynamicNode> oursOverHttp(ConformanceCase c, View writable, JsonNode entries)
            throws IOException {
        Path dir = Files.createTempDirectory("jazmin-sources");
        dir.toFile().deleteOnExit();
        Supplier<Path> ours = ConformanceQueryTest.lazyWrite(c, writable, dir.resolve(c.name() + ".jzm"));
        List<DynamicNode> tests = new ArrayList<>();
        int i = 0;
        for (JsonNode entry : entries) {
            String name = entry.path("name").asString();
            View view = c.views().stream().filter(v -> v.name().equals(entry.path("as").asString()))
                    .findFirst().orElseThrow();
            if (view.secretKind() != null) {
                continue; // our files are written plain
            }
            tests.add(dynamicTest("query #" + i++ + " " + name, () -> {
                Path file = ours.get();
                URI url = SERVED.computeIfAbsent(c.name(),
                        n -> server.serve("/ours/" + n + ".jzm", bytes(file), RangeServer.Behaviour.HONEST));
                try (JazminReader reader = JazminReader.open(Sources.url(url), view.readOptions())) {
                    ConformanceQueryTest.runEntry(entry, view, reader,
                            ConformanceQueryTest.KNOWN_PLAN_DIFFERENCES.get(file.getFileName() + ": " + name));
                }
            }));
        }
        return tests.stream();
    }

    private static FileChannel open(Path file) {
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
