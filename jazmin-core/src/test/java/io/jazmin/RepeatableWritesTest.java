package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.options.Priority;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.FlushPointFiles;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same rows, files and options give the same bytes, whether chunks are encoded on the caller's
 * thread or on worker threads, write after write (the interop rule "same bytes written"). Embedded
 * files added while a table is open are where this broke: their blocks went to the file before or
 * after the chunks still being encoded, as the workers' timing fell (two writes of the same rows 6
 * bytes apart); with one thread they always follow every chunk taken so far.
 */
class RepeatableWritesTest {
    private static final List<List<Object>> DATA = FlushPointFiles.rows(3_000);
    private static final WriteOptions BASE = WriteOptions.defaults().withChunkRows(250)
            .withNow(Instant.parse("2026-01-02T03:04:05Z"))
            .withIndex("email", IndexKind.SORTED).withIndex("name", IndexKind.TRIGRAM);
    /** Preamble bytes 8..24: the file id, random in every full write (plain files hold it there only). */
    private static final int FILE_ID = 8;
    private static final int FILE_ID_END = 24;
    /** Writes per way of running: enough for the workers' timing to vary, a few seconds in all. */
    private static final int REPEATS = 6;
    private static final List<WriteOptions> THREADED = List.of(
            BASE.withPriority(Priority.BALANCED),
            BASE.withPriority(Priority.SPEED),
            BASE.withMaxDegreeOfParallelism(4));

    @Test
    void workerThreadsWriteTheBytesOfTheCallersThreadEveryTime() {
        byte[] single = write(BASE.withPriority(Priority.MEMORY));
        assertThat(Arrays.mismatch(write(BASE.withMaxDegreeOfParallelism(1)), single)).as("one thread, another priority")
                .isEqualTo(-1);
        for (WriteOptions options : THREADED) {
            for (int i = 0; i < REPEATS; i++) {
                byte[] threaded = write(options);
                assertThat(threaded.length).as("%s, write %d: length", options.parallelism(), i + 1)
                        .isEqualTo(single.length);
                assertThat(Arrays.mismatch(threaded, single)).as("%s, write %d: first byte that differs",
                        options.parallelism(), i + 1).isEqualTo(-1);
            }
        }
    }

    /**
     * The file's bytes, its random file id zeroed: the rows, an embedded file after 1,100 of them (in
     * the fifth chunk, with four taken) and two more after the last row (the second found stored already).
     */
    private static byte[] write(WriteOptions options) {
        byte[] content = new byte[300_000];
        Arrays.fill(content, (byte) 7);
        byte[] other = new byte[40_000];
        for (int i = 0; i < other.length; i++) {
            other[i] = (byte) (i * 31 + i / 97);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JazminWriter w = JazminWriter.create(out, FlushPointFiles.COLUMNS, options)) {
            for (int r = 0; r < DATA.size(); r++) {
                if (r == 1_100) {
                    w.addFile("mid.bin", other, "application/octet-stream", List.of("*"));
                }
                w.writeValues(DATA.get(r).toArray());
            }
            w.addFile("a.bin", content, "application/octet-stream", List.of("*"));
            w.addFile("b.bin", content, "application/octet-stream", List.of("*"));
            w.finish();
        }
        byte[] file = out.toByteArray();
        Arrays.fill(file, FILE_ID, FILE_ID_END, (byte) 0);
        return file;
    }
}
