package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;

/**
 * Proto {@code AccessInfo}: owner-only sections of an access-controlled file.
 *
 * @param ownerDirectory the {@code owner} section, else {@code null}
 * @param ownerCatalog   the {@code owner/catalog} section ({@link OwnerCatalog}), else {@code null}
 */
public record AccessInfo(SectionRef ownerDirectory, SectionRef ownerCatalog) implements ProtoMessage {

    @Override
    public void encode(ProtoWriter out) {
        out.message(1, ownerDirectory).message(2, ownerCatalog);
    }

    /** Decodes an {@code AccessInfo} message body. */
    public static AccessInfo decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "AccessInfo");
        SectionRef ownerDirectory = null;
        SectionRef ownerCatalog = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> ownerDirectory = SectionRef.decode(r.message());
                case 2 -> ownerCatalog = SectionRef.decode(r.message());
                default -> r.skip();
            }
        }
        return new AccessInfo(ownerDirectory, ownerCatalog);
    }
}
