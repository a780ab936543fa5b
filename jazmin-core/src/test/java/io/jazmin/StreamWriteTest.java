package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminIoException;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.source.Sources;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.FlushPointFiles;
import io.jazmin.testing.Written;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole files written to an {@link OutputStream} or a {@link java.nio.channels.WritableByteChannel}
 * ({@link JazminWriter#create(OutputStream, List, WriteOptions)}): the bytes a path gets, nothing
 * sent when the write fails or is aborted, a failing stream a typed error.
 */
class StreamWriteTest {
    private static final List<List<Object>> DATA = FlushPointFiles.rows(3_000);
    /** The default priority: chunks encoded on worker threads give the same bytes ({@link RepeatableWritesTest}). */
    private static final WriteOptions OPTIONS = WriteOptions.defaults().withChunkRows(500)
            .withNow(Instant.parse("2026-01-02T03:04:05Z"));
    /** Preamble bytes 8..24: the file id, random in every full write. */
    private static final int FILE_ID = 8;
    private static final int FILE_ID_END = 24;

    @Test
    void streamGetsTheBytesAPathGets() {
        byte[] viaPath = withEmbeddedTwice(null);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] viaStream = withEmbeddedTwice(out);
        assertThat(viaStream).hasSize(viaPath.length);
        // Two writes differ only in their random file id (plain files hold it in the preamble only).
        Arrays.fill(viaPath, FILE_ID, FILE_ID_END, (byte) 0);
        Arrays.fill(viaStream, FILE_ID, FILE_ID_END, (byte) 0);
        assertThat(viaStream).isEqualTo(viaPath);
    }

    /** A file with the same embedded bytes stored twice (the second found stored: the writer rewinds). */
    private static byte[] withEmbeddedTwice(ByteArrayOutputStream out) {
        byte[] content = new byte[300_000];
        Arrays.fill(content, (byte) 7);
        if (out == null) {
            return Written.file(FlushPointFiles.COLUMNS, DATA, OPTIONS, w -> {
                w.addFile("a.bin", content, "application/octet-stream", List.of("*"));
                w.addFile("b.bin", content, "application/octet-stream", List.of("*"));
            });
        }
        try (JazminWriter w = JazminWriter.create(out, FlushPointFiles.COLUMNS, OPTIONS)) {
            for (List<Object> row : DATA) {
                w.writeValues(row.toArray());
            }
            w.addFile("a.bin", content, "application/octet-stream", List.of("*"));
            w.addFile("b.bin", content, "application/octet-stream", List.of("*"));
            assertThat(out.size()).as("nothing sent before finish").isZero();
            w.finish();
        }
        return out.toByteArray();
    }

    @Test
    void encryptedFileToAChannelReadsBackWithItsKey(@TempDir Path dir) throws IOException {
        JazminKey key = JazminKey.generate();
        Path file = dir.resolve("out.jzm");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
             JazminWriter w = JazminWriter.create(channel, FlushPointFiles.COLUMNS, OPTIONS.withKey(key))) {
            for (List<Object> row : DATA) {
                w.writeValues(row.toArray());
            }
            w.finish();
            assertThat(channel.isOpen()).as("the caller's channel stays open").isTrue();
        }
        try (JazminReader reader = JazminReader.open(Sources.channel(FileChannel.open(file), "out.jzm"),
                ReadOptions.defaults().withKey(key))) {
            List<String> rows = reader.table().rows().map(CanonicalJson::rowText).toList();
            assertThat(rows).hasSize(DATA.size());
            List<String> want = JazminReader.open(Written.file(FlushPointFiles.COLUMNS, DATA, OPTIONS)).table().rows()
                    .map(CanonicalJson::rowText).collect(Collectors.toList());
            assertThat(rows).isEqualTo(want);
        }
    }

    @Test
    void abortedWriteSendsNothingAndAFailingStreamIsATypedError() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JazminWriter w = JazminWriter.create(out, FlushPointFiles.COLUMNS, OPTIONS)) {
            w.writeValues(DATA.get(0).toArray());
        }
        assertThat(out.size()).isZero();

        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("disk full");
            }
        };
        JazminWriter w = JazminWriter.create(broken, FlushPointFiles.COLUMNS, OPTIONS);
        w.writeValues(DATA.get(0).toArray());
        assertThatThrownBy(w::finish).isInstanceOf(JazminIoException.class)
                .hasMessageContaining("the output stream").hasMessageContaining("disk full");
    }
}
