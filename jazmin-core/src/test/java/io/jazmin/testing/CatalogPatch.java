package io.jazmin.testing;

import io.jazmin.schema.Codec;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.wire.Trailer;
import java.io.ByteArrayOutputStream;

/**
 * Crafts hostile variants of a plain file with valid CRCs: new sections are added after the file's
 * bytes, then a new header section and a trailer pointing at it, so the crafted catalog is the one
 * a reader sees (the old catalog stays behind as dead bytes).
 */
public final class CatalogPatch {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private CatalogPatch(byte[] file) {
        out.writeBytes(file);
    }

    /** A patch of {@code file}, whose bytes it keeps unchanged. */
    public static CatalogPatch of(byte[] file) {
        return new CatalogPatch(file);
    }

    /** Adds an uncompressed plain section {@code id} holding {@code raw}; returns where it is. */
    public SectionRef add(String id, byte[] raw) {
        return addWhole(new SectionWriter(Codec.NONE, -1).section(id, raw, raw.length));
    }

    /** Adds a whole section (envelope included) exactly as given; returns where it is. */
    public SectionRef addWhole(byte[] section) {
        SectionRef ref = new SectionRef(out.size(), section.length);
        out.writeBytes(section);
        return ref;
    }

    /** The file with {@code header} as its catalog. */
    public byte[] finish(Header header) {
        return finishWithHeader(add(SectionIds.header(), header.encode()));
    }

    /** The file with the already added section {@code header}, which must be the last added, as its header. */
    public byte[] finishWithHeader(SectionRef header) {
        out.writeBytes(new Trailer(header.offset(), header.length(), 0, 0, 0, 0).encode());
        return out.toByteArray();
    }
}
