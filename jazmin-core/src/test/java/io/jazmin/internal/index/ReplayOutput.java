package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.internal.catalog.SectionRef;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A section output that expects exactly the sections of a reference file, in the reference's
 * order and with byte-identical raw payloads, and answers each write with the reference's own
 * section reference (so directories that list offsets can be compared byte for byte too).
 */
final class ReplayOutput implements SectionOutput {
    record Expected(String id, SectionRef ref, byte[] raw) {
    }

    private final Deque<Expected> expected = new ArrayDeque<>();

    void expect(String id, SectionRef ref, byte[] raw) {
        expected.add(new Expected(id, ref, raw));
    }

    @Override
    public SectionRef write(String sectionId, byte[] raw) {
        Expected next = expected.poll();
        assertNotNull(next, "unexpected extra section " + sectionId);
        assertEquals(next.id(), sectionId, "section order");
        assertEquals(next.raw().length, raw.length, "raw length of " + sectionId);
        assertArrayEquals(next.raw(), raw, "raw payload of " + sectionId);
        return next.ref();
    }

    void assertDone() {
        assertTrue(expected.isEmpty(), () -> "sections not written: " + expected.stream().map(Expected::id).toList());
    }
}
