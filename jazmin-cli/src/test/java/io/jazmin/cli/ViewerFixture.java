package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.testing.SharedFiles;
import io.jazmin.viewer.Viewer;
import io.jazmin.viewer.ViewerFile;
import io.jazmin.viewer.ViewerRequest;
import io.jazmin.viewer.ViewerResponse;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A viewer serving a copy of an interop case, with every request's parameters and every answer
 * recorded (to check that no secret ever crosses), closed with the test.
 */
final class ViewerFixture implements AutoCloseable {
    /** The shape the fixtures save: the row count and the first two ids. */
    static final String SHAPE = "{\"n\":{\"$count\":true},\"top\":{\"$rows\":\"id\",\"$sort\":[\"id\"],\"$limit\":2}}";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    final Path file;
    final JazminReader reader;
    final ViewerServer server;
    /** Every request (path and parameters) and answer (headers and body) the viewer saw, as text. */
    final List<String> exchanges = new ArrayList<>();

    private ViewerFixture(Path file, ReadOptions options, int port) {
        this.file = file;
        this.reader = JazminReader.open(file, options);
        Viewer viewer = new Viewer(List.of(ViewerFile.of(file.getFileName().toString(), file, options, reader)));
        this.server = ViewerServer.start(request -> record(request, viewer.answer(request)), port);
    }

    /** Serves {@code file} opened with {@code options}. */
    static ViewerFixture serve(Path file, ReadOptions options) {
        return new ViewerFixture(file, options, 0);
    }

    /**
     * Serves a copy of the {@code js-files-key} case, with the files of {@link #withFiles}, opened
     * with its key (the case's {@code keyText}).
     */
    static ViewerFixture keyCase(Path dir) throws IOException {
        String keyText = secretOf("js-files-key", "key");
        Path jzm = withFiles("js-files-key", dir, Files.writeString(dir.resolve("key.txt"), keyText));
        return serve(jzm, ReadOptions.defaults().withKey(io.jazmin.key.JazminKey.parse(keyText)));
    }

    /** Records the exchange; the body, streamed or not, is written out here and answered from the copy. */
    private synchronized ViewerResponse record(ViewerRequest request, ViewerResponse answer) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try {
            answer.body().writeTo(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        exchanges.add(request.path() + " " + request.params() + " -> " + answer.status() + " " + answer.contentType()
                + " " + answer.headers() + " " + body.toString(StandardCharsets.ISO_8859_1));
        return new ViewerResponse(answer.status(), answer.contentType(), answer.headers(),
                ViewerResponse.Body.of(body.toByteArray()));
    }

    /** Every exchange so far, joined. */
    synchronized String allExchanges() {
        return String.join("\n", exchanges);
    }

    /** The case's key text of view {@code as} ({@code keyText} or {@code accessKeyText}). */
    static String secretOf(String caseName, String as) throws IOException {
        JsonNode spec = JSON.readTree(SharedFiles.conformanceCase(caseName).resolve("case.json").toFile());
        for (JsonNode view : spec.get("views")) {
            if (view.get("as").asString().equals(as)) {
                return view.has("keyText") ? view.get("keyText").asString() : view.get("accessKeyText").asString();
            }
        }
        throw new IllegalStateException("case " + caseName + " has no view " + as);
    }

    /**
     * A copy of case {@code caseName} in {@code dir} with, added through the CLI: a PNG image, a
     * text file, an HTML page, a text file its actions forbid saving, and the saved shape {@link #SHAPE}.
     *
     * @param keyFile the file's key in a file, or {@code null} for a plain case
     */
    static Path withFiles(String caseName, Path dir, Path keyFile) throws IOException {
        Path jzm = Files.copy(SharedFiles.conformanceCase(caseName).resolve("data.jzm"), dir.resolve(caseName + ".jzm"));
        Path png = Files.write(dir.resolve("dot.png"), png());
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello from the viewer\n");
        Path html = Files.writeString(dir.resolve("page.html"), "<script>alert(1)</script>");
        Path shape = Files.writeString(dir.resolve("shape.json"), SHAPE);
        List<String> key = keyFile == null ? List.of() : List.of("--key-file", keyFile.toString());
        run(key, "add-file", jzm.toString(), "img/dot.png=" + png, "notes.txt=" + text, "page.html=" + html);
        run(key, "add-file", jzm.toString(), "locked.txt=" + text, "--actions", "{\"save\":false}");
        run(key, "shapes", "save", jzm.toString(), "--name", "ids", "--shape", shape.toString());
        return jzm;
    }

    private static void run(List<String> key, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(key);
        CliRun run = CliRun.of(all.toArray(String[]::new));
        assertThat(run.code()).as(run.err()).isZero();
    }

    /** A 40 x 30 PNG, red with a blue square. */
    static byte[] png() throws IOException {
        BufferedImage image = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 30; y++) {
            for (int x = 0; x < 40; x++) {
                image.setRGB(x, y, x > 10 && x < 30 && y > 5 && y < 25 ? 0x2040ff : 0xe02020);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    @Override
    public void close() {
        server.close();
        reader.close();
    }
}
