package io.jazmin.testing;

import io.jazmin.options.ReadOptions;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.wire.Preamble;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import tools.jackson.databind.JsonNode;

/**
 * One folder of {@code ../shared/conformance/cases}: its {@code case.json}, its files and its
 * views (see the conformance README).
 *
 * @param name the folder name
 * @param dir  the folder
 * @param spec the parsed {@code case.json}
 */
public record ConformanceCase(String name, Path dir, JsonNode spec) {

    /** Every case folder holding a {@code case.json}, sorted by name; fails when there are none. */
    public static List<ConformanceCase> all() {
        try (Stream<Path> dirs = Files.list(SharedFiles.cases())) {
            List<ConformanceCase> cases = dirs.filter(d -> Files.isRegularFile(d.resolve("case.json")))
                    .sorted()
                    .map(ConformanceCase::load)
                    .toList();
            if (cases.isEmpty()) {
                throw new IllegalStateException("no conformance cases under " + SharedFiles.cases());
            }
            return cases;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The case of the given folder name. */
    public static ConformanceCase named(String name) {
        return load(SharedFiles.conformanceCase(name));
    }

    private static ConformanceCase load(Path dir) {
        try {
            return new ConformanceCase(dir.getFileName().toString(), dir,
                    CanonicalJson.MAPPER.readTree(Files.readString(dir.resolve("case.json"))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file the reference library wrote. */
    public Path dataFile() {
        return dir.resolve("data.jzm");
    }

    /** The {@code write} options block (a missing node when the case has none). */
    public JsonNode write() {
        return spec.path("write");
    }

    public List<View> views() {
        List<View> views = new ArrayList<>();
        for (JsonNode v : spec.path("views")) {
            views.add(new View(this, v));
        }
        return views;
    }

    /** The rows given to the writer ({@code input.jsonl[.gz]}), when the case stores them. */
    public Optional<Path> inputFile() {
        String input = spec.path("input").asString("");
        Path file = dir.resolve(input);
        return !input.isEmpty() && Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }

    /** The columns given to the writer, when the case stores them. */
    public Optional<Path> schemaFile() {
        Path file = dir.resolve("schema.json");
        return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }

    /** Whether the file is access-controlled (preamble flag ACCESS): owner and access keys alike. */
    public boolean accessControlled() {
        try (InputStream in = Files.newInputStream(dataFile())) {
            return Preamble.decode(in.readNBytes(Preamble.SIZE)).has(Preamble.ACCESS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether any view shows a list or object column (reader feature {@code nested-columns}). */
    public boolean hasNestedColumns() {
        for (View v : views()) {
            for (JsonNode c : v.reference().path("columns")) {
                String type = c.path("type").asString("");
                if (type.equals("list") || type.equals("object")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A text file, gunzipped when its name ends in {@code .gz}. */
    public static BufferedReader openText(Path file) throws IOException {
        return new BufferedReader(new InputStreamReader(openBytes(file), StandardCharsets.UTF_8), 1 << 16);
    }

    /** A file's bytes, gunzipped when its name ends in {@code .gz}. */
    public static InputStream openBytes(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(in, 1 << 16) : in;
    }

    /**
     * One way of opening the case's file.
     *
     * @param owner the case
     * @param spec  the view's entry in {@code case.json}
     */
    public record View(ConformanceCase owner, JsonNode spec) {
        public String name() {
            return spec.path("as").asString();
        }

        /** The table the view shows, or {@code null} for the first one. */
        public String table() {
            return spec.hasNonNull("table") ? spec.get("table").asString() : null;
        }

        public Path expectedFile() {
            return owner.dir().resolve(spec.path("expected").asString());
        }

        /** What the reference reader reported for this view. */
        public JsonNode reference() {
            return spec.path("reference");
        }

        /** The read options of the view: its key, password or access key (none for a plain file). */
        public ReadOptions readOptions() {
            ReadOptions options = ReadOptions.defaults();
            if (spec.has("keyText")) {
                return options.withKey(JazminKey.parse(spec.get("keyText").asString()));
            }
            if (spec.has("password")) {
                return options.withPassword(spec.get("password").asString());
            }
            if (spec.has("accessKeyText")) {
                return options.withAccessKey(AccessKeyText.parse(spec.get("accessKeyText").asString()));
            }
            return options;
        }

        /** The secret the view opens the file with (keyText, accessKeyText or password), or {@code null}. */
        public String secretKind() {
            for (String kind : List.of("keyText", "accessKeyText", "password")) {
                if (spec.has(kind)) {
                    return kind;
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return owner.name() + "/" + name();
        }
    }
}
