package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.schema.Storage;
import io.jazmin.internal.crypto.KeySlots;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.wire.Trailer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.TableData;

/**
 * Measures which bytes of a file its current version references (spec §1.24): the preamble, the
 * header, the trailer and every section reachable from the catalog ({@link LiveSections}).
 * Everything else is dead: what earlier versions' headers, trailers, deleted-row lists and deltas
 * left behind, and an interrupted append's tail. Reads the catalog sections (directories, statistics refs, index
 * directories, deltas) but no chunk.
 */
public final class StorageReport {
    private final OpenedFile file;
    /** Live byte ranges: start → end, merged so that nothing is counted twice. */
    private final TreeMap<Long, Long> ranges = new TreeMap<>();

    private StorageReport(OpenedFile file) {
        this.file = file;
    }

    /** The storage figures of the opened version of a file of {@code fileBytes} bytes. */
    public static Storage of(OpenedFile file, long fileBytes) {
        return new StorageReport(file).measure(fileBytes);
    }

    private Storage measure(long fileBytes) {
        FileVersion version = file.version();
        Header header = file.header();
        Trailer trailer = version.trailer();
        long versionEnd = version.trailerOffset() + Trailer.SIZE;
        add(0, Preamble.SIZE);
        add(version.trailerOffset(), Trailer.SIZE);
        add(trailer.headerOffset(), trailer.headerLength());
        add(trailer.keyslotsOffset(), trailer.keyslotsLength());
        keySlotPages(trailer);
        add(trailer.signatureOffset(), trailer.signatureLength());
        List<TableData> data = new ArrayList<>();
        for (int t = 0; t < header.tables().size(); t++) {
            data.add(file.table(t));
        }
        for (LiveSections.Section s : LiveSections.of(file, data)) {
            add(s.offset(), s.length());
        }
        List<Storage.Table> tables = new ArrayList<>();
        for (TableData table : data) {
            tables.add(table(table));
        }
        if (header.files() != null) {
            embeddedFiles(header);
        }
        long live = liveBytes();
        // An access key cannot reach the partitions, groups and owner sections it was not granted,
        // nor tell superseded bytes among them: only the tail past the version is known dead.
        boolean holder = file.grant() != null && !file.grant().owner();
        long dead = holder ? fileBytes - versionEnd : fileBytes - live;
        return new Storage(fileBytes, versionEnd, live, dead, fileBytes - live - dead, header.appendCount(),
                version.preamble().has(Preamble.APPENDED), version.recovered(), tables);
    }

    /** The key-slot pages the key-slot list names (unencrypted: every key reads them). */
    private void keySlotPages(Trailer trailer) {
        if (trailer.keyslotsLength() == 0) {
            return;
        }
        SectionReader sections = file.sections();
        byte[] list = sections.openPlain("keyslots", trailer.keyslotsOffset(),
                sections.readWhole("keyslots", trailer.keyslotsOffset(), trailer.keyslotsLength()));
        for (KeySlots.PageRef page : KeySlots.pageRefs(list)) {
            add(page.offset(), page.length());
        }
    }

    private static Storage.Table table(TableData data) {
        TableEntry entry = data.entry();
        long chunkBytes = 0;
        for (ChunkInfo chunk : data.chunks()) {
            chunkBytes += chunk.storedBytes();
        }
        // What the key sees: an access key's partitions only, the owner catalog's indexes for the owner.
        return new Storage.Table(entry.name(), data.rowCount(), data.deletedRowCount(), data.chunks().size(),
                data.segments().size(), data.indexes().size(), chunkBytes);
    }

    /** Embedded-file directories and the block sections they list (spec §1.23). */
    private void embeddedFiles(Header header) {
        int s = header.files().segment();
        for (FileDirectory dir : header.files().directories()) {
            // A key learns nothing of the file groups it does not see, not even their sizes.
            if (dir.section() == null || file.grant() != null && !file.grant().seesFileGroup(dir.group())) {
                continue;
            }
            add(dir.section());
            String id = "files/dir" + ("*".equals(dir.group()) || dir.group().isEmpty() ? "" : "/" + dir.group())
                    + (s == 0 ? "" : "/" + s);
            byte[] json = file.sections().read(id, dir.section());
            addBlocks(json);
        }
    }

    /** Adds every {@code {"offset": n, "length": n}} object of a file directory (its content blocks). */
    private void addBlocks(byte[] json) {
        try (JsonParser p = new JsonFactory().createParser(ObjectReadContext.empty(),
                new String(json, StandardCharsets.UTF_8))) {
            List<long[]> stack = new ArrayList<>();
            String field = null;
            for (JsonToken token = p.nextToken(); token != null; token = p.nextToken()) {
                switch (token) {
                    case START_OBJECT -> stack.add(new long[] {-1, -1});
                    case END_OBJECT -> {
                        long[] o = stack.remove(stack.size() - 1);
                        if (o[0] >= 0 && o[1] >= 0) {
                            add(o[0], o[1]);
                        }
                    }
                    case PROPERTY_NAME -> field = p.currentName();
                    case VALUE_NUMBER_INT -> {
                        if (!stack.isEmpty() && ("offset".equals(field) || "length".equals(field))) {
                            stack.get(stack.size() - 1)["offset".equals(field) ? 0 : 1] = p.getLongValue();
                        }
                    }
                    default -> {
                    }
                }
            }
        } catch (RuntimeException e) {
            throw new JazminFormatException("embedded-file directory is not valid JSON: " + e.getMessage());
        }
    }

    private void add(SectionRef ref) {
        add(ref.offset(), ref.length());
    }

    private void add(long offset, long length) {
        if (length <= 0) {
            return;
        }
        long start = offset;
        long end = offset + length;
        Map.Entry<Long, Long> before = ranges.floorEntry(start);
        if (before != null && before.getValue() >= start) {
            start = before.getKey();
            end = Math.max(end, before.getValue());
        }
        for (Map.Entry<Long, Long> next = ranges.ceilingEntry(start); next != null && next.getKey() <= end;
             next = ranges.ceilingEntry(start)) {
            end = Math.max(end, next.getValue());
            ranges.remove(next.getKey());
        }
        ranges.put(start, end);
    }

    private long liveBytes() {
        long n = 0;
        for (Map.Entry<Long, Long> r : ranges.entrySet()) {
            n += r.getValue() - r.getKey();
        }
        return n;
    }
}
