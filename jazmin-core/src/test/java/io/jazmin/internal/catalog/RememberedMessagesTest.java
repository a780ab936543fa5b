package io.jazmin.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A writer that copies the entries of a long repeated message field it encoded before
 * ({@link ProtoWriter#messages}) writes the bytes a new writer writes: whether the entries are
 * the same objects, equal objects, changed, fewer or more, and under a field number another
 * message's entries used before.
 */
class RememberedMessagesTest {
    private static final int LONG = 40;

    private static List<SectionRef> refs(int count, long from) {
        List<SectionRef> refs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            refs.add(new SectionRef(from + 1000L * i, 17 + i % 300));
        }
        return refs;
    }

    private static byte[] fresh(Partition p) {
        ProtoWriter w = new ProtoWriter();
        p.encode(w);
        return w.toByteArray();
    }

    private static byte[] with(ProtoWriter w, Partition p) {
        int at = w.toByteArray().length;
        p.encode(w);
        byte[] all = w.toByteArray();
        return java.util.Arrays.copyOfRange(all, at, all.length);
    }

    @Test
    void entriesTakenOverAreCopiedAndTheRestEncoded() {
        ProtoWriter w = new ProtoWriter();
        List<SectionRef> first = refs(LONG, 5);
        Partition before = new Partition(new byte[0], first);
        assertThat(with(w, before)).isEqualTo(fresh(before));

        List<SectionRef> appended = new ArrayList<>(first);
        appended.add(new SectionRef(1L << 40, 99_999));
        Partition after = new Partition(new byte[0], appended);
        assertThat(with(w, after)).isEqualTo(fresh(after));
    }

    @Test
    void changedEqualFewerAndOtherEntries() {
        ProtoWriter w = new ProtoWriter();
        List<SectionRef> first = refs(LONG, 5);
        with(w, new Partition(new byte[0], first));

        List<SectionRef> changed = new ArrayList<>(first);
        changed.set(10, new SectionRef(first.get(10).offset(), first.get(10).length())); // equal, not the same
        changed.set(20, new SectionRef(7, 1_000_000)); // another value, longer
        Partition p = new Partition(new byte[0], changed);
        assertThat(with(w, p)).isEqualTo(fresh(p));

        Partition fewer = new Partition(new byte[0], changed.subList(0, LONG - 5));
        assertThat(with(w, fewer)).isEqualTo(fresh(fewer));

        Partition other = new Partition(new byte[0], refs(LONG + 3, 1L << 33));
        assertThat(with(w, other)).isEqualTo(fresh(other));

    }

    @Test
    void aHeaderWhoseTableAndDeltasUseOneFieldNumber() {
        // Header.deltas and TableEntry.indexes are both field 11: each list is copied only from itself.
        ProtoWriter w = new ProtoWriter();
        List<IndexRef> indexes = new ArrayList<>();
        for (SectionRef r : refs(LONG, 3)) {
            indexes.add(new IndexRef("id", IndexRef.SORTED, r, indexes.size()));
        }
        List<SectionRef> deltas = refs(LONG, 11);
        Header h = header(indexes, deltas);
        assertThat(withHeader(w, h)).isEqualTo(h.encode());
        indexes.add(new IndexRef("id", IndexRef.SORTED, new SectionRef(1L << 35, 65), LONG));
        deltas = new ArrayList<>(deltas);
        deltas.add(new SectionRef(1L << 36, 70));
        Header next = header(indexes, deltas);
        assertThat(withHeader(w, next)).isEqualTo(withHeader(new ProtoWriter(), next));
    }

    private static Header header(List<IndexRef> indexes, List<SectionRef> deltas) {
        TableEntry table = new TableEntry("", 1, List.of(), List.of(), "", 10, 0, LONG, List.of(), null, indexes, null);
        return new Header(List.of(), List.of(), 1, 2, LONG, "", List.of(table), null, null, null, deltas);
    }

    private static byte[] withHeader(ProtoWriter w, Header h) {
        int at = w.toByteArray().length;
        h.encode(w);
        byte[] all = w.toByteArray();
        return java.util.Arrays.copyOfRange(all, at, all.length);
    }
}
