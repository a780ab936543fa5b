package io.jazmin.internal.writer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.schema.Codec;
import io.jazmin.testing.CountingExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SealingOutputTest {
    private static final SectionWriter SECTIONS = new SectionWriter(Codec.DEFLATE, -1);
    private static final int LENGTH = 4000;

    private static byte[] payload(int seed) {
        byte[] raw = new byte[LENGTH];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = (byte) (i % (seed + 7));
        }
        return raw;
    }

    private static byte[] sealed(String id, int seed) {
        return SECTIONS.catalogSection(id, payload(seed), LENGTH);
    }

    @Test
    void sectionsSealedAheadAreAppendedInWriteOrderWithTheBytesOfSectionsSealedInline() {
        CountingExecutor counting = new CountingExecutor(2);
        try {
            List<byte[]> appended = new ArrayList<>();
            // Room for 2 at once: the third announced waits until the first is written.
            SealingOutput out = new SealingOutput(SECTIONS, section -> {
                appended.add(section);
                return new SectionRef(appended.size(), section.length);
            }, 2, counting);
            out.sealAhead("0/index/a/sorted/page/0", payload(1));
            out.sealAhead("0/index/a/sorted/page/1", payload(2));
            out.sealAhead("0/index/b/trigram", payload(3));
            assertEquals(2, counting.count());
            out.write("0/index/a/sorted/page/0", payload(1));
            out.write("0/index/a/sorted/page/1", payload(2));
            SectionRef dir = out.write("0/index/a/sorted", payload(4)); // not announced: sealed here
            out.write("0/index/b/trigram", payload(3));

            assertEquals(3, counting.count());
            assertEquals(3, dir.offset());
            byte[][] expected = {sealed("0/index/a/sorted/page/0", 1), sealed("0/index/a/sorted/page/1", 2),
                sealed("0/index/a/sorted", 4), sealed("0/index/b/trigram", 3)};
            assertEquals(expected.length, appended.size());
            for (int i = 0; i < expected.length; i++) {
                assertArrayEquals(expected[i], appended.get(i), "section " + i);
            }
        } finally {
            counting.close();
        }
    }

    @Test
    void withoutRoomAheadEverySectionIsSealedWhenWritten() {
        AtomicInteger tasks = new AtomicInteger();
        List<byte[]> appended = new ArrayList<>();
        SealingOutput out = new SealingOutput(SECTIONS, section -> {
            appended.add(section);
            return new SectionRef(0, section.length);
        }, 0, task -> tasks.incrementAndGet());
        out.sealAhead("0/index/b/trigram", payload(3));
        out.write("0/index/b/trigram", payload(3));
        assertEquals(0, tasks.get());
        assertEquals(1, appended.size());
        assertArrayEquals(sealed("0/index/b/trigram", 3), appended.get(0));
    }
}
