package io.jazmin.internal.section;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.compress.CopiedStreams;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.FlushedDeflate;
import io.jazmin.internal.compress.SectionPayload;
import io.jazmin.internal.parallel.FanOut;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.internal.wire.StoredPayload;
import io.jazmin.schema.Codec;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * Deflate chunk parts with column flush points read from a local source (issue 33): checked whole
 * in the reader thread's buffer, their payload holding copies of the wanted streams only; another
 * stream is copied from the part read and checked again, and must come from the part first checked.
 */
class CopiedStreamsReadTest {
    private static final String ID = "0/chunk/0/*";
    private static final int STREAMS = 3;
    private static final byte[] RAW = new byte[STREAMS * 3000];
    private static final int[] STARTS = {0, 3000, 6000};

    static {
        Random random = new Random(33);
        for (int i = 0; i < RAW.length; i++) {
            RAW[i] = (byte) ('a' + random.nextInt(8));
        }
    }

    private static final FlushedDeflate.Flushed FLUSHED = FlushedDeflate.deflate(6, RAW, RAW.length, STARTS,
            FanOut.CALLER_ONLY);
    private static final FlushPoints POINTS = new FlushPoints(STARTS, FLUSHED.storedOffsets());
    private static final byte[] SECTION = new SectionWriter(Codec.DEFLATE, 6).section(ID,
            new StoredPayload(1, RAW.length, FLUSHED.bytes(), 0, FLUSHED.bytes().length, 0));

    /** A file of a preamble's room, the section twice (parts 0 and 1), and some bytes the version ends at. */
    private static byte[] file() {
        byte[] file = new byte[Preamble.SIZE + 2 * SECTION.length + 40];
        System.arraycopy(SECTION, 0, file, Preamble.SIZE, SECTION.length);
        System.arraycopy(SECTION, 0, file, Preamble.SIZE + SECTION.length, SECTION.length);
        return file;
    }

    private static SectionReader reader(byte[] file) {
        return new SectionReader(ByteSource.of(file), file.length - 40);
    }

    private static SectionPayload read(SectionReader reader, int part, int... wanted) {
        BitSet streams = new BitSet();
        Arrays.stream(wanted).forEach(streams::set);
        return reader.readLazily(ID, Preamble.SIZE + (long) part * SECTION.length, SECTION.length, null, null, POINTS,
                streams);
    }

    private static byte[] rawStream(int k) {
        return Arrays.copyOfRange(RAW, STARTS[k], k + 1 < STREAMS ? STARTS[k + 1] : RAW.length);
    }

    /** File offset of a byte inside stream {@code k}'s stored bytes of part 0. */
    private static int insideStream(int k) {
        return Preamble.SIZE + SectionEnvelope.SIZE + FLUSHED.storedOffsets()[k] + 2;
    }

    @Test
    void aStreamNotWantedIsReadAndCheckedAgainWhenAskedFor() {
        byte[] file = file();
        SectionReader reader = reader(file);
        SectionPayload payload = read(reader, 0, 1);
        assertThat(reader.bytesRead()).isEqualTo(SECTION.length);
        SectionPayload other = read(reader, 1, 0, 1, 2); // the thread's buffer now holds part 1
        assertThat(payload.stream(1)).as("the copy outlives the buffer").isEqualTo(rawStream(1));
        assertThat(reader.bytesRead()).isEqualTo(2L * SECTION.length);
        payload.prefetch(bitsOf(0, 2));
        assertThat(reader.bytesRead()).as("both missing streams from one read").isEqualTo(3L * SECTION.length);
        assertThat(payload.stream(0)).isEqualTo(rawStream(0));
        assertThat(payload.stream(2)).isEqualTo(rawStream(2));
        assertThat(reader.bytesRead()).isEqualTo(3L * SECTION.length);
        assertThat(other.stream(2)).isEqualTo(rawStream(2));
    }

    @Test
    void aHeldPartIsGivenBackOnlyOnceNoInflateReadsIt() {
        byte[] stored = FLUSHED.bytes().clone();
        int[] givenBack = {0};
        CopiedStreams held = CopiedStreams.held(stored, 0, stored.length, RAW.length, POINTS, bitsOf(0, 1, 2),
                streams -> {
                    throw new AssertionError("read again");
                }, () -> givenBack[0]++);
        assertThat(held.pin(1)).isNotNull();
        held.letGo(false);
        assertThat(givenBack[0]).as("not while an inflate reads it").isZero();
        assertThat(held.pin(2)).as("nothing more read there once let go").isNull();
        held.unpin();
        assertThat(givenBack[0]).isEqualTo(1);
        held.letGo(true);
        assertThat(givenBack[0]).as("once").isEqualTo(1);
    }

    @Test
    void aHeldPartLetGoKeepsCopiesOfTheWantedStreamsOnlyWhenAsked() {
        byte[] stored = FLUSHED.bytes().clone();
        CopiedStreams held = CopiedStreams.held(stored, 0, stored.length, RAW.length, POINTS, bitsOf(0, 2),
                streams -> {
                    throw new AssertionError("read again: " + streams);
                }, () -> Arrays.fill(stored, (byte) 0));
        SectionPayload payload = SectionPayload.copied(held, stored.length, RAW.length, POINTS);
        byte[] prefix = new byte[100];
        payload.streamPrefix(1, prefix.length, prefix); // read where it lies, nothing copied
        assertThat(prefix).isEqualTo(Arrays.copyOf(rawStream(1), prefix.length));
        payload.letGo(true); // the buffer wiped as it is given back
        assertThat(payload.stream(0)).isEqualTo(rawStream(0));
        assertThat(payload.stream(2)).isEqualTo(rawStream(2));
        assertThatThrownBy(() -> payload.stream(1)).isInstanceOf(AssertionError.class).hasMessageContaining("{1}");
    }

    @Test
    void theWantedStreamsAreTheBytesChecked() {
        byte[] file = file();
        SectionPayload payload = read(reader(file), 0, 1);
        file[insideStream(1)] ^= 0x01; // changed in place after the check: the copy is what was checked
        assertThat(payload.stream(1)).isEqualTo(rawStream(1));
    }

    @Test
    void damageFoundWhenAStreamIsReadAgain() {
        byte[] file = file();
        SectionPayload payload = read(reader(file), 0, 1);
        file[insideStream(0)] ^= 0x01;
        assertThatThrownBy(() -> payload.stream(0)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("CRC-32 mismatch").hasMessageContaining(ID);
    }

    @Test
    void aPartReadAgainMustBeThePartFirstChecked() {
        byte[] file = file();
        SectionPayload payload = read(reader(file), 0, 1);
        // Another part that checks: a stored byte changed and the envelope's CRC-32 made to match it.
        file[insideStream(0)] ^= 0x01;
        CRC32 crc = new CRC32();
        crc.update(file, Preamble.SIZE + SectionEnvelope.SIZE, SECTION.length - SectionEnvelope.SIZE);
        SectionEnvelope env = SectionEnvelope.decode(SECTION, 0);
        ByteWriter w = new ByteWriter(SectionEnvelope.SIZE);
        new SectionEnvelope(env.codec(), env.flags(), env.rawLength(), env.payloadLength(), crc.getValue()).encode(w);
        System.arraycopy(w.toByteArray(), 0, file, Preamble.SIZE, SectionEnvelope.SIZE);
        assertThatThrownBy(() -> payload.stream(0)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("chunk part changed on disk since it was first read").hasMessageContaining(ID);
    }

    @Test
    void pointsOutsideThePartAreRefusedBeforeAnyCopy() {
        byte[] file = file();
        FlushPoints outside = new FlushPoints(STARTS, new int[] {0, FLUSHED.storedOffsets()[1], SECTION.length});
        BitSet all = bitsOf(0, 1, 2);
        assertThatThrownBy(() -> reader(file).readLazily(ID, Preamble.SIZE, SECTION.length, null, null, outside, all))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("lies outside the section");
    }

    private static BitSet bitsOf(int... streams) {
        BitSet out = new BitSet();
        Arrays.stream(streams).forEach(out::set);
        return out;
    }
}
