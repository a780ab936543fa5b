package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code Header}: payload of the {@code header} section.
 *
 * @param readerFeatures features a reader must understand
 * @param writerFeatures features a writer must preserve
 * @param created        creation time, epoch milliseconds
 * @param modified       time of the last append, epoch milliseconds; 0 if never appended
 * @param appendCount    number of appends
 * @param metadata       application metadata (JSON object text; empty means {@code {}})
 * @param tables         the tables, at least one
 * @param keyring        HKDF salts of encrypted files, else {@code null}
 * @param files          embedded files, else {@code null}
 * @param access         owner sections of access-controlled files, else {@code null}
 * @param deltas         {@link Delta} sections, oldest first
 */
public record Header(List<String> readerFeatures, List<String> writerFeatures, long created, long modified,
                     int appendCount, String metadata, List<TableEntry> tables, Keyring keyring, FilesInfo files,
                     AccessInfo access, List<SectionRef> deltas) implements ProtoMessage {

    public Header {
        readerFeatures = Values.list(readerFeatures);
        writerFeatures = Values.list(writerFeatures);
        metadata = Values.text(metadata);
        tables = Values.list(tables);
        deltas = Values.list(deltas);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.strings(1, readerFeatures).strings(2, writerFeatures).int64(3, created).int64(4, modified)
                .uint32(5, appendCount).string(6, metadata).messages(7, tables).message(8, keyring)
                .message(9, files).message(10, access).messages(11, deltas);
    }

    /** Decodes a section payload. */
    public static Header decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /** Decodes a {@code Header} message body. */
    public static Header decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "Header");
        List<String> readerFeatures = new ArrayList<>();
        List<String> writerFeatures = new ArrayList<>();
        long created = 0;
        long modified = 0;
        int appendCount = 0;
        String metadata = "";
        List<TableEntry> tables = new ArrayList<>();
        Keyring keyring = null;
        FilesInfo files = null;
        AccessInfo access = null;
        List<SectionRef> deltas = new ArrayList<>();
        while (r.next()) {
            switch (r.field()) {
                case 1 -> readerFeatures.add(r.string());
                case 2 -> writerFeatures.add(r.string());
                case 3 -> created = r.int64();
                case 4 -> modified = r.int64();
                case 5 -> appendCount = r.uint32();
                case 6 -> metadata = r.string();
                case 7 -> tables.add(TableEntry.decode(r.message()));
                case 8 -> keyring = Keyring.decode(r.message());
                case 9 -> files = FilesInfo.decode(r.message());
                case 10 -> access = AccessInfo.decode(r.message());
                case 11 -> deltas.add(SectionRef.decode(r.message()));
                default -> r.skip();
            }
        }
        return new Header(readerFeatures, writerFeatures, created, modified, appendCount, metadata, tables, keyring,
                files, access, deltas);
    }
}
