package io.jazmin.internal.catalog;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteSpan;

/**
 * Reads protobuf (proto3) fields from a bounded window. Typical use:
 *
 * <pre>{@code
 * ProtoReader r = new ProtoReader(in, "Table");
 * while (r.next()) {
 *     switch (r.field()) {
 *         case 1 -> name = r.string();
 *         default -> r.skip();
 *     }
 * }
 * }</pre>
 *
 * Every value method checks the wire type of the current field; a mismatch, a reserved wire type
 * (3, 4, 6, 7) or a length past the window is a {@link JazminFormatException}. Repeated numerics are
 * accepted packed and unpacked. Later occurrences of a singular field replace earlier ones.
 */
public final class ProtoReader {
    private static final int MAX_FIELD = (1 << 29) - 1;

    private final ByteReader in;
    private final String message;
    private int field;
    private int wireType;

    /**
     * @param in      the message bytes; the reader consumes all of them
     * @param message the proto message name, used in error messages
     */
    public ProtoReader(ByteReader in, String message) {
        this.in = in;
        this.message = message;
    }

    /** Reads the next tag; returns {@code false} at the end of the message. */
    public boolean next() {
        if (!in.hasRemaining()) {
            return false;
        }
        long tag = in.varint();
        if (tag >>> 3 == 0 || tag >>> 3 > MAX_FIELD) {
            throw error("invalid field number " + Long.toUnsignedString(tag >>> 3));
        }
        field = (int) (tag >>> 3);
        wireType = (int) (tag & 7);
        return true;
    }

    /** The field number of the current field. */
    public int field() {
        return field;
    }

    /** Skips the current field's value (an unknown field). */
    public void skip() {
        switch (wireType) {
            case ProtoWriter.VARINT -> in.varint();
            case ProtoWriter.FIXED64 -> in.skip(8);
            case ProtoWriter.LENGTH_DELIMITED -> in.skip(in.length());
            case ProtoWriter.FIXED32 -> in.skip(4);
            default -> throw error("field " + field + " has unsupported wire type " + wireType);
        }
    }

    /** An unsigned 64-bit value; values of 2^63 and above are refused (no offset or count gets that big). */
    public long uint64() {
        expect(ProtoWriter.VARINT);
        return checkUint64(in.varint());
    }

    /** An unsigned 32-bit value that must also fit a non-negative {@code int}. */
    public int uint32() {
        expect(ProtoWriter.VARINT);
        return checkUint32(in.varint());
    }

    /** An unsigned 32-bit value kept whole (section lengths may reach 2^32 − 1). */
    public long uint32AsLong() {
        expect(ProtoWriter.VARINT);
        return checkUint32Long(in.varint());
    }

    /** A signed 64-bit value (plain two's-complement varint). */
    public long int64() {
        expect(ProtoWriter.VARINT);
        return in.varint();
    }

    /** An enum value (int32, sign-extended on the wire). */
    public int enumValue() {
        expect(ProtoWriter.VARINT);
        long v = in.varint();
        if (v != (int) v) {
            throw error("field " + field + ": enum value out of range");
        }
        return (int) v;
    }

    public boolean bool() {
        expect(ProtoWriter.VARINT);
        return in.varint() != 0;
    }

    /** A strict UTF-8 string. */
    public String string() {
        expect(ProtoWriter.LENGTH_DELIMITED);
        return in.utf8(in.length());
    }

    public byte[] bytes() {
        expect(ProtoWriter.LENGTH_DELIMITED);
        return in.bytes(in.length());
    }

    /** A bytes field as a view of the message's array (not copied: it must never change). */
    public ByteSpan bytesView() {
        expect(ProtoWriter.LENGTH_DELIMITED);
        return in.span(in.length());
    }

    /** The body of a sub-message as a bounded window. */
    public ByteReader message() {
        expect(ProtoWriter.LENGTH_DELIMITED);
        return in.slice(in.length());
    }

    /** Adds one unpacked value or a whole packed run of uint64 values to {@code into}. */
    public void repeatedUint64(NumberList into) {
        readRepeated(into, Width.UINT64);
    }

    /** Adds one unpacked value or a whole packed run of uint32 values (each fitting an int) to {@code into}. */
    public void repeatedUint32(NumberList into) {
        readRepeated(into, Width.UINT32);
    }

    /** Adds one unpacked value or a whole packed run of uint32 values (full 32-bit range) to {@code into}. */
    public void repeatedUint32AsLong(NumberList into) {
        readRepeated(into, Width.UINT32_LONG);
    }

    private enum Width { UINT64, UINT32, UINT32_LONG }

    private void readRepeated(NumberList into, Width width) {
        if (wireType == ProtoWriter.VARINT) {
            into.add(check(in.varint(), width));
            return;
        }
        expect(ProtoWriter.LENGTH_DELIMITED);
        // Each varint takes at least one byte, so the list can never outgrow the packed length.
        ByteReader packed = in.slice(in.length());
        into.reserve(packed.varintsLeft());
        while (packed.hasRemaining()) {
            into.add(check(packed.varint(), width));
        }
    }

    /**
     * Adds one unpacked value (checked to fit an int) or a packed run of uint32 values to {@code into},
     * which keeps a field's one packed run undecoded ({@link Uint32List}).
     */
    public void repeatedUint32(Uint32List.Builder into) {
        if (wireType == ProtoWriter.VARINT) {
            into.add(checkUint32(in.varint()));
            return;
        }
        expect(ProtoWriter.LENGTH_DELIMITED);
        into.addRun(in.span(in.length()));
    }

    private long check(long v, Width width) {
        return switch (width) {
            case UINT64 -> checkUint64(v);
            case UINT32 -> checkUint32(v);
            case UINT32_LONG -> checkUint32Long(v);
        };
    }

    private long checkUint64(long v) {
        if (v < 0) {
            throw error("field " + field + ": value " + Long.toUnsignedString(v) + " out of range");
        }
        return v;
    }

    private int checkUint32(long v) {
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw error("field " + field + ": value " + Long.toUnsignedString(v) + " out of range");
        }
        return (int) v;
    }

    private long checkUint32Long(long v) {
        if (v < 0 || v > 0xFFFF_FFFFL) {
            throw error("field " + field + ": value " + Long.toUnsignedString(v) + " is not a uint32");
        }
        return v;
    }

    private void expect(int wanted) {
        if (wireType != wanted) {
            throw error("field " + field + " has wire type " + wireType + ", expected " + wanted);
        }
    }

    private JazminFormatException error(String detail) {
        return new JazminFormatException("catalog message " + message + ": " + detail);
    }
}
