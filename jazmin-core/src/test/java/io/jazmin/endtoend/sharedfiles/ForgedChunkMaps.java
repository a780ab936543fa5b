package io.jazmin.endtoend.sharedfiles;

import io.jazmin.internal.catalog.AccessInfo;
import io.jazmin.internal.catalog.ChunkMap;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.OwnerCatalog;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableIndexes;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Trailer;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.schema.Codec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A new version of a one-table shared file whose full chunk map is replaced by {@code change} of
 * it, as its owner could write it: the map sealed under the version's secrets, a new owner catalog
 * and header pointing at it (digests included), signed again; the key slots are kept. Appended
 * after the old version with a new trailer.
 */
final class ForgedChunkMaps {
    private ForgedChunkMaps() {
    }

    static void rewrite(Path file, JazminKey owner, UnaryOperator<ChunkMap> change) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, bytes.length - Trailer.SIZE);
        try (ByteSource source = ByteSource.open(file);
             OpenedFile opened = FileOpener.open(source, ReadOptions.defaults().withKey(owner))) {
            Header h = opened.header();
            TableIndexes table = OwnerCatalog.decode(opened.sections().read(SectionIds.ownerCatalog(),
                    h.access().ownerCatalog())).tables().get(0);
            ChunkMap map = ChunkMap.decode(opened.sections().read(SectionIds.chunkMap(0), table.chunkMap()));
            SectionWriter sealed = new SectionWriter(Codec.NONE, 0, opened.cipher());

            byte[] raw = change.apply(map).encode();
            SectionRef mapRef = add(out, sealed.catalogSection(SectionIds.chunkMap(0), raw, raw.length));
            raw = new OwnerCatalog(List.of(new TableIndexes(0, table.indexes(), mapRef, table.chunkMapAppended(),
                    table.chunkMapSegment()))).encode();
            SectionRef catalogRef = add(out, sealed.catalogSection(SectionIds.ownerCatalog(), raw, raw.length));
            raw = new Header(h.readerFeatures(), h.writerFeatures(), h.created(), h.modified(), h.appendCount(),
                    h.metadata(), h.tables(), h.keyring(), h.files(),
                    new AccessInfo(h.access().ownerDirectory(), catalogRef), h.deltas()).encode();
            byte[] headerSection = sealed.section(SectionIds.header(), raw, raw.length);
            long headerAt = out.size();
            out.writeBytes(headerSection);

            Trailer trailer = opened.version().trailer();
            byte[] list = Arrays.copyOfRange(bytes, (int) trailer.keyslotsOffset(),
                    (int) (trailer.keyslotsOffset() + trailer.keyslotsLength()));
            byte[] signature = ForgedGrants.sign(owner, opened.version().preamble().fileId(), list, headerSection);
            byte[] signatureSection = new SectionWriter(Codec.NONE, 0).section("signature", signature,
                    signature.length);
            long signatureAt = out.size();
            out.writeBytes(signatureSection);
            out.writeBytes(new Trailer(headerAt, headerSection.length, trailer.keyslotsOffset(),
                    trailer.keyslotsLength(), signatureAt, signatureSection.length).encode());
        }
        Files.write(file, out.toByteArray());
    }

    private static SectionRef add(ByteArrayOutputStream out, byte[] section) {
        SectionRef ref = new SectionRef(out.size(), section.length, SectionReader.sha256(section));
        out.writeBytes(section);
        return ref;
    }
}
