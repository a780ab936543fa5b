package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteWriter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes protobuf (proto3) fields the way the JAZMIN reference encoder does: callers write fields
 * in ascending field-number order; default values (0, false, "", empty bytes, empty lists, absent
 * messages) are omitted, except entries of repeated string/bytes fields, which are always written;
 * repeated numerics are packed.
 */
public final class ProtoWriter {
    static final int VARINT = 0;
    static final int FIXED64 = 1;
    static final int LENGTH_DELIMITED = 2;
    static final int FIXED32 = 5;

    /** A writer whose buffer grew past this is not kept for the thread's next message. */
    private static final int KEPT_BYTES = 1 << 20;
    /**
     * Per thread, a writer kept between standalone messages ({@link ProtoMessage#encode()}): an
     * appended file's header lists every segment since the last full write, and was built in a
     * buffer doubled again and again on every append. Taken out while in use, so a nested message
     * gets a new one.
     */
    private static final ThreadLocal<ProtoWriter> KEPT = new ThreadLocal<>();

    /** Repeated message fields of at least this many entries are remembered (see {@link #messages}). */
    private static final int REMEMBERED_ENTRIES = 32;
    /** A field's entries encoded to more bytes than this are not remembered. */
    private static final int REMEMBERED_BYTES = 1 << 18;

    private final ByteWriter out = new ByteWriter();
    /** By field number, the last long repeated message field this writer encoded (see {@link #messages}). */
    private final Map<Integer, Encoded> remembered = new HashMap<>();

    /**
     * A repeated message field as encoded: its entries, where each entry's bytes end (from the
     * field's first tag), and those bytes.
     */
    private record Encoded(ProtoMessage[] entries, int[] ends, byte[] bytes) {
        /** How many of {@code values}' first entries are these entries themselves (the same objects). */
        int sharedPrefix(List<? extends ProtoMessage> values) {
            int n = Math.min(entries.length, values.size());
            int same = 0;
            while (same < n && entries[same] == values.get(same)) {
                same++;
            }
            return same;
        }
    }

    /** This thread's kept writer, emptied, or a new one. */
    static ProtoWriter take() {
        ProtoWriter kept = KEPT.get();
        if (kept == null) {
            return new ProtoWriter();
        }
        KEPT.set(null);
        return kept;
    }

    /** Gives back a writer {@link #take} gave once its bytes are copied out. */
    static void give(ProtoWriter writer) {
        if (writer.out.capacity() <= KEPT_BYTES) {
            writer.out.reset();
            KEPT.set(writer);
        }
    }

    private void tag(int field, int wireType) {
        out.varint((long) field << 3 | wireType);
    }

    /** An unsigned 64-bit field; values must be non-negative. */
    public ProtoWriter uint64(int field, long value) {
        requireUnsigned(field, value);
        if (value != 0) {
            tag(field, VARINT);
            out.varint(value);
        }
        return this;
    }

    /** An unsigned 32-bit field held in a non-negative int. */
    public ProtoWriter uint32(int field, int value) {
        return uint64(field, value);
    }

    /** A signed 64-bit field: a plain two's-complement varint (10 bytes when negative), not zigzag. */
    public ProtoWriter int64(int field, long value) {
        if (value != 0) {
            tag(field, VARINT);
            out.varint(value);
        }
        return this;
    }

    /** An enum field; negative values are sign-extended to 64 bits as protobuf requires. */
    public ProtoWriter enumValue(int field, int value) {
        return int64(field, value);
    }

    public ProtoWriter bool(int field, boolean value) {
        if (value) {
            tag(field, VARINT);
            out.varint(1);
        }
        return this;
    }

    /** A singular string field, omitted when empty. */
    public ProtoWriter string(int field, String value) {
        if (!value.isEmpty()) {
            tag(field, LENGTH_DELIMITED);
            out.utf8(value);
        }
        return this;
    }

    /** A singular bytes field, omitted when empty. */
    public ProtoWriter bytes(int field, byte[] value) {
        if (value.length > 0) {
            tag(field, LENGTH_DELIMITED);
            out.lengthPrefixed(value);
        }
        return this;
    }

    /** A repeated string field; every entry is written, empty ones included. */
    public ProtoWriter strings(int field, List<String> values) {
        for (String s : values) {
            tag(field, LENGTH_DELIMITED);
            out.utf8(s);
        }
        return this;
    }

    /** A repeated bytes field; every entry is written, empty ones included. */
    public ProtoWriter bytesList(int field, List<byte[]> values) {
        for (byte[] b : values) {
            tag(field, LENGTH_DELIMITED);
            out.lengthPrefixed(b);
        }
        return this;
    }

    /** A sub-message field, omitted when {@code null}. */
    public ProtoWriter message(int field, ProtoMessage value) {
        if (value != null) {
            tag(field, LENGTH_DELIMITED);
            embedded(value);
        }
        return this;
    }

    /**
     * A repeated sub-message field. A long one is remembered by field number, and the entries a
     * later field starts with that are the same objects are copied from it instead of encoded
     * again: an append's header lists every segment since the last full write, all but the last
     * one taken over as they were from the header this thread encoded at the previous append. An
     * entry's bytes depend on the entry alone (catalog records are not modified once made), so
     * the bytes are those a new encoding writes.
     */
    public ProtoWriter messages(int field, List<? extends ProtoMessage> values) {
        if (values.size() < REMEMBERED_ENTRIES) {
            for (ProtoMessage m : values) {
                tag(field, LENGTH_DELIMITED);
                embedded(m);
            }
            return this;
        }
        int start = out.size();
        int[] ends = new int[values.size()];
        Encoded before = remembered.get(field);
        int same = before == null ? 0 : before.sharedPrefix(values);
        if (same > 0) {
            out.bytes(before.bytes(), 0, before.ends()[same - 1]);
            System.arraycopy(before.ends(), 0, ends, 0, same);
        }
        for (int i = same; i < ends.length; i++) {
            tag(field, LENGTH_DELIMITED);
            embedded(values.get(i));
            ends[i] = out.size() - start;
        }
        int length = out.size() - start;
        if (length <= REMEMBERED_BYTES) {
            remembered.put(field, new Encoded(values.toArray(new ProtoMessage[0]), ends,
                    Arrays.copyOfRange(out.array(), start, out.size())));
        } else {
            remembered.remove(field);
        }
        return this;
    }

    /**
     * {@code m}'s body with its length before it, written in place: a buffer per sub-message, copied
     * into its parent's at each level, made an appended file's header (a reference per segment
     * appended since the last full write) a fifth of a single save's CPU.
     */
    private void embedded(ProtoMessage m) {
        int at = out.size();
        out.u8(0);
        m.encode(this);
        out.patchLength(at);
    }

    /** A packed repeated uint32 field, omitted when empty; values must be non-negative. */
    public ProtoWriter packedUint32(int field, int[] values) {
        if (values.length == 0) {
            return this;
        }
        int size = 0;
        for (int v : values) {
            requireUnsigned(field, v);
            size += ByteWriter.varintSize(v);
        }
        tag(field, LENGTH_DELIMITED);
        out.varint(size);
        for (int v : values) {
            out.varint(v);
        }
        return this;
    }

    /** A packed repeated uint64 field, omitted when empty; values must be non-negative. */
    public ProtoWriter packedUint64(int field, long[] values) {
        if (values.length == 0) {
            return this;
        }
        long size = 0;
        for (long v : values) {
            requireUnsigned(field, v);
            size += ByteWriter.varintSize(v);
        }
        tag(field, LENGTH_DELIMITED);
        out.varint(size);
        for (long v : values) {
            out.varint(v);
        }
        return this;
    }

    /** The bytes written so far. */
    public byte[] toByteArray() {
        return out.toByteArray();
    }

    private static void requireUnsigned(int field, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("field " + field + ": unsigned value expected, got " + value);
        }
    }
}
