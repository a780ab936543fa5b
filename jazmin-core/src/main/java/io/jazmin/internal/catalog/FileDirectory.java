package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;

/**
 * Proto {@code FileDirectory}: the embedded-file directory section of one file group.
 *
 * @param group   {@code *} or a file-group id
 * @param section the directory section
 */
public record FileDirectory(String group, SectionRef section) implements ProtoMessage {

    public FileDirectory {
        group = Values.text(group);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.string(1, group).message(2, section);
    }

    /** Decodes a {@code FileDirectory} message body. */
    public static FileDirectory decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "FileDirectory");
        String group = "";
        SectionRef section = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> group = r.string();
                case 2 -> section = SectionRef.decode(r.message());
                default -> r.skip();
            }
        }
        return new FileDirectory(group, section);
    }
}
