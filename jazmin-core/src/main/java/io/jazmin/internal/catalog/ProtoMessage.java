package io.jazmin.internal.catalog;

/** A catalog message that can write itself in protobuf wire format. */
public interface ProtoMessage {

    /** Writes this message's fields (without an outer tag or length) to {@code out}. */
    void encode(ProtoWriter out);

    /** This message's fields as a standalone byte array (a section payload or a sub-message body). */
    default byte[] encode() {
        ProtoWriter out = ProtoWriter.take();
        try {
            encode(out);
            return out.toByteArray();
        } finally {
            ProtoWriter.give(out);
        }
    }
}
