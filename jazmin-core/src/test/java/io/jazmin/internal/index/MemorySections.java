package io.jazmin.internal.index;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.SectionRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Sections kept in memory for tests: an output that lays them out as a file would (16-byte
 * envelope each) and a loader that, like the real section reader, refuses a reference that does
 * not match a stored section. Payloads can be replaced to simulate damage.
 */
final class MemorySections implements SectionOutput, SectionLoader {
    private static final int ENVELOPE = 16;

    private final Map<String, byte[]> payloads = new LinkedHashMap<>();
    private final Map<String, SectionRef> refs = new LinkedHashMap<>();
    private final List<String> loads = new ArrayList<>();
    private long position = 64;

    @Override
    public SectionRef write(String sectionId, byte[] raw) {
        if (payloads.containsKey(sectionId)) {
            throw new AssertionError("section written twice: " + sectionId);
        }
        SectionRef ref = new SectionRef(position, raw.length + ENVELOPE);
        position += ref.length();
        payloads.put(sectionId, raw.clone());
        refs.put(sectionId, ref);
        return ref;
    }

    @Override
    public byte[] load(String sectionId, SectionRef ref) {
        SectionRef stored = refs.get(sectionId);
        if (stored == null || stored.offset() != ref.offset() || stored.length() != ref.length()) {
            throw new JazminFormatException("no section " + sectionId + " at " + ref.offset() + "+" + ref.length());
        }
        loads.add(sectionId);
        return payloads.get(sectionId).clone();
    }

    /** Section ids in the order they were written. */
    List<String> ids() {
        return List.copyOf(payloads.keySet());
    }

    byte[] payload(String sectionId) {
        return payloads.get(sectionId).clone();
    }

    /** Replaces a stored payload (its reference stays, as a damaged file would have it). */
    void damage(String sectionId, UnaryOperator<byte[]> change) {
        payloads.put(sectionId, change.apply(payloads.get(sectionId).clone()));
    }

    /** Section ids loaded so far, in order. */
    List<String> loads() {
        return List.copyOf(loads);
    }
}
